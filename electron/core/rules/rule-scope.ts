// Which rule of a kind decides an item: the item's own, then a saved group's that holds it (each
// group's members read once per pass), then the shop's. Offer rules and relist rules share it.
import type { SavedGroups } from './saved-groups.ts';

interface ScopedRule {
  scope: 'shop' | 'group' | 'item';
  scopeId: number;
  enabled: boolean;
}

/**
 * `itemIds`: the ids an item rule may be saved under, most specific first (a relisted copy is
 * also decided by its original's rule); `localId`: the item whose group membership counts.
 */
export function scopedRuleLookup<R extends ScopedRule>(groups: SavedGroups, rules: readonly R[], now: number) {
  const enabled = rules.filter((r) => r.enabled);
  const byItem = new Map(enabled.filter((r) => r.scope === 'item').map((r) => [r.scopeId, r]));
  const byGroup = enabled.filter((r) => r.scope === 'group').flatMap((r) => {
    try {
      return [{ rule: r, ids: new Set(groups.ids(groups.get(r.scopeId), now)) }];
    } catch {
      return []; // a rule whose group was deleted decides nothing
    }
  });
  const shop = enabled.find((r) => r.scope === 'shop') ?? null;
  return (localId: number, itemIds: readonly number[] = [localId]): R | null => {
    for (const id of itemIds) {
      const own = byItem.get(id);
      if (own) return own;
    }
    return byGroup.find((g) => g.ids.has(localId))?.rule ?? shop;
  };
}
