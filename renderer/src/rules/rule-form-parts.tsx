// Pieces the Rules screen's forms share: an amount's unit, numbers as typed (refused in words when
// they are no number), the status line that says which rule is saved for the form's scope, and a
// saved rule loaded into its form by its Edit button.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useStore } from 'zustand';
import { parseDecimal } from '../../../shared/format/parse-decimal.ts';
import { useT } from '../i18n/intl.ts';
import type { RulesStore } from './rules-store.ts';
import type { ScopeTarget } from './scope-field.tsx';

export type Unit = 'percent' | 'euro';

/** A typed number: empty is none; text that is no number is refused (ok false), never read as none. */
export function readNumber(text: string): { ok: true; value: number | null } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: null };
  const value = parseDecimal(text);
  return value === null ? { ok: false } : { ok: true, value };
}

/** A saved number as the form shows it: `12,5` in Finnish. */
export const numberText = (n: number | null, locale: 'fi' | 'en') => (n === null ? '' : locale === 'fi' ? String(n).replace('.', ',') : String(n));

/** Whether a rule's amount is a percentage (of the buy-now price; of the price, for relisting's step) or euros. */
export function UnitSelect({ label, value, onChange, percentOf = 'buyNow' }: { label: string; value: Unit; onChange(value: Unit): void; percentOf?: 'buyNow' | 'price' }) {
  const t = useT();
  return (
    <label>{label}
      <select value={value} onChange={(e) => onChange(e.target.value === 'euro' ? 'euro' : 'percent')}>
        <option value="percent">{t(percentOf === 'buyNow' ? 'rules.unit.percent' : 'rules.relist.unit.percent')}</option>
        <option value="euro">{t('rules.unit.euro')}</option>
      </select>
    </label>
  );
}

/** Loads a saved rule of this kind into the form when its Edit button is pressed, and moves the keyboard there. */
export function useEdited<R>(store: RulesStore, kind: 'offer' | 'relist', load: ((rule: R) => void) | null, first: RefObject<HTMLElement | null>) {
  const editing = useStore(store, (s) => s.editing);
  const rule = load && editing?.kind === kind ? (editing.rule as R) : null;
  useEffect(() => {
    if (!rule || !load) return;
    load(rule);
    first.current?.focus();
    // load is a fresh closure each render; the rule alone decides.
  }, [rule]);
  return rule;
}

/**
 * A rule form that shows what is saved (issue 42): its values (`blank` for a scope with no rule),
 * the problem said under it, and a version that moves with every load (the time fields drop what
 * was being typed). Both rule forms hold it alike.
 */
export function useSavedRuleForm<R extends ScopeTarget, V>(rules: readonly R[], blank: V, valuesOf: (rule: R) => V) {
  const [values, setValues] = useState<V>(blank);
  const [version, setVersion] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  // The values came from a saved rule (not typed): another scope without a rule starts blank.
  const fromSaved = useRef(false);
  const savedFor = (target: ScopeTarget | null) => (target ? rules.find((r) => r.scope === target.scope && r.scopeId === target.scopeId) ?? null : null);
  const load = (rule: R | null) => {
    setValues(rule ? valuesOf(rule) : blank);
    setVersion((v) => v + 1);
    setProblem(null);
    fromSaved.current = rule !== null;
  };
  return {
    values, version, problem, setProblem, savedFor, load,
    set: (change: Partial<V>) => setValues({ ...values, ...change }),
    /** A scope picked instead of `left`: the form shows its saved rule, or starts blank when the scope left had its rule in it. */
    scopeChanged(target: ScopeTarget | null, left: ScopeTarget | null) {
      const saved = savedFor(target);
      if (saved || fromSaved.current || savedFor(left)) load(saved);
    },
  };
}