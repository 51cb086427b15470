// The template manager: the account's templates in a list (↑/↓ choose, Enter edits, Delete
// removes after a confirmation), and the chosen one's name, values and description with its
// placeholders. New templates from scratch or from the grid's focused draft.
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { ItemFieldName } from '../../../shared/items/item-fields.ts';
import { isItemField } from '../../../shared/items/item-fields.ts';
import { useCategories } from '../categories/categories.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import { useT } from '../i18n/intl.ts';
import { fieldLabelId } from '../i18n/translate.ts';
import { TemplateEditor } from './template-editor.tsx';
import type { TemplatesStore } from './templates-store.ts';
import { BusyButton } from '../a11y/busy-button.tsx';

export function TemplateManager({ store, drafts, onClose }: { store: TemplatesStore; drafts: DraftsStore; onClose(): void }) {
  const t = useT();
  const { templates, editing, busy } = useStore(store);
  const focusedDraft = useStore(drafts, (s) => s.rows[s.focusRow]);
  const [active, setActive] = useState(0);
  const [confirming, setConfirming] = useState<number | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const categories = useCategories();
  const { actions } = store;

  useEffect(() => {
    const dialog = dialogRef.current;
    dialog?.showModal();
    void actions.load();
    return () => dialog?.close();
  }, [actions]);

  const current = templates[Math.min(active, templates.length - 1)];
  const close = () => {
    actions.cancel();
    onClose();
  };

  const onListKey = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(0, Math.min(templates.length - 1, i + (e.key === 'ArrowDown' ? 1 : -1))));
      setConfirming(null);
    } else if (e.key === 'Enter' && current) {
      e.preventDefault();
      actions.edit(current.id);
    } else if (e.key === 'Delete' && current) {
      e.preventDefault();
      setConfirming(current.id);
    }
  };

  const fromDraft = async () => {
    if (!focusedDraft) return;
    const title = typeof focusedDraft.fields.title === 'string' && focusedDraft.fields.title !== '' ? focusedDraft.fields.title : null;
    const name = title ? t('templates.manager.fromDraft.name', { title }) : t('templates.manager.fromDraft.untitled', { localId: focusedDraft.localId });
    await actions.fromDraft(focusedDraft.localId, name.slice(0, 60));
  };

  const fieldNames = (fields: Record<string, unknown>) => Object.keys(fields).filter(isItemField) as ItemFieldName[];
  const confirmed = templates.find((x) => x.id === confirming);

  return (
    <dialog ref={dialogRef} className="dialog wide template-manager" aria-labelledby="templates-title" onCancel={(e) => { e.preventDefault(); close(); }}>
      <h2 id="templates-title">{t('templates.manager.title')}</h2>
      <div className="template-manager-body">
        <section className="template-list" aria-label={t('templates.manager.list')}>
          <div className="dialog-actions">
            <BusyButton type="button" onClick={() => actions.startNew()} busy={busy}>{t('templates.manager.new')}</BusyButton>
            <BusyButton type="button" onClick={() => void fromDraft()} busy={busy} disabled={!focusedDraft} title={focusedDraft ? undefined : t('templates.manager.fromDraft.none')}>
              {t('templates.manager.fromDraft')}
            </BusyButton>
          </div>
          {templates.length === 0 ? <p className="muted">{t('templates.manager.empty')}</p> : (
            <ul
              ref={listRef}
              role="listbox"
              tabIndex={0}
              aria-label={t('templates.manager.list')}
              aria-activedescendant={current ? `template-${current.id}` : undefined}
              onKeyDown={onListKey}
              autoFocus
            >
              {templates.map((template, i) => (
                <li
                  key={template.id}
                  id={`template-${template.id}`}
                  role="option"
                  aria-selected={template.id === current?.id}
                  className={template.id === editing?.id ? 'editing' : undefined}
                  onClick={() => {
                    setActive(i);
                    actions.edit(template.id);
                  }}
                >
                  <strong>{template.name}</strong>
                  <span className="muted"> · {t('templates.manager.fieldCount', { count: fieldNames(template.fields).length })}</span>
                  <span className="field-hint">{fieldNames(template.fields).slice(0, 4).map((f) => t(fieldLabelId(f))).join(', ')}</span>
                </li>
              ))}
            </ul>
          )}
          <p className="hint">{t('templates.manager.keys')}</p>
          {current && (
            <BusyButton type="button" onClick={() => setConfirming(current.id)} busy={busy}>{t('templates.manager.delete')}</BusyButton>
          )}
          {confirmed && (
            <div className="refused" role="alertdialog" aria-label={t('templates.manager.delete')}>
              <p>{t('templates.manager.delete.confirm', { name: confirmed.name })}</p>
              <button type="button" className="primary" autoFocus onClick={async () => {
                setConfirming(null);
                await actions.remove(confirmed.id);
                setActive(0);
                listRef.current?.focus();
              }}>{t('templates.manager.delete.yes')}</button>
              <button type="button" onClick={() => {
                setConfirming(null);
                listRef.current?.focus();
              }}>{t('templates.manager.delete.no')}</button>
            </div>
          )}
        </section>
        {editing ? <TemplateEditor store={store} categories={categories} /> : <p className="muted">{t('templates.manager.pick')}</p>}
      </div>
      <div className="dialog-actions">
        <span className="spacer" />
        <button type="button" onClick={close}>{t('common.close')}</button>
      </div>
    </dialog>
  );
}
