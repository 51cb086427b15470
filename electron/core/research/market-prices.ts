// The market price rule's figures (bulk/bulk-rules.ts, op 'market'): a draft's sold-price
// quartiles from the newest research asked from what the draft is now (its title words, category
// and condition). A draft changed since its research has none: the rule leaves it alone and says so.
import type { MarketPrices } from '../bulk/bulk-rules.ts';
import { researchKey } from './research-query.ts';
import type { ResearchStore } from './research-store.ts';

export function marketPrices(store: ResearchStore): MarketPrices {
  return (fields) => store.pricesOfKey(researchKey({ title: fields.title ?? '', categoryId: fields.categoryId ?? null, condition: fields.condition ?? null }));
}
