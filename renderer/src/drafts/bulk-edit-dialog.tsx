// Bulk edit: choose fields and values, preview what changes on the selected drafts, apply.
// Undo stays one click (or Ctrl+Z) away after applying.
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useCategories } from '../categories/categories.ts';
import { CategoryPicker } from '../draft-editor/category-picker.tsx';
import type { DraftsStore } from './drafts-store.ts';
import { RefusedDrafts } from './refused-drafts.tsx';
import { BULK_FIELDS, choicesOf, fieldLabel, parseInput } from './columns.ts';
import { previewValue } from './preview-value.ts';

interface Change {
  field: string;
  text: string;
}

export function BulkEditDialog({ store, onClose }: { store: DraftsStore; onClose(): void }) {
  const selectedCount = useStore(store, (s) => s.selected.size);
  const preview = useStore(store, (s) => s.preview);
  const [changes, setChanges] = useState<Change[]>([{ field: 'buyNowPrice', text: '' }]);
  const dialogRef = useRef<HTMLDialogElement>(null);
  // The category is chosen with the editor's 3-level picker, and previewed by name.
  const categories = useCategories();

  useEffect(() => {
    const dialog = dialogRef.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);

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

  return (
    <dialog ref={dialogRef} className="dialog" aria-labelledby="bulk-title" onCancel={(e) => { e.preventDefault(); close(); }}>
      <h2 id="bulk-title">Bulk edit {selectedCount.toLocaleString()} selected draft{selectedCount === 1 ? '' : 's'}</h2>
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
              <select aria-label="Field" value={change.field} onChange={(e) => update(i, { field: e.target.value, text: '' })}>
                {BULK_FIELDS.map((b) => <option key={b.field} value={b.field} disabled={b.field !== change.field && changes.some((c) => c.field === b.field)}>{b.label}</option>)}
              </select>
              {change.field === 'categoryId' ? (
                <CategoryPicker
                  categories={categories}
                  value={change.text === '' ? null : Number(change.text)}
                  required={false}
                  onChange={(id) => update(i, { text: id === null ? '' : String(id) })}
                />
              ) : column && choices ? (
                <select aria-label={`New ${column.label}`} value={change.text} onChange={(e) => update(i, { text: e.target.value })}>
                  <option value="">(clear)</option>
                  {choices.map((o) => <option key={o} value={o}>{o}</option>)}
                </select>
              ) : (
                <input
                  aria-label={`New ${column?.label ?? change.field}`}
                  value={change.text}
                  placeholder={column?.kind === 'list' ? column.options?.join('; ') : 'empty clears the field'}
                  onChange={(e) => update(i, { text: e.target.value })}
                  autoFocus={i === 0}
                />
              )}
              {changes.length > 1 && <button type="button" aria-label="Remove this field" onClick={() => setChanges(changes.filter((_, j) => j !== i))}>✕</button>}
            </div>
          );
        })}
        <div className="dialog-actions">
          <button type="button" onClick={() => setChanges([...changes, { field: BULK_FIELDS.find((b) => !changes.some((c) => c.field === b.field))?.field ?? 'quantity', text: '' }])}>Add field</button>
          <span className="spacer" />
          <button type="submit">Preview</button>
          <button type="button" className="primary" disabled={!preview || preview.refused.length > 0 || preview.changing === 0} onClick={async () => {
            if (await store.getState().applyBulk(values())) onClose();
          }}>Apply to {preview ? preview.changing.toLocaleString() : '…'}</button>
          <button type="button" onClick={close}>Cancel</button>
        </div>
      </form>
      {preview && (
        <section className="preview" aria-label="Preview">
          <p>
            <strong>{preview.changing.toLocaleString()}</strong> of {preview.selected.toLocaleString()} drafts change
            {Object.entries(preview.perField).map(([f, n]) => ` · ${fieldLabel(f)}: ${n.toLocaleString()}`).join('')}.
            {preview.changing < preview.selected && ` ${(preview.selected - preview.changing).toLocaleString()} already hold these values.`}
          </p>
          {preview.warnings.map((w) => (
            <p key={w.field} className="warning" role="status">{fieldLabel(w.field)} applies only to auctions: {w.count.toLocaleString()} selected draft{w.count === 1 ? ' sells' : 's sell'} at a buy-now price and would keep a value it does not use.</p>
          ))}
          <RefusedDrafts refused={preview.refused} what="these values" />
          {preview.samples.length > 0 && (
            <table className="preview-table">
              <thead><tr><th>Draft</th>{Object.keys(preview.perField).map((f) => <th key={f}>{fieldLabel(f)}: before → after</th>)}</tr></thead>
              <tbody>
                {preview.samples.map((s) => (
                  <tr key={s.localId}>
                    <td>{s.title ?? `Draft ${s.localId}`}</td>
                    {Object.keys(preview.perField).map((f) => <td key={f}>{previewValue(f, s.before[f], categories)} → <strong>{previewValue(f, s.after[f], categories)}</strong></td>)}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {preview.changing > preview.samples.length && <p className="more">…and {(preview.changing - preview.samples.length).toLocaleString()} more.</p>}
        </section>
      )}
    </dialog>
  );
}
