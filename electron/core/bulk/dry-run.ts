// The previews of bulk changes whose values differ per draft (price and text rules, templates):
// the real bulkEditEach run in a transaction that is rolled back, so a preview cannot disagree
// with what Apply does, and each changing draft's before and after.
import type { Db } from '../db/open-account-db.ts';
import { DraftError, refusalOf } from '../drafts/draft-error.ts';
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

class DryRun extends Error {}

/** A refused draft with its problems and reason as codes (the renderer words them). */
export type Refusal = ReturnType<typeof refusalOf>;

/**
 * What bulkEditEach would write per draft, and the drafts it would refuse (the first 200 with
 * their reasons); nothing is written. Samples: the first `limit` changing drafts before and after.
 */
export function dryRunEach(
  db: Db, repo: Repo, localIds: readonly number[], fields: readonly DraftField[], valuesFor: (current: DraftFields) => FieldValues | null, limit = 200,
): { changing: number; samples: EachSample[]; refused: Refusal[] } {
  let applied = new Map<number, FieldValues>();
  const refused: Refusal[] = [];
  if (localIds.length > 0) {
    try {
      db.transaction(() => {
        applied = repo.bulk.bulkEditEach(localIds, fields, valuesFor).applied;
        throw new DryRun();
      })();
    } catch (error) {
      if (error instanceof DraftError) {
        for (const item of error.items.slice(0, 200)) refused.push(refusalOf(item));
      } else if (!(error instanceof DryRun)) throw error;
    }
  }
  const changingIds = [...applied.keys()].sort((a, b) => a - b);
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
  return { changing: changingIds.length, samples, refused };
}
