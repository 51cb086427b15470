// The previews of bulk changes whose values differ per draft (price and text rules, templates):
// the real bulkEditEach's own plan (issue 41: nothing is written, not even to be rolled back), so
// a preview cannot disagree with what Apply does, and each changing draft's before and after.
import { drain, type Slices } from '../db/sliced-transaction.ts';
import { refusalOf } from '../drafts/draft-error.ts';
import type { DraftField, DraftFields } from '../drafts/fields.ts';
import type { itemReads } from '../drafts/item-rows.ts';
import type { FieldValues } from '../drafts/plan-edit.ts';
import type { bulkWrites } from './bulk-edit.ts';

type Value = string | number | string[] | null;
type Repo = { reads: ReturnType<typeof itemReads>; bulk: ReturnType<typeof bulkWrites> };

export interface EachSample {
  localId: number;
  title: string | null;
  before: Record<string, Value>;
  after: Record<string, Value>;
}

/** A refused draft with its problems and reason as codes (the renderer words them). */
export type Refusal = ReturnType<typeof refusalOf>;

export interface EachDryRun {
  changing: number;
  samples: EachSample[];
  refused: Refusal[];
}

/**
 * What bulkEditEach would write per draft, and the drafts it would refuse (the first 200 with
 * their reasons); nothing is written. Samples: the first `limit` changing drafts before and after.
 */
export function dryRunEach(
  repo: Repo, localIds: readonly number[], fields: readonly DraftField[], valuesFor: (current: DraftFields) => FieldValues | null, limit = 200,
): EachDryRun {
  return drain(dryRunEachSlices(repo, localIds, fields, valuesFor, limit));
}

/** dryRunEach in pieces (a preview of 100,000 drafts keeps the core answering). */
export function* dryRunEachSlices(
  repo: Repo, localIds: readonly number[], fields: readonly DraftField[], valuesFor: (current: DraftFields) => FieldValues | null, limit = 200,
): Slices<EachDryRun> {
  const unique = [...new Set(localIds)];
  const { refused, applied } = unique.length > 0 ? yield* repo.bulk.planEachSlices(unique, fields, valuesFor) : { refused: [], applied: new Map<number, FieldValues>() };
  // A change refused for any draft is refused whole: then nothing would change.
  const changingIds = refused.length > 0 ? [] : [...applied.keys()].sort((a, b) => a - b);
  const samples = changingIds.slice(0, limit).map((localId) => {
    const current: DraftFields = repo.reads.item(localId)?.fields ?? {};
    const after = applied.get(localId) ?? {};
    const was: Record<string, Value> = {};
    const now: Record<string, Value> = {};
    for (const field of Object.keys(after) as DraftField[]) {
      was[field] = (current[field] ?? null) as Value;
      now[field] = (after[field] ?? null) as Value;
    }
    return { localId, title: (current.title ?? null) as string | null, before: was, after: now };
  });
  return { changing: changingIds.length, samples, refused: refused.slice(0, 200).map(refusalOf) };
}
