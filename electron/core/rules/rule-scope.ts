// Which rule of a kind decides an item: the item's own, then its template's (the template it was
// made from or last had applied), then a saved group's that holds it (each group's members read
// once per pass), then the shop's. Offer rules and relist rules share it.
//
// Why a template before a group: an item's template is one the seller chose for that item (the
// kind of thing it is: "Vinyl LPs", "Kids' clothes"), one per item and stable, while a saved group
// is a filter whose members come and go (price range, ending within, no bids) and several may hold
// the same item; the more deliberate and stable choice is the more specific one.
import type { SavedGroups } from './saved-groups.ts';
import type { TemplateLinks } from './template-links.ts';

interface ScopedRule {
  scope: 'shop' | 'group' | 'template' | 'item';
  scopeId: number;
  enabled: boolean;
}

/**
 * `itemIds`: the ids an item rule may be saved under, most specific first (a relisted copy is
 * also decided by its original's rule); `localId`: the item whose group membership counts.
 */
export function scopedRuleLookup<R extends ScopedRule>(groups: SavedGroups, rules: readonly R[], now: number, templates?: TemplateLinks) {
  const enabled = rules.filter((r) => r.enabled);
  const byItem = new Map(enabled.filter((r) => r.scope === 'item').map((r) => [r.scopeId, r]));
  const byTemplate = new Map(enabled.filter((r) => r.scope === 'template').map((r) => [r.scopeId, r]));
  // Only the items of templates that have a rule: one read per pass.
  const templateOf = templates && byTemplate.size > 0 ? templates.members([...byTemplate.keys()]) : new Map<number, number>();
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
    for (const id of itemIds) {
      const template = templateOf.get(id);
      const rule = template === undefined ? undefined : byTemplate.get(template);
      if (rule) return rule;
    }
    return byGroup.find((g) => g.ids.has(localId))?.rule ?? shop;
  };
}
