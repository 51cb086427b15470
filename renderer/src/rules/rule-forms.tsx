// The Rules screen's forms for rules of any scope: a saved group's, a listing template's, one
// item's (found by its title or SKU) or the shop's. An offer rule is previewed on the offers
// waiting now before it is saved and applied; a saved rule is edited in the same form (its
// Edit button loads it and moves the keyboard there). Keyboard only: every control is a native
// one with its label, the scope a native select with option groups.
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useStore } from 'zustand';
import type { OfferRule, RelistRule, RuleScope } from '../../../shared/ipc-rules.ts';
import { useFormatter, useT } from '../i18n/intl.ts';
import type { RulesStore } from './rules-store.ts';

export const num = (text: string): number | null => {
  const n = Number(text.replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(n) ? null : n;
};
export const minutes = (text: string): number | null => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};
const clock = (m: number | null) => (m === null ? '' : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
const text = (n: number | null) => (n === null ? '' : String(n));

/** The scope select's value: 'shop', 'group:ID', 'template:ID', or 'item' (with the picked item). */
export function scopeValue(rule: { scope: RuleScope; scopeId: number }): string {
  return rule.scope === 'shop' || rule.scope === 'item' ? rule.scope : `${rule.scope}:${rule.scopeId}`;
}

export function parseScope(value: string, itemId: number | null): { scope: RuleScope; scopeId: number } | null {
  if (value === 'shop') return { scope: 'shop', scopeId: 0 };
  if (value === 'item') return itemId === null ? null : { scope: 'item', scopeId: itemId };
  const [kind, id] = value.split(':');
  return (kind === 'group' || kind === 'template') && Number(id) > 0 ? { scope: kind, scopeId: Number(id) } : null;
}

interface ScopeProps {
  store: RulesStore;
  value: string;
  onChange(value: string): void;
  itemId: number | null;
  onItemId(id: number | null): void;
  selectRef?: RefObject<HTMLSelectElement | null>;
}

/** What a rule applies to: the shop, a saved group, a template, or one item found by search. */
export function ScopeField({ store, value, onChange, itemId, onItemId, selectRef }: ScopeProps) {
  const t = useT();
  const groups = useStore(store, (s) => s.groups);
  const templates = useStore(store, (s) => s.templates);
  const found = useStore(store, (s) => s.itemChoices);
  const titles = useStore(store, (s) => s.itemTitles);
  const [search, setSearch] = useState('');
  // The picked item stays a choice while the search finds others (an edited rule's item too).
  const choices = itemId !== null && !found.some((c) => c.localId === itemId) ? [{ localId: itemId, title: titles[itemId] ?? null, sku: null }, ...found] : found;
  return (
    <>
      <label>{t('rules.relist.scope')}
        <select ref={selectRef} value={value} required onChange={(e) => onChange(e.target.value)}>
          <option value="" disabled>{t('rules.scope.choose')}</option>
          <option value="shop">{t('rules.relist.shop')}</option>
          {groups.length > 0 && (
            <optgroup label={t('rules.scope.groups')}>
              {groups.map((g) => <option key={g.id} value={`group:${g.id}`}>{g.name}</option>)}
            </optgroup>
          )}
          {templates.length > 0 && (
            <optgroup label={t('rules.scope.templates')}>
              {templates.map((tpl) => <option key={tpl.id} value={`template:${tpl.id}`}>{tpl.name}</option>)}
            </optgroup>
          )}
          <option value="item">{t('rules.scope.itemOption')}</option>
        </select>
      </label>
      {value === 'item' && (
        <>
          <label>{t('rules.scope.itemSearch')}
            <input type="search" value={search} onChange={(e) => { setSearch(e.target.value); void store.getState().searchItems(e.target.value); }} />
          </label>
          <label>{t('rules.scope.itemPick')}
            <select value={itemId === null ? '' : String(itemId)} required onChange={(e) => onItemId(e.target.value === '' ? null : Number(e.target.value))}>
              <option value="">{choices.length > 0 ? t('rules.scope.itemChoose', { count: choices.length }) : t('rules.scope.itemNone')}</option>
              {choices.map((c) => (
                <option key={c.localId} value={String(c.localId)}>{c.title ?? `#${c.localId}`}{c.sku ? ` (${c.sku})` : ''}</option>
              ))}
            </select>
          </label>
        </>
      )}
    </>
  );
}

/** The scope a form picks (the select's value and, for one item, which item): loaded from an edited rule, read as the rule's target. */
function useScopeChoice(initial: string) {
  const [value, setValue] = useState(initial);
  const [itemId, setItemId] = useState<number | null>(null);
  return {
    field: { value, onChange: setValue, itemId, onItemId: setItemId },
    load(rule: { scope: RuleScope; scopeId: number }) {
      setValue(scopeValue(rule));
      setItemId(rule.scope === 'item' ? rule.scopeId : null);
    },
    target: () => parseScope(value, itemId),
  };
}

/** Whether a rule's amount is a percentage (of the buy-now price; of the price, for relisting's step) or euros. */
function UnitSelect({ label, value, onChange, percentOf = 'buyNow' }: { label: string; value: string; onChange(value: string): void; percentOf?: 'buyNow' | 'price' }) {
  const t = useT();
  return (
    <label>{label}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="percent">{t(percentOf === 'buyNow' ? 'rules.unit.percent' : 'rules.relist.unit.percent')}</option>
        <option value="euro">{t('rules.unit.euro')}</option>
      </select>
    </label>
  );
}

/** Focuses the form's first control when a saved rule of this kind is loaded into it. */
function useEdited<R>(store: RulesStore, kind: 'offer' | 'relist', load: (rule: R) => void, first: RefObject<HTMLSelectElement | null>) {
  const editing = useStore(store, (s) => s.editing);
  const rule = editing?.kind === kind ? (editing.rule as R) : null;
  useEffect(() => {
    if (!rule) return;
    load(rule);
    first.current?.focus();
    // load is a fresh closure each render; the rule alone decides.
  }, [rule]);
  return rule;
}

export function ScopedOfferRuleForm({ store, scopeText }: { store: RulesStore; scopeText: (r: OfferRule) => string }) {
  const t = useT();
  const first = useRef<HTMLSelectElement>(null);
  const scope = useScopeChoice('');
  const [accept, setAccept] = useState('');
  const [acceptUnit, setAcceptUnit] = useState('percent');
  const [refuse, setRefuse] = useState('');
  const [refuseUnit, setRefuseUnit] = useState('percent');
  const [quietFrom, setQuietFrom] = useState('');
  const [quietTo, setQuietTo] = useState('');
  const [enabled, setEnabled] = useState(true);
  const editing = useEdited<OfferRule>(store, 'offer', (r) => {
    scope.load(r);
    setAccept(text(r.acceptPercent ?? r.acceptAmount));
    setAcceptUnit(r.acceptAmount !== null ? 'euro' : 'percent');
    setRefuse(text(r.refusePercent ?? r.refuseAmount));
    setRefuseUnit(r.refuseAmount !== null ? 'euro' : 'percent');
    setQuietFrom(clock(r.quietFrom));
    setQuietTo(clock(r.quietTo));
    setEnabled(r.enabled);
  }, first);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const target = scope.target();
    if (!target) return;
    const a = num(accept);
    const r = num(refuse);
    void store.getState().previewOfferRule({
      ...target,
      acceptPercent: acceptUnit === 'percent' ? a : null, acceptAmount: acceptUnit === 'euro' ? a : null,
      refusePercent: refuseUnit === 'percent' ? r : null, refuseAmount: refuseUnit === 'euro' ? r : null,
      quietFrom: minutes(quietFrom), quietTo: minutes(quietTo), enabled,
    }, 'scoped');
  };
  return (
    <form className="rules-card" onSubmit={submit} aria-labelledby="scoped-offer-title">
      <h3 id="scoped-offer-title">{t('rules.scoped.title')}</h3>
      {editing && <p className="rules-editing">{t('rules.editing', { scope: scopeText(editing) })}</p>}
      <ScopeField store={store} {...scope.field} selectRef={first} />
      <label>{t('rules.offer.acceptValue')}<input inputMode="decimal" value={accept} onChange={(e) => setAccept(e.target.value)} /></label>
      <UnitSelect label={t('rules.offer.acceptUnit')} value={acceptUnit} onChange={setAcceptUnit} />
      <label>{t('rules.offer.refuseValue')}<input inputMode="decimal" value={refuse} onChange={(e) => setRefuse(e.target.value)} /></label>
      <UnitSelect label={t('rules.offer.refuseUnit')} value={refuseUnit} onChange={setRefuseUnit} />
      <label>{t('rules.offer.quietFrom')}<input placeholder="22:00" value={quietFrom} onChange={(e) => setQuietFrom(e.target.value)} /></label>
      <label>{t('rules.offer.quietTo')}<input placeholder="07:00" value={quietTo} onChange={(e) => setQuietTo(e.target.value)} /></label>
      <label><input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />{t('rules.enabled')}</label>
      <button type="submit">{t('rules.offer.preview')}</button>
      {editing && <button type="button" onClick={() => store.getState().edit(null)}>{t('rules.stopEditing')}</button>}
      <OfferRulePreview store={store} form="scoped" />
    </form>
  );
}

export function RelistRuleForm({ store, scopeText }: { store: RulesStore; scopeText: (r: RelistRule) => string }) {
  const t = useT();
  const first = useRef<HTMLSelectElement>(null);
  const scope = useScopeChoice('shop');
  const [times, setTimes] = useState('2');
  const [step, setStep] = useState('10');
  const [stepUnit, setStepUnit] = useState('percent');
  const [floor, setFloor] = useState('');
  const [hour, setHour] = useState('9');
  const [enabled, setEnabled] = useState(true);
  const editing = useEdited<RelistRule>(store, 'relist', (r) => {
    scope.load(r);
    setTimes(String(r.maxTimes));
    setStep(text(r.stepAmount ?? r.stepPercent));
    setStepUnit(r.stepAmount !== null ? 'euro' : 'percent');
    setFloor(text(r.floorPrice));
    setHour(text(r.hour));
    setEnabled(r.enabled);
  }, first);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const target = scope.target();
    if (!target) return;
    // One step kind at a time: the core refuses an amount and a percentage together.
    const stepValue = num(step);
    const steps = stepUnit === 'euro' ? { stepAmount: stepValue, stepPercent: null } : { stepAmount: null, stepPercent: stepValue };
    void store.getState().saveRelistRule({ ...target, maxTimes: num(times) ?? 1, ...steps, floorPrice: num(floor), hour: num(hour), enabled });
  };
  return (
    <form className="rules-card" onSubmit={submit} aria-labelledby="relist-title">
      <h3 id="relist-title">{t('rules.relist.title')}</h3>
      {editing && <p className="rules-editing">{t('rules.editing', { scope: scopeText(editing) })}</p>}
      <ScopeField store={store} {...scope.field} selectRef={first} />
      <label>{t('rules.relist.times')}<input inputMode="numeric" value={times} onChange={(e) => setTimes(e.target.value)} /></label>
      <label>{t('rules.relist.step')}<input inputMode="decimal" value={step} onChange={(e) => setStep(e.target.value)} /></label>
      <UnitSelect label={t('rules.relist.stepUnit')} value={stepUnit} onChange={setStepUnit} percentOf="price" />
      <label>{t('rules.relist.floor')}<input inputMode="decimal" value={floor} onChange={(e) => setFloor(e.target.value)} /></label>
      <label>{t('rules.relist.hour')}<input inputMode="numeric" value={hour} onChange={(e) => setHour(e.target.value)} /></label>
      <label><input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />{t('rules.enabled')}</label>
      <button type="submit">{t('rules.relist.save')}</button>
      {editing && <button type="button" onClick={() => store.getState().edit(null)}>{t('rules.stopEditing')}</button>}
    </form>
  );
}

/** What a previewed offer rule would do to the waiting offers, with Save and apply / Cancel (the shop's form and the scoped one). */
export function OfferRulePreview({ store, form }: { store: RulesStore; form: 'shop' | 'scoped' }) {
  const t = useT();
  const f = useFormatter();
  const preview = useStore(store, (s) => (s.preview?.form === form ? s.preview : null));
  if (!preview) return null;
  return (
    <div className="rules-preview" role="region" aria-label={t('rules.offer.previewTitle')}>
      <h4>{t('rules.offer.previewTitle')}</h4>
      {preview.verdicts.length === 0 ? <p>{t('rules.offer.previewEmpty')}</p> : (
        <ul>
          {preview.verdicts.map((v) => (
            <li key={v.offerId}>
              <strong>{t('rules.action', { action: v.decision })}</strong> · {v.title ?? v.itemLocalId} · {t('rules.verdict.amount', { amount: f.money(v.amount), author: v.author })}
            </li>
          ))}
        </ul>
      )}
      <button type="button" onClick={() => void store.getState().confirmOfferRule()}>{t('rules.offer.save')}</button>
      <button type="button" onClick={() => store.getState().cancelPreview()}>{t('common.cancel')}</button>
    </div>
  );
}
