// The grid toolbar's Actions menu: a menu button (WAI-ARIA menu pattern: Enter, Space or ↓ opens
// it on the first item, ↑/↓/Home/End move, Enter runs, Escape closes and gives the focus back).
import { useEffect, useRef, useState } from 'react';
import type { BulkAction } from '../../../shared/ipc/contract.ts';
import { useT } from '../i18n/intl.ts';
import type { MessageId } from '../i18n/messages.ts';
import type { BulkActionsStore } from './bulk-actions-store.ts';

const ITEMS: Array<{ action: BulkAction; label: MessageId; keys?: string }> = [
  { action: 'publish', label: 'bulkActions.menu.publish', keys: 'Control+Shift+P' },
  { action: 'schedule', label: 'bulkActions.menu.schedule' },
  { action: 'close', label: 'bulkActions.menu.close' },
  { action: 'relist', label: 'bulkActions.menu.relist' },
  { action: 'delete', label: 'bulkActions.menu.delete' },
];

/** A menu entry of another domain's (the staggered schedule: rules/schedule-dialog.tsx). */
export interface ExtraMenuItem {
  id: string;
  label: MessageId;
  run(): void;
}

export function ActionsMenu({ store, extra = [] }: { store: BulkActionsStore; extra?: readonly ExtraMenuItem[] }) {
  const t = useT();
  const items = [...ITEMS.map((item) => ({ ...item, id: item.action as string, run: () => void store.getState().open(item.action) })), ...extra.map((e) => ({ ...e, keys: undefined }))];
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const [active, setActive] = useState(0);

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  const run = (item: (typeof items)[number]) => {
    // The button has the keyboard while the item's dialog opens: the dialog gives it back there on Esc.
    close(true);
    item.run();
  };
  const onMenuKey = (event: React.KeyboardEvent) => {
    const last = items.length - 1;
    const moves: Record<string, number> = { ArrowDown: (active + 1) % items.length, ArrowUp: (active + last) % items.length, Home: 0, End: last };
    if (event.key in moves) setActive(moves[event.key] as number);
    else if (event.key === 'Escape' || event.key === 'Tab') close(event.key === 'Escape');
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <div className="actions-menu" onBlur={(e) => { if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false); }}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls="bulk-actions-menu"
        title={t('bulkActions.menu.label')}
        onClick={() => { setActive(0); setOpen(!open); }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setActive(e.key === 'ArrowUp' ? items.length - 1 : 0);
            setOpen(true);
          }
        }}
      >
        {t('bulkActions.menu')} ▾
      </button>
      {open && (
        <div id="bulk-actions-menu" role="menu" aria-label={t('bulkActions.menu.label')} className="menu" onKeyDown={onMenuKey}>
          {items.map((item, i) => (
            <button
              key={item.id}
              ref={(el) => { itemRefs.current[i] = el; }}
              type="button"
              role="menuitem"
              tabIndex={i === active ? 0 : -1}
              aria-keyshortcuts={item.keys}
              onClick={() => run(item)}
            >
              {t(item.label)}{item.keys && <kbd className="shortcut">Ctrl+Shift+P</kbd>}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
