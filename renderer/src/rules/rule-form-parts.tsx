// Pieces the Rules screen's forms share: an amount's unit, numbers as typed (refused in words when
// they are no number), the status line that says which rule is saved for the form's scope, and a
// saved rule loaded into its form by its Edit button.
import { useEffect, type RefObject } from 'react';
import { useStore } from 'zustand';
import { parseDecimal } from '../../../shared/format/parse-decimal.ts';
import { useT } from '../i18n/intl.ts';
import type { RulesStore } from './rules-store.ts';

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
