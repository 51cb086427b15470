// The relisting rule form: up to N times, the price lowered by a step (% or €) down to a floor, on
// sale again at a whole hour (the app's time field: `9.00`). It shows what is saved (issue 42): it
// opens on the shop's saved rule, and picking a scope shows the rule saved for it, so saving again
// never resets what was not shown; a new rule starts from suggested values.
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useStore } from 'zustand';
import type { RelistRule } from '../../../shared/ipc/rules.ts';
import { TimeField } from '../a11y/time-field.tsx';
import { useT } from '../i18n/intl.ts';
import { localeStore } from '../i18n/locale-store.ts';
import { numberText, readNumber, UnitSelect, useEdited, useSavedRuleForm, type Unit } from './rule-form-parts.tsx';
import { useRuleSummaries } from './rule-summaries.ts';
import type { RulesStore } from './rules-store.ts';
import { ScopeField, useScopeChoice, type ScopeTarget } from './scope-field.tsx';

interface Values {
  times: string;
  step: string;
  stepUnit: Unit;
  floor: string;
  /** Minutes after midnight (whole hours), or null: as soon as the copy is made. */
  hour: number | null;
  enabled: boolean;
}
/** A new rule's suggestion: twice, 10 % down each time, on sale at 9.00. */
const SUGGESTED: Values = { times: '2', step: '10', stepUnit: 'percent', floor: '', hour: 9 * 60, enabled: true };

function valuesOf(r: RelistRule, locale: 'fi' | 'en'): Values {
  return {
    times: String(r.maxTimes), step: numberText(r.stepAmount ?? r.stepPercent, locale), stepUnit: r.stepAmount !== null ? 'euro' : 'percent',
    floor: numberText(r.floorPrice, locale), hour: r.hour === null ? null : r.hour * 60, enabled: r.enabled,
  };
}

export function RelistRuleForm({ store, scopeText }: { store: RulesStore; scopeText: (r: ScopeTarget) => string }) {
  const t = useT();
  const summary = useRuleSummaries();
  const own = useId();
  const locale = useStore(localeStore, (s) => s.locale);
  const rules = useStore(store, (s) => s.relistRules);
  const loaded = useStore(store, (s) => s.loaded);
  const first = useRef<HTMLSelectElement>(null);
  const { values, version, problem, setProblem, savedFor, load, set, scopeChanged } = useSavedRuleForm(rules, SUGGESTED, (r: RelistRule) => valuesOf(r, locale));
  const scope = useScopeChoice('shop', (target) => {
    if (store.getState().editing?.kind === 'relist') store.getState().edit(null);
    scopeChanged(target, scope.target());
  });
  const editing = useEdited<RelistRule>(store, 'relist', (r) => { scope.load(r); load(r); }, first);
  // Opened on the shop: its saved rule once the rules are in.
  useEffect(() => {
    if (loaded) {
      const saved = savedFor(scope.target());
      if (saved) load(saved);
    }
  }, [loaded]);

  const target = scope.target();
  const saved = savedFor(target);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!target) return;
    const times = readNumber(values.times);
    const step = readNumber(values.step);
    const floor = readNumber(values.floor);
    if (!times.ok || times.value === null || !Number.isInteger(times.value)) return setProblem(t('rules.number.invalid', { field: t('rules.relist.times') }));
    if (!step.ok) return setProblem(t('rules.number.invalid', { field: t('rules.relist.step') }));
    if (!floor.ok) return setProblem(t('rules.number.invalid', { field: t('rules.relist.floor') }));
    setProblem(null);
    // One step kind at a time: the core refuses an amount and a percentage together.
    const steps = values.stepUnit === 'euro' ? { stepAmount: step.value, stepPercent: null } : { stepAmount: null, stepPercent: step.value };
    void store.getState().saveRelistRule({
      ...target, maxTimes: times.value, ...steps, floorPrice: floor.value, hour: values.hour === null ? null : values.hour / 60, enabled: values.enabled,
    });
  };
  return (
    <form className="rules-card" onSubmit={submit} aria-labelledby="relist-title">
      <h3 id="relist-title">{t('rules.relist.title')}</h3>
      {editing && <p className="rules-editing">{t('rules.editing', { scope: scopeText(editing) })}</p>}
      {target && loaded && (
        <p className="rules-saved">
          {saved ? t('rules.savedRule', { summary: summary.relist(saved, scopeText(saved)) }) : t('rules.relist.savedNone', { scope: scopeText(target) })}
        </p>
      )}
      <ScopeField store={store} {...scope.field} selectRef={first} />
      <label>{t('rules.relist.times')}<input inputMode="numeric" value={values.times} onChange={(e) => set({ times: e.target.value })} /></label>
      <label>{t('rules.relist.step')}<input inputMode="decimal" value={values.step} onChange={(e) => set({ step: e.target.value })} /></label>
      <UnitSelect label={t('rules.relist.stepUnit')} value={values.stepUnit} onChange={(stepUnit) => set({ stepUnit })} percentOf="price" />
      <label>{t('rules.relist.floor')}<input inputMode="decimal" value={values.floor} onChange={(e) => set({ floor: e.target.value })} /></label>
      <div className="rules-field">
        <label htmlFor={`${own}-hour`}>{t('rules.relist.hour')}</label>
        <TimeField key={`hour-${version}`} id={`${own}-hour`} wholeHours value={values.hour} onChange={(hour) => set({ hour })} />
      </div>
      <label><input type="checkbox" checked={values.enabled} onChange={(e) => set({ enabled: e.target.checked })} />{t('rules.enabled')}</label>
      <button type="submit">{t('rules.relist.save')}</button>
      {editing && <button type="button" onClick={() => store.getState().edit(null)}>{t('rules.stopEditing')}</button>}
      {/* After the buttons: the words going away never move them under the pointer. */}
      {problem && <p className="field-error rules-problem" role="alert">{problem}</p>}
    </form>
  );
}
