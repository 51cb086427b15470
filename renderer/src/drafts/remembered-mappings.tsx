// The remembered column mappings of imports: a list (each with its headings and choices, when it
// was last used, Change… and Forget) and the change of one, saved without importing.
import { useState } from 'react';
import { useStore } from 'zustand';
import { isItemField } from '../../../shared/items/item-fields.ts';
import { fieldWords } from '../i18n/describe-error.ts';
import { useFormatter, useMessage, useT } from '../i18n/intl.ts';
import { useModalDialog } from '../navigation/use-modal-dialog.ts';
import type { ColumnMapping } from './drafts-state.ts';
import { MappingTable } from './import-mapping.tsx';
import type { MappingEdit, MappingsStore } from './mappings-store.ts';

function MappingEditDialog({ edit, onSave, onCancel }: { edit: MappingEdit; onSave(mapping: ColumnMapping): void; onCancel(): void }) {
  const t = useT();
  const ref = useModalDialog();
  const [mapping, setMapping] = useState<ColumnMapping>(edit.mapping);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="mapping-edit-title" onCancel={(e) => { e.preventDefault(); onCancel(); }}>
      <h2 id="mapping-edit-title">{t('mappings.edit.title')}</h2>
      <p className="import-summary">{t('mappings.edit.summary')}</p>
      <MappingTable headings={edit.headings} unknown={edit.unknown} mapping={mapping} onChange={setMapping} />
      <div className="dialog-actions">
        <span className="spacer" />
        <button type="button" onClick={onCancel}>{t('common.cancel')}</button>
        <button type="button" className="primary" onClick={() => onSave(mapping)}>{t('mappings.edit.save')}</button>
      </div>
    </dialog>
  );
}

function RememberedList({ store }: { store: MappingsStore }) {
  const t = useT();
  const say = useMessage();
  const format = useFormatter();
  const ref = useModalDialog();
  const list = useStore(store, (s) => s.list);
  const choice = (field: string | null) => (field !== null && isItemField(field) ? say(fieldWords(field)) : t('mappings.leftOut'));
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="mappings-title" onCancel={(e) => { e.preventDefault(); store.closeList(); }}>
      <h2 id="mappings-title">{t('mappings.list.title')}</h2>
      <p>{t('mappings.list.intro')}</p>
      {list.length === 0 ? <p className="hint">{t('mappings.list.empty')}</p> : (
        <table className="report-table">
          <thead><tr><th>{t('mappings.list.headings')}</th><th>{t('mappings.list.choices')}</th><th>{t('mappings.list.used')}</th><th /></tr></thead>
          <tbody>
            {list.map((entry) => {
              const headings = entry.headings.join(', ');
              return (
                <tr key={entry.key}>
                  <td>{headings}</td>
                  <td>{Object.entries(entry.mapping).map(([heading, field]) => `${heading} → ${choice(field)}`).join('; ')}</td>
                  <td>{format.dateTime(entry.updated)}</td>
                  <td>
                    <button type="button" aria-label={t('mappings.list.changeFor', { headings })} onClick={() => store.editRemembered(entry)}>{t('mappings.list.change')}</button>
                    {' '}
                    <button type="button" aria-label={t('mappings.list.forgetFor', { headings })} onClick={() => void store.forget(entry.key)}>{t('mappings.list.forget')}</button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <div className="dialog-actions">
        <span className="spacer" />
        <button type="button" className="primary" autoFocus onClick={() => store.closeList()}>{t('common.close')}</button>
      </div>
    </dialog>
  );
}

/** The list and the change dialog, as the store says (mounted once, beside the import dialogs). */
export function RememberedMappings({ store }: { store: MappingsStore }) {
  const open = useStore(store, (s) => s.open);
  const editing = useStore(store, (s) => s.editing);
  return (
    <>
      {open && <RememberedList store={store} />}
      {editing && <MappingEditDialog key={editing.headings.join('\t')} edit={editing} onSave={(mapping) => void store.save(mapping)} onCancel={() => store.cancelEdit()} />}
    </>
  );
}
