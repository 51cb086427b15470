// "Columns…": which fields the drafts grid shows, so any field can be compared and edited inline
// across drafts. A disclosure of check boxes: reachable and operable from the keyboard; Escape or a
// click elsewhere closes it.
import { memo, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { isItemField } from '../../../shared/items/item-fields.ts';
import { useT } from '../i18n/intl.ts';
import { fieldLabelId } from '../i18n/translate.ts';
import { isMessageId, type MessageId } from '../i18n/messages.ts';
import type { GridColumnsStore } from './grid-columns-store.ts';
import { ALL_COLUMNS } from './columns.ts';

// Memoised: the toolbar renders on every keystroke of the search, and the chooser's labels (one
// per column) change only with the language or the columns.
export const ColumnChooser = memo(function ColumnChooser({ store }: { store: GridColumnsStore }) {
  const t = useT();
  const columns = useStore(store, (s) => s.columns);
  const shown = new Set(columns.map((c) => c.field));
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const close = () => {
    if (!ref.current) return;
    ref.current.open = false;
    ref.current.querySelector('summary')?.focus();
  };
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) ref.current.open = false;
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  return (
    <details
      ref={ref}
      className="column-chooser"
      onToggle={(e) => setOpen(e.currentTarget.open)}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        close();
      }}
    >
      <summary className="button" title={t('grid.columns.title')}>{t('grid.columns.button')}</summary>
      {/* Made when opened: closed, the panel is some sixty elements nobody sees on the first screen. */}
      {open && <div className="column-panel">
        <fieldset>
          <legend>{t('grid.columns.legend', { shown: columns.length, all: ALL_COLUMNS.length })}</legend>
          {ALL_COLUMNS.map((c) => (
            <label key={c.field}>
              <input
                type="checkbox"
                checked={shown.has(c.field)}
                disabled={c.field === 'title'}
                onChange={(e) => store.getState().setShown(c.field, e.target.checked)}
              />
              {isItemField(c.field) ? t(fieldLabelId(c.field, true)) : isMessageId(`research.column.${c.field}`) ? t(`research.column.${c.field}` as MessageId) : c.label}
            </label>
          ))}
        </fieldset>
        <p className="hint">{t('grid.columns.hint')}</p>
        <button type="button" onClick={() => store.getState().reset()}>{t('grid.columns.reset')}</button>
      </div>}
    </details>
  );
});
