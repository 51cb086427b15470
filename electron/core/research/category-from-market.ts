// "Set category from the market" on a selection (and the import report's accept all or one by
// one): each draft's likeliest category (its kept research when current, else asked now), what
// setting them would change (the real bulk edit in a rolled-back transaction), and the setting
// itself through bulkEditEach: all or nothing, one undo step. Drafts are grouped by their title
// (bulkEditEach plans per group of equal drafts), so two drafts with the same title and fields
// take the same category: the choice made for the first.
import type { Db } from '../db/open-account-db.ts';
import type { DraftField } from '../drafts/fields.ts';
import type { itemReads } from '../drafts/item-rows.ts';
import type { bulkWrites } from '../bulk/bulk-edit.ts';
import { dryRunEach } from '../bulk/dry-run.ts';
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

function byTitle(repo: Repo, choices: ReadonlyArray<{ localId: number; categoryId: number }>): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of choices) {
    const title = repo.reads.item(c.localId)?.fields.title ?? '';
    if (!out.has(title)) out.set(title, c.categoryId);
  }
  return out;
}

/** `_db`: the repositories' connection (the preview reads the real change's plan, issue 41). */
export function previewCategories(_db: Db, repo: Repo, choices: ReadonlyArray<{ localId: number; categoryId: number }>) {
  const titles = byTitle(repo, choices);
  return dryRunEach(repo, choices.map((c) => c.localId), FIELDS, (current) => {
    const categoryId = titles.get(current.title ?? '');
    return categoryId === undefined ? null : { categoryId };
  });
}

export function applyCategories(repo: Repo, choices: ReadonlyArray<{ localId: number; categoryId: number }>, now = Date.now()) {
  const titles = byTitle(repo, choices);
  const { stepId, changed } = repo.bulk.bulkEditEach(choices.map((c) => c.localId), FIELDS, (current) => {
    const categoryId = titles.get(current.title ?? '');
    return categoryId === undefined ? null : { categoryId };
  }, now);
  return { stepId, changed };
}
