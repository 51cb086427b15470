// What a rule applies to, in the Rules screen's forms: the shop, a saved group, a listing template,
// or one item found by its title or SKU (a native select with option groups, keyboard only).
import { useState, type RefObject } from 'react';
import { useStore } from 'zustand';
import type { RuleScope } from '../../../shared/ipc/rules.ts';
import { useT } from '../i18n/intl.ts';
import type { RulesStore } from './rules-store.ts';

export type ScopeTarget = { scope: RuleScope; scopeId: number };

/** The scope select's value: 'shop', 'group:ID', 'template:ID', or 'item' (with the picked item). */
export function scopeValue(rule: ScopeTarget): string {
  return rule.scope === 'shop' || rule.scope === 'item' ? rule.scope : `${rule.scope}:${rule.scopeId}`;
}

export function parseScope(value: string, itemId: number | null): ScopeTarget | null {
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

/**
 * The scope a form picks (the select's value and, for one item, which item). `picked` is told of
 * every choice the seller makes, so the form can show the rule saved for it.
 */
export function useScopeChoice(initial: string, picked: (target: ScopeTarget | null) => void) {
  const [value, setValue] = useState(initial);
  const [itemId, setItemId] = useState<number | null>(null);
  return {
    field: {
      value,
      itemId,
      onChange(next: string) {
        setValue(next);
        picked(parseScope(next, itemId));
      },
      onItemId(next: number | null) {
        setItemId(next);
        picked(parseScope(value, next));
      },
    },
    /** An edited rule's scope, shown without asking for its rule again. */
    load(rule: ScopeTarget) {
      setValue(scopeValue(rule));
      setItemId(rule.scope === 'item' ? rule.scopeId : null);
    },
    target: () => parseScope(value, itemId),
  };
}
