// "Set category from the market" on a selection (and the import report's accept all or one by
// one): each draft's likeliest category (its kept research when current, else asked now), what
// setting them would change (the real bulk edit in a rolled-back transaction), and the setting
// itself through bulkEditEach: all or nothing, one undo step, as a long write's work in slices
// (issue 41: 100,000 drafts never hold the core). Drafts are grouped by their title
// (bulkEditEach plans per group of equal drafts), so two drafts with the same title and fields
// take the same category: the choice made for the first.
import type { DraftField } from '../drafts/fields.ts';
import type { itemReads } from '../drafts/item-rows.ts';
import type { bulkWrites } from '../bulk/bulk-edit.ts';
import { dryRunEachSlices } from '../bulk/dry-run.ts';
import type { Slices } from '../db/sliced-transaction.ts';
import type { CategorySuggestion } from './category-suggestions.ts';
import type { Research } from './research-draft.ts';

type Repo = { reads: ReturnType<typeof itemReads>; bulk: ReturnType<typeof bulkWrites> };

const FIELDS: readonly DraftField[] = ['categoryId', 'title'];

/** Titles looked up at a time while a preview asks the market. */
const CONCURRENCY = 4;

export async function categoryChoices(research: Research, repo: Repo, localIds: readonly number[]) {
  const unique = [...new Set(localIds)];
  const choices: Array<{ localId: number; title: string | null; from: number | null; suggestions: CategorySuggestion[] }> = [];
  let next = 0;
  const worker = async () => {
    while (next < unique.length) {
      const localId = unique[next++]!;
      const item = repo.reads.item(localId);
      if (!item || item.deletedAt !== null) continue;
      const title = item.fields.title ?? null;
      const kept = research.last(localId);
      const suggestions = kept && !kept.stale && kept.categories.length > 0
        ? kept.categories
        : title ? (await research.categories(title, localId)).suggestions : [];
      choices.push({ localId, title, from: item.fields.categoryId ?? null, suggestions });
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, unique.length) }, worker));
  return choices.sort((a, b) => unique.indexOf(a.localId) - unique.indexOf(b.localId));
}

/** Drafts whose titles are read per piece of a long application. */
const PIECE = 500;

/** The category chosen for each title: the first choice of a draft with that title. */
function* byTitle(repo: Repo, choices: ReadonlyArray<{ localId: number; categoryId: number }>): Slices<Map<string, number>> {
  const out = new Map<string, number>();
  for (const [i, c] of choices.entries()) {
    if (i > 0 && i % PIECE === 0) yield;
    const title = repo.reads.item(c.localId)?.fields.title ?? '';
    if (!out.has(title)) out.set(title, c.categoryId);
  }
  return out;
}

/** What setting the chosen categories would change, in pieces (a preview of 100,000 drafts keeps the core answering). */
export function* previewCategoriesSlices(repo: Repo, choices: ReadonlyArray<{ localId: number; categoryId: number }>) {
  const titles = yield* byTitle(repo, choices);
  return yield* dryRunEachSlices(repo, choices.map((c) => c.localId), FIELDS, (current) => {
    const categoryId = titles.get(current.title ?? '');
    return categoryId === undefined ? null : { categoryId };
  });
}

/** Sets the chosen categories as a long write's work (the caller holds the transaction): all or nothing, one undo step. */
export function* applyCategoriesSlices(repo: Repo, choices: ReadonlyArray<{ localId: number; categoryId: number }>, now = Date.now()): Slices<{ stepId: number | null; changed: number }> {
  const titles = yield* byTitle(repo, choices);
  const { stepId, changed } = yield* repo.bulk.bulkEditEachSlices(choices.map((c) => c.localId), FIELDS, (current) => {
    const categoryId = titles.get(current.title ?? '');
    return categoryId === undefined ? null : { categoryId };
  }, now);
  return { stepId, changed };
}
