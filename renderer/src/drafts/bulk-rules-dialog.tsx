// Price and text rules on the selected drafts: a price rule (set, raise or lower by euros or a
// percentage, an ending such as ,90, a floor and a ceiling; on the price each draft's sale method
// uses) and a text change (find and replace, add before or after, set) in titles or
// descriptions. Preview shows every changing draft before and after; Apply is one undo step.
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { DraftsStore } from './drafts-store.ts';
import { RefusedDrafts } from './refused-drafts.tsx';
import type { BulkRules } from './drafts-state.ts';
import { fieldLabel, formatValue } from './columns.ts';

type PriceOp = 'none' | 'set' | 'raise' | 'lower';
type TextOp = 'none' | 'replace' | 'prepend' | 'append' | 'set';

interface Form {
  priceOp: PriceOp;
  amount: string;
  unit: 'eur' | 'percent';
  ending: string;
  floor: string;
  ceiling: string;
  textField: 'title' | 'description';
  textOp: TextOp;
  find: string;
  text: string;
  caseInsensitive: boolean;
}

const EMPTY: Form = { priceOp: 'none', amount: '', unit: 'percent', ending: '', floor: '', ceiling: '', textField: 'title', textOp: 'none', find: '', text: '', caseInsensitive: false };

/** A euro amount as the seller types it: `12,90` or `12.90`; empty: not given. */
function euros(text: string): number | undefined {
  const t = text.trim().replace(',', '.');
  return t === '' ? undefined : Number(t);
}

function rulesOf(form: Form): BulkRules {
  const rules: BulkRules = {};
  if (form.priceOp !== 'none') {
    const value = euros(form.amount);
    const ending = form.ending.trim().replace(/^[,.]/, '');
    rules.price = {
      op: form.priceOp,
      ...(form.priceOp !== 'set' && form.unit === 'percent' ? { percent: value } : { amount: value }),
      ...(ending !== '' ? { ending: Number(ending) } : {}),
      ...(euros(form.floor) !== undefined ? { floor: euros(form.floor) } : {}),
      ...(euros(form.ceiling) !== undefined ? { ceiling: euros(form.ceiling) } : {}),
    };
  }
  if (form.textOp === 'replace') rules.text = [{ field: form.textField, op: 'replace', find: form.find, replace: form.text, caseInsensitive: form.caseInsensitive }];
  else if (form.textOp !== 'none') rules.text = [{ field: form.textField, op: form.textOp, text: form.text }];
  return rules;
}

export function BulkRulesDialog({ store, onClose }: { store: DraftsStore; onClose(): void }) {
  const selectedCount = useStore(store, (s) => s.selected.size);
  const preview = useStore(store, (s) => s.rulesPreview);
  const [form, setForm] = useState<Form>(EMPTY);
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);
  const update = (next: Partial<Form>) => {
    setForm({ ...form, ...next });
    store.getState().closePreview();
  };
  const close = () => {
    store.getState().closePreview();
    onClose();
  };
  const fields = preview ? [...new Set(preview.samples.flatMap((s) => Object.keys(s.after)))] : [];

  return (
    <dialog ref={dialogRef} className="dialog wide" aria-labelledby="rules-title" onCancel={(e) => { e.preventDefault(); close(); }}>
      <h2 id="rules-title">Price and text rules for {selectedCount.toLocaleString()} selected draft{selectedCount === 1 ? '' : 's'}</h2>
      <form onSubmit={(e) => { e.preventDefault(); void store.getState().previewRules(rulesOf(form)); }}>
        <fieldset className="bulk-row">
          <legend>Price (the buy-now price of buy-now drafts, the starting price of auctions)</legend>
          <select aria-label="Price rule" value={form.priceOp} onChange={(e) => update({ priceOp: e.target.value as PriceOp })} autoFocus>
            <option value="none">Leave prices</option>
            <option value="set">Set to</option>
            <option value="raise">Raise by</option>
            <option value="lower">Lower by</option>
          </select>
          {form.priceOp !== 'none' && <>
            <input aria-label="Amount" inputMode="decimal" value={form.amount} onChange={(e) => update({ amount: e.target.value })} size={8} />
            {form.priceOp !== 'set' && (
              <select aria-label="Unit" value={form.unit} onChange={(e) => update({ unit: e.target.value as Form['unit'] })}>
                <option value="percent">%</option>
                <option value="eur">€</option>
              </select>
            )}
            <label>ending in ,<input aria-label="Ending cents" inputMode="numeric" value={form.ending} placeholder="90" onChange={(e) => update({ ending: e.target.value })} size={3} /></label>
            <label>at least <input aria-label="Floor" inputMode="decimal" value={form.floor} onChange={(e) => update({ floor: e.target.value })} size={7} /> €</label>
            <label>at most <input aria-label="Ceiling" inputMode="decimal" value={form.ceiling} onChange={(e) => update({ ceiling: e.target.value })} size={7} /> €</label>
          </>}
        </fieldset>
        <fieldset className="bulk-row">
          <legend>Text</legend>
          <select aria-label="Text change" value={form.textOp} onChange={(e) => update({ textOp: e.target.value as TextOp })}>
            <option value="none">Leave text</option>
            <option value="replace">Find and replace in</option>
            <option value="prepend">Add before</option>
            <option value="append">Add after</option>
            <option value="set">Set</option>
          </select>
          {form.textOp !== 'none' && <>
            <select aria-label="Text field" value={form.textField} onChange={(e) => update({ textField: e.target.value as Form['textField'] })}>
              <option value="title">titles</option>
              <option value="description">descriptions</option>
            </select>
            {form.textOp === 'replace' && <input aria-label="Find" value={form.find} onChange={(e) => update({ find: e.target.value })} />}
            <input aria-label={form.textOp === 'replace' ? 'Replace with' : 'Text'} value={form.text} onChange={(e) => update({ text: e.target.value })} />
            {form.textOp === 'replace' && (
              <label><input type="checkbox" checked={form.caseInsensitive} onChange={(e) => update({ caseInsensitive: e.target.checked })} /> ignore case</label>
            )}
          </>}
        </fieldset>
        <div className="dialog-actions">
          <span className="spacer" />
          <button type="submit">Preview</button>
          <button type="button" className="primary" disabled={!preview || preview.refused.length > 0 || preview.changing === 0} onClick={async () => {
            if (await store.getState().applyRules(rulesOf(form))) onClose();
          }}>Apply to {preview ? preview.changing.toLocaleString() : '…'}</button>
          <button type="button" onClick={close}>Cancel</button>
        </div>
      </form>
      {preview && (
        <section className="preview" aria-label="Preview">
          <p><strong>{preview.changing.toLocaleString()}</strong> of {preview.selected.toLocaleString()} drafts change.</p>
          {preview.warnings.map((w) => (
            <p key={w.rule} className="warning" role="status">{w.count.toLocaleString()} draft{w.count === 1 ? '' : 's'}: {w.message}.</p>
          ))}
          <RefusedDrafts refused={preview.refused} what="the result" />
          {preview.samples.length > 0 && (
            <div className="preview-scroll">
              <table className="preview-table">
                <thead><tr><th>Draft</th>{fields.map((f) => <th key={f}>{fieldLabel(f)}: before → after</th>)}</tr></thead>
                <tbody>
                  {preview.samples.map((s) => (
                    <tr key={s.localId}>
                      <td>{s.title ?? `Draft ${s.localId}`}</td>
                      {fields.map((f) => <td key={f}>{f in s.after ? <>{formatValue(f, s.before[f])} → <strong>{formatValue(f, s.after[f])}</strong></> : '—'}</td>)}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {preview.changing > preview.samples.length && <p className="more">…and {(preview.changing - preview.samples.length).toLocaleString()} more.</p>}
        </section>
      )}
    </dialog>
  );
}
