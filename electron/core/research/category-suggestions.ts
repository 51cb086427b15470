// The likeliest leaf categories for a title: where items like it were sold (the comparables of the
// market) and where the seller has listed such items before (the cache). Each item votes for its
// category by how alike its title is (squared: a close match outweighs several loose ones); the
// seller's own items count double, as the seller's own habit. The three best with their share.
import type { Comparable } from './market-stats.ts';

export interface CategorySuggestion {
  categoryId: number;
  /** 0..1 of the votes. */
  share: number;
  /** Items that voted for it (market and own). */
  count: number;
}

/** Below this, a title is not the same kind of thing. */
const RELEVANT = 0.5;
const OWN_WEIGHT = 2;

export function suggestCategories(
  market: ReadonlyArray<Pick<Comparable, 'categoryId' | 'similarity'>>,
  own: ReadonlyArray<{ categoryId: number; similarity: number }>,
  limit = 3,
): CategorySuggestion[] {
  const votes = new Map<number, { score: number; count: number }>();
  const vote = (categoryId: number | null, similarity: number, weight: number) => {
    if (categoryId === null || similarity < RELEVANT) return;
    const entry = votes.get(categoryId) ?? { score: 0, count: 0 };
    entry.score += weight * similarity * similarity;
    entry.count += 1;
    votes.set(categoryId, entry);
  };
  for (const c of market) vote(c.categoryId, c.similarity, 1);
  for (const c of own) vote(c.categoryId, c.similarity, OWN_WEIGHT);
  const total = [...votes.values()].reduce((sum, v) => sum + v.score, 0);
  if (total === 0) return [];
  return [...votes]
    .map(([categoryId, v]) => ({ categoryId, share: Math.round((v.score / total) * 1000) / 1000, count: v.count }))
    .sort((a, b) => b.share - a.share || b.count - a.count || a.categoryId - b.categoryId)
    .slice(0, limit);
}
