// Bulk edit: choose fields and values, preview what changes on the selected drafts, apply.
// Undo stays one click (or Ctrl+Z) away after applying. A refused preview or apply says why
// inside the dialog (it is modal: the grid's notice would be behind its backdrop).
import { useState } from 'react';
import { useStore } from 'zustand';
import { useCategories } from '../categories/categories.ts';
import { CategoryPicker } from '../draft-editor/category-picker.tsx';
import { fieldWords } from '../i18n/describe-error.ts';
import { useFormatter, useMessage, useT } from '../i18n/intl.ts';
import { Rich } from '../i18n/rich.tsx';
import type { DraftsStore } from './drafts-store.ts';
import { RefusedDrafts } from './refused-drafts.tsx';
import { cancelWhileWriting, WriteOutcome, WriteProgressBar } from './write-progress.tsx';
import { BULK_FIELDS, choicesOf, parseInput } from './columns.ts';
import { optionWords } from './dialog-values.ts';
import { previewValue } from './preview-value.ts';
import { useModalDialog } from '../navigation/use-modal-dialog.ts';

interface Change {
  field: string;
  text: string;
}

export function BulkEditDialog({ store, onClose }: { store: DraftsStore; onClose(): void }) {
  const t = useT();
  const say = useMessage();
  const format = useFormatter();
  const selectedCount = useStore(store, (s) => s.selected.size);
  const preview = useStore(store, (s) => s.preview);
  const writing = useStore(store, (s) => s.writeProgress !== null);
  const dialogError = useStore(store, (s) => s.dialogError);
  const [changes, setChanges] = useState<Change[]>([{ field: 'buyNowPrice', text: '' }]);
  const dialogRef = useModalDialog();
  const label = (field: string) => say(fieldWords(field));
  // The category is chosen with the editor's 3-level picker, and previewed by name.
  const categories = useCategories();


  const values = (): Record<string, unknown> =>
    Object.fromEntries(changes.map((c) => {
      const column = BULK_FIELDS.find((b) => b.field === c.field);
      return [c.field, column ? parseInput(column, c.text) : c.text];
    }));

  const update = (index: number, next: Partial<Change>) => {
    setChanges(changes.map((c, i) => (i === index ? { ...c, ...next } : c)));
    store.getState().closePreview();
  };

  const close = () => {
    store.getState().closePreview();
    onClose();
  };
  const dismiss = cancelWhileWriting(store, close);

  return (
    <dialog ref={dialogRef} className="dialog" aria-labelledby="bulk-title" onCancel={(e) => { e.preventDefault(); dismiss(); }}>
      <h2 id="bulk-title">{t('bulk.title', { count: selectedCount })}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void store.getState().previewBulk(values());
        }}
      >
        {changes.map((change, i) => {
          const column = BULK_FIELDS.find((b) => b.field === change.field);
          const choices = column ? choicesOf(column) : null;
          return (
            <div className="bulk-row" key={i}>
              <select aria-label={t('bulk.field')} value={change.field} onChange={(e) => update(i, { field: e.target.value, text: '' })}>
                {BULK_FIELDS.map((b) => <option key={b.field} value={b.field} disabled={b.field !== change.field && changes.some((c) => c.field === b.field)}>{label(b.field)}</option>)}
              </select>
              {change.field === 'categoryId' ? (
                <CategoryPicker
                  categories={categories}
                  value={change.text === '' ? null : Number(change.text)}
                  required={false}
                  onChange={(id) => update(i, { text: id === null ? '' : String(id) })}
                />
              ) : column && choices ? (
                <select aria-label={t('bulk.newValue', { field: label(column.field) })} value={change.text} onChange={(e) => update(i, { text: e.target.value })}>
                  <option value="">{t('bulk.clear')}</option>
                  {choices.map((o) => <option key={o} value={o}>{optionWords(t, column.field, o)}</option>)}
                </select>
              ) : (
                <input
                  aria-label={t('bulk.newValue', { field: label(change.field) })}
                  value={change.text}
                  inputMode={column?.kind === 'number' ? 'decimal' : column?.kind === 'int' ? 'numeric' : undefined}
                  placeholder={column?.kind === 'list' ? column.options?.map((o) => optionWords(t, column.field, o)).join('; ') : t('bulk.emptyClears')}
                  onChange={(e) => update(i, { text: e.target.value })}
                  autoFocus={i === 0}
                />
              )}
              {changes.length > 1 && <button type="button" aria-label={t('bulk.removeField')} onClick={() => setChanges(changes.filter((_, j) => j !== i))}>✕</button>}
            </div>
          );
        })}
        {dialogError && <p className="notice error" role="alert">{say(dialogError)}</p>}
        <WriteProgressBar store={store} />
        <WriteOutcome store={store} />
        <div className="dialog-actions">
          <button type="button" onClick={() => setChanges([...changes, { field: BULK_FIELDS.find((b) => !changes.some((c) => c.field === b.field))?.field ?? 'quantity', text: '' }])}>{t('bulk.addField')}</button>
          <span className="spacer" />
          <button type="submit">{t('bulk.preview')}</button>
          <button type="button" className="primary" disabled={writing || !preview || preview.refused.length > 0 || preview.changing === 0} onClick={async () => {
            if (await store.getState().applyBulk(values())) onClose();
          }}>{preview ? t('bulk.applyTo', { count: preview.changing }) : t('bulk.applyTo.none')}</button>
          <button type="button" onClick={dismiss}>{t('common.cancel')}</button>
        </div>
      </form>
      {preview && (
        <section className="preview" aria-label={t('bulk.previewLabel')}>
          <p>
            <Rich id="bulk.summary" values={{ changing: preview.changing, selected: preview.selected, fields: Object.entries(preview.perField).map(([f, n]) => t('bulk.perField', { field: label(f), count: n })).join(' · ') }} />
            {preview.changing < preview.selected && <> {t('bulk.unchanged', { count: preview.selected - preview.changing })}</>}
          </p>
          {preview.warnings.map((w) => (
            <p key={w.field} className="warning" role="status">{t('bulk.warning.auctionOnly', { field: label(w.field), count: w.count })}</p>
          ))}
          <RefusedDrafts refused={preview.refused} what="values" />
          {preview.samples.length > 0 && (
            <table className="preview-table">
              <thead><tr><th>{t('bulk.column.draft')}</th>{Object.keys(preview.perField).map((f) => <th key={f}>{t('bulk.column.change', { field: label(f) })}</th>)}</tr></thead>
              <tbody>
                {preview.samples.map((s) => (
                  <tr key={s.localId}>
                    <td>{s.title ?? t('bulk.draft', { id: s.localId })}</td>
                    {Object.keys(preview.perField).map((f) => <td key={f}>{previewValue(t, format, f, s.before[f], categories)} → <strong>{previewValue(t, format, f, s.after[f], categories)}</strong></td>)}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {preview.changing > preview.samples.length && <p className="more">{t('bulk.more', { count: preview.changing - preview.samples.length })}</p>}
        </section>
      )}
    </dialog>
  );
}
