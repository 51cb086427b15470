// Price and text rules on the selected drafts: a price rule (set, raise or lower by euros or a
// percentage, an ending such as ,90, a floor and a ceiling; on the price each draft's sale method
// uses) and a text change (find and replace, add before or after, set) in titles or
// descriptions. From the market (issue 39): a figure of the sold prices of each draft's current
// market research (the lower quartile, the median, the upper quartile) times a percentage, with
// the same ending, floor and ceiling. Preview shows every changing draft before and after; Apply
// is one undo step.
import { useState } from 'react';
import { useStore } from 'zustand';
import { parseDecimal } from '../../../shared/format/parse-decimal.ts';
import { fieldWords } from '../i18n/describe-error.ts';
import { useFormatter, useMessage, useT } from '../i18n/intl.ts';
import { msg, type Msg } from '../i18n/messages.ts';
import { Rich } from '../i18n/rich.tsx';
import type { DraftsStore } from './drafts-store.ts';
import { RefusedDrafts } from './refused-drafts.tsx';
import { cancelWhileWriting, WriteOutcome, WriteProgressBar } from './write-progress.tsx';
import type { BulkRules } from './drafts-state.ts';
import { valueWords } from './dialog-values.ts';
import { useModalDialog } from '../navigation/use-modal-dialog.ts';

type PriceOp = 'none' | 'set' | 'raise' | 'lower' | 'market';
type TextOp = 'none' | 'replace' | 'prepend' | 'append' | 'set';

interface Form {
  priceOp: PriceOp;
  basis: 'low' | 'median' | 'high';
  /** Percent of the market's figure. */
  factor: string;
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

const EMPTY: Form = { priceOp: 'none', basis: 'median', factor: '100', amount: '', unit: 'percent', ending: '', floor: '', ceiling: '', textField: 'title', textOp: 'none', find: '', text: '', caseInsensitive: false };

/** Thrown for an amount that is no number: the dialog says so instead of asking the core. */
class NotANumber extends Error {
  constructor(readonly text: string) {
    super(`"${text}" is not a number`);
  }
}

/** A euro amount as the seller types it: `12,90`, `12.90`, `1 200,50`; empty: not given. */
function euros(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = parseDecimal(text);
  if (value === null) throw new NotANumber(text.trim());
  return value;
}

function rulesOf(form: Form): BulkRules {
  const rules: BulkRules = {};
  if (form.priceOp === 'market') {
    const ending = form.ending.trim().replace(/^[,.]/, '');
    const floor = euros(form.floor);
    const ceiling = euros(form.ceiling);
    rules.price = {
      op: 'market', basis: form.basis, factor: (euros(form.factor) ?? 100) / 100,
      ...(ending !== '' ? { ending: euros(ending) } : {}),
      ...(floor !== undefined ? { floor } : {}),
      ...(ceiling !== undefined ? { ceiling } : {}),
    };
  } else if (form.priceOp !== 'none') {
    const value = euros(form.amount);
    const ending = form.ending.trim().replace(/^[,.]/, '');
    const floor = euros(form.floor);
    const ceiling = euros(form.ceiling);
    rules.price = {
      op: form.priceOp,
      ...(form.priceOp !== 'set' && form.unit === 'percent' ? { percent: value } : { amount: value }),
      ...(ending !== '' ? { ending: euros(ending) } : {}),
      ...(floor !== undefined ? { floor } : {}),
      ...(ceiling !== undefined ? { ceiling } : {}),
    };
  }
  if (form.textOp === 'replace') rules.text = [{ field: form.textField, op: 'replace', find: form.find, replace: form.text, caseInsensitive: form.caseInsensitive }];
  else if (form.textOp !== 'none') rules.text = [{ field: form.textField, op: form.textOp, text: form.text }];
  return rules;
}

/** The rules of the form, or the sentence saying which amount is no number. */
function checkedRules(form: Form): { rules: BulkRules } | { error: Msg } {
  try {
    return { rules: rulesOf(form) };
  } catch (error) {
    if (error instanceof NotANumber) return { error: msg('rules.notANumber', { text: error.text }) };
    throw error;
  }
}

export function BulkRulesDialog({ store, onClose }: { store: DraftsStore; onClose(): void }) {
  const t = useT();
  const say = useMessage();
  const format = useFormatter();
  const selectedCount = useStore(store, (s) => s.selected.size);
  const preview = useStore(store, (s) => s.rulesPreview);
  const writing = useStore(store, (s) => s.writeProgress !== null);
  const storeError = useStore(store, (s) => s.dialogError);
  const [form, setForm] = useState<Form>(EMPTY);
  const [formError, setFormError] = useState<Msg | null>(null);
  const dialogError = formError ?? storeError;
  const run = (then: (rules: BulkRules) => void) => {
    const checked = checkedRules(form);
    if ('error' in checked) {
      store.getState().closePreview();
      setFormError(checked.error);
      return;
    }
    setFormError(null);
    then(checked.rules);
  };
  const dialogRef = useModalDialog();
  const update = (next: Partial<Form>) => {
    setForm({ ...form, ...next });
    setFormError(null);
    store.getState().closePreview();
  };
  const close = () => {
    store.getState().closePreview();
    onClose();
  };
  const dismiss = cancelWhileWriting(store, close);
  const fields = preview ? [...new Set(preview.samples.flatMap((s) => Object.keys(s.after)))] : [];

  return (
    <dialog ref={dialogRef} className="dialog wide" aria-labelledby="rules-title" onCancel={(e) => { e.preventDefault(); dismiss(); }}>
      <h2 id="rules-title">{t('rules.title', { count: selectedCount })}</h2>
      <form onSubmit={(e) => { e.preventDefault(); run((rules) => void store.getState().previewRules(rules)); }}>
        <fieldset className="bulk-row">
          <legend>{t('rules.price.legend')}</legend>
          <select aria-label={t('rules.price.rule')} value={form.priceOp} onChange={(e) => update({ priceOp: e.target.value as PriceOp })} autoFocus>
            <option value="none">{t('rules.price.none')}</option>
            <option value="set">{t('rules.price.set')}</option>
            <option value="raise">{t('rules.price.raise')}</option>
            <option value="lower">{t('rules.price.lower')}</option>
            <option value="market">{t('rules.price.market')}</option>
          </select>
          {form.priceOp === 'market' && <>
            <select aria-label={t('rules.market.basis')} value={form.basis} onChange={(e) => update({ basis: e.target.value as Form['basis'] })}>
              <option value="median">{t('rules.market.median')}</option>
              <option value="low">{t('rules.market.low')}</option>
              <option value="high">{t('rules.market.high')}</option>
            </select>
            <label>{t('rules.market.times')} <input aria-label={t('rules.market.factor')} inputMode="decimal" value={form.factor} onChange={(e) => update({ factor: e.target.value })} size={4} /> %</label>
          </>}
          {form.priceOp !== 'none' && <>
            {form.priceOp !== 'market' && <input aria-label={t('rules.amount')} inputMode="decimal" value={form.amount} onChange={(e) => update({ amount: e.target.value })} size={8} />}
            {form.priceOp !== 'set' && form.priceOp !== 'market' && (
              <select aria-label={t('rules.unit')} value={form.unit} onChange={(e) => update({ unit: e.target.value as Form['unit'] })}>
                <option value="percent">%</option>
                <option value="eur">€</option>
              </select>
            )}
            <label>{t('rules.ending')}<input aria-label={t('rules.ending.label')} inputMode="numeric" value={form.ending} placeholder="90" onChange={(e) => update({ ending: e.target.value })} size={3} /></label>
            <label>{t('rules.floor')} <input aria-label={t('rules.floor.label')} inputMode="decimal" value={form.floor} onChange={(e) => update({ floor: e.target.value })} size={7} /> €</label>
            <label>{t('rules.ceiling')} <input aria-label={t('rules.ceiling.label')} inputMode="decimal" value={form.ceiling} onChange={(e) => update({ ceiling: e.target.value })} size={7} /> €</label>
          </>}
          {form.priceOp === 'market' && <p className="hint">{t('rules.market.hint')}</p>}
        </fieldset>
        <fieldset className="bulk-row">
          <legend>{t('rules.text.legend')}</legend>
          <select aria-label={t('rules.text.change')} value={form.textOp} onChange={(e) => update({ textOp: e.target.value as TextOp })}>
            <option value="none">{t('rules.text.none')}</option>
            <option value="replace">{t('rules.text.replace')}</option>
            <option value="prepend">{t('rules.text.prepend')}</option>
            <option value="append">{t('rules.text.append')}</option>
            <option value="set">{t('rules.text.set')}</option>
          </select>
          {form.textOp !== 'none' && <>
            <select aria-label={t('rules.text.field')} value={form.textField} onChange={(e) => update({ textField: e.target.value as Form['textField'] })}>
              <option value="title">{t('rules.text.titles')}</option>
              <option value="description">{t('rules.text.descriptions')}</option>
            </select>
            {form.textOp === 'replace' && <input aria-label={t('rules.find')} value={form.find} onChange={(e) => update({ find: e.target.value })} />}
            <input aria-label={form.textOp === 'replace' ? t('rules.replaceWith') : t('rules.text')} value={form.text} onChange={(e) => update({ text: e.target.value })} />
            {form.textOp === 'replace' && (
              <label><input type="checkbox" checked={form.caseInsensitive} onChange={(e) => update({ caseInsensitive: e.target.checked })} /> {t('rules.ignoreCase')}</label>
            )}
          </>}
        </fieldset>
        {dialogError && <p className="notice error" role="alert">{say(dialogError)}</p>}
        <WriteProgressBar store={store} />
        <WriteOutcome store={store} />
        <div className="dialog-actions">
          <span className="spacer" />
          <button type="submit">{t('bulk.preview')}</button>
          <button type="button" className="primary" disabled={writing || !preview || preview.refused.length > 0 || preview.changing === 0} onClick={() => run((rules) => {
            void store.getState().applyRules(rules).then((ok) => ok && onClose());
          })}>{preview ? t('bulk.applyTo', { count: preview.changing }) : t('bulk.applyTo.none')}</button>
          <button type="button" onClick={dismiss}>{t('common.cancel')}</button>
        </div>
      </form>
      {preview && (
        <section className="preview" aria-label={t('bulk.previewLabel')}>
          <p><Rich id="rules.changing" values={{ changing: preview.changing, selected: preview.selected }} /></p>
          {preview.warnings.map((w) => (
            <p key={w.rule} className="warning" role="status">{t(w.rule === 'price' && form.priceOp === 'market' ? 'rules.warning.market' : `rules.warning.${w.rule}`, { count: w.count })}</p>
          ))}
          <RefusedDrafts refused={preview.refused} what="rules" />
          {preview.samples.length > 0 && (
            <div className="preview-scroll">
              <table className="preview-table">
                <thead><tr><th>{t('bulk.column.draft')}</th>{fields.map((f) => <th key={f}>{t('bulk.column.change', { field: say(fieldWords(f)) })}</th>)}</tr></thead>
                <tbody>
                  {preview.samples.map((s) => (
                    <tr key={s.localId}>
                      <td>{s.title ?? t('bulk.draft', { id: s.localId })}</td>
                      {fields.map((f) => <td key={f}>{f in s.after ? <>{valueWords(t, format, f, s.before[f])} → <strong>{valueWords(t, format, f, s.after[f])}</strong></> : t('common.none')}</td>)}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {preview.changing > preview.samples.length && <p className="more">{t('bulk.more', { count: preview.changing - preview.samples.length })}</p>}
        </section>
      )}
    </dialog>
  );
}
