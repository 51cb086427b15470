// The offer rule forms: the shop's, and one for a saved group, a template or an item. A form
// shows what is saved (issue 42): the shop's opens on the saved shop rule (empty, and saying so,
// when there is none), the other on the rule saved for the scope picked, so saving again never
// resets what was not shown. Every part of a rule is a field: amounts in % or €, quiet hours in
// the app's time field, on or off. A rule is previewed on the offers waiting now before it is
// saved; a saved rule's Edit button loads it into the second form and moves the keyboard there.
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useStore } from 'zustand';
import type { OfferRule } from '../../../shared/ipc/rules.ts';
import { TimeField } from '../a11y/time-field.tsx';
import { useFormatter, useT } from '../i18n/intl.ts';
import { localeStore } from '../i18n/locale-store.ts';
import { numberText, readNumber, UnitSelect, useEdited, useSavedRuleForm, type Unit } from './rule-form-parts.tsx';
import { useRuleSummaries } from './rule-summaries.ts';
import type { RulesStore } from './rules-store.ts';
import { ScopeField, useScopeChoice, type ScopeTarget } from './scope-field.tsx';

interface Values {
  accept: string;
  acceptUnit: Unit;
  refuse: string;
  refuseUnit: Unit;
  quietFrom: number | null;
  quietTo: number | null;
  enabled: boolean;
}
const EMPTY: Values = { accept: '', acceptUnit: 'percent', refuse: '', refuseUnit: 'percent', quietFrom: null, quietTo: null, enabled: true };

function valuesOf(r: OfferRule, locale: 'fi' | 'en'): Values {
  return {
    accept: numberText(r.acceptAmount ?? r.acceptPercent, locale), acceptUnit: r.acceptAmount !== null ? 'euro' : 'percent',
    refuse: numberText(r.refuseAmount ?? r.refusePercent, locale), refuseUnit: r.refuseAmount !== null ? 'euro' : 'percent',
    quietFrom: r.quietFrom, quietTo: r.quietTo, enabled: r.enabled,
  };
}

/** `shop`: the shop's own form (no scope to pick); otherwise a group's, a template's or an item's. */
export function OfferRuleForm({ store, scopeText, shop = false }: { store: RulesStore; scopeText: (r: ScopeTarget) => string; shop?: boolean }) {
  const t = useT();
  const summary = useRuleSummaries();
  const own = useId();
  const locale = useStore(localeStore, (s) => s.locale);
  const rules = useStore(store, (s) => s.offerRules);
  const loaded = useStore(store, (s) => s.loaded);
  const first = useRef<HTMLSelectElement>(null);
  const { values, version, problem, setProblem, savedFor, load, set, scopeChanged } = useSavedRuleForm(rules, EMPTY, (r: OfferRule) => valuesOf(r, locale));
  const scope = useScopeChoice(shop ? 'shop' : '', (target) => {
    if (store.getState().editing?.kind === 'offer') store.getState().edit(null);
    // The scope left had its rule in the form: the new one starts from its own, or empty.
    scopeChanged(target, scope.target());
  });
  const editing = useEdited<OfferRule>(store, 'offer', shop ? null : (r) => { scope.load(r); load(r); }, first);
  // The shop's form holds the saved shop rule, again each time it is saved (its version moves).
  const shopRule = shop ? savedFor({ scope: 'shop', scopeId: 0 }) : null;
  useEffect(() => {
    if (shop && loaded) load(shopRule);
    // The saved rule's id and version decide; a reload of the same rule keeps what is being typed.
  }, [shop, loaded, shopRule?.id, shopRule?.updated]);

  const target = scope.target();
  const saved = savedFor(target);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!target) return;
    const accept = readNumber(values.accept);
    const refuse = readNumber(values.refuse);
    if (!accept.ok) return setProblem(t('rules.number.invalid', { field: t('rules.offer.acceptValue') }));
    if (!refuse.ok) return setProblem(t('rules.number.invalid', { field: t('rules.offer.refuseValue') }));
    if ((values.quietFrom === null) !== (values.quietTo === null)) return setProblem(t('rules.offer.quietBoth'));
    setProblem(null);
    void store.getState().previewOfferRule({
      ...target,
      acceptPercent: values.acceptUnit === 'percent' ? accept.value : null, acceptAmount: values.acceptUnit === 'euro' ? accept.value : null,
      refusePercent: values.refuseUnit === 'percent' ? refuse.value : null, refuseAmount: values.refuseUnit === 'euro' ? refuse.value : null,
      quietFrom: values.quietFrom, quietTo: values.quietTo, enabled: values.enabled,
    }, shop ? 'shop' : 'scoped');
  };
  const titleId = shop ? 'offer-rule-title' : 'scoped-offer-title';
  return (
    <form className="rules-card" onSubmit={submit} aria-labelledby={titleId}>
      <h3 id={titleId}>{t(shop ? 'rules.offer.title' : 'rules.scoped.title')}</h3>
      {editing && <p className="rules-editing">{t('rules.editing', { scope: scopeText(editing) })}</p>}
      {target && loaded && (
        <p className="rules-saved">
          {saved ? t('rules.savedRule', { summary: summary.offer(saved, scopeText(saved)) }) : t('rules.offer.savedNone', { scope: scopeText(target) })}
        </p>
      )}
      {!shop && <ScopeField store={store} {...scope.field} selectRef={first} />}
      <label>{t('rules.offer.acceptValue')}<input inputMode="decimal" value={values.accept} onChange={(e) => set({ accept: e.target.value })} /></label>
      <UnitSelect label={t('rules.offer.acceptUnit')} value={values.acceptUnit} onChange={(acceptUnit) => set({ acceptUnit })} />
      <label>{t('rules.offer.refuseValue')}<input inputMode="decimal" value={values.refuse} onChange={(e) => set({ refuse: e.target.value })} /></label>
      <UnitSelect label={t('rules.offer.refuseUnit')} value={values.refuseUnit} onChange={(refuseUnit) => set({ refuseUnit })} />
      <div className="rules-field">
        <label htmlFor={`${own}-quiet-from`}>{t('rules.offer.quietFrom')}</label>
        <TimeField key={`from-${version}`} id={`${own}-quiet-from`} value={values.quietFrom} onChange={(quietFrom) => set({ quietFrom })} />
      </div>
      <div className="rules-field">
        <label htmlFor={`${own}-quiet-to`}>{t('rules.offer.quietTo')}</label>
        <TimeField key={`to-${version}`} id={`${own}-quiet-to`} value={values.quietTo} onChange={(quietTo) => set({ quietTo })} />
      </div>
      <label><input type="checkbox" checked={values.enabled} onChange={(e) => set({ enabled: e.target.checked })} />{t('rules.enabled')}</label>
      <button type="submit">{t('rules.offer.preview')}</button>
      {editing && <button type="button" onClick={() => store.getState().edit(null)}>{t('rules.stopEditing')}</button>}
      {/* After the buttons: the words going away never move them under the pointer. */}
      {problem && <p className="field-error rules-problem" role="alert">{problem}</p>}
      <OfferRulePreview store={store} form={shop ? 'shop' : 'scoped'} />
    </form>
  );
}

/** What a previewed offer rule would do to the waiting offers, with Save and apply / Cancel. */
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
