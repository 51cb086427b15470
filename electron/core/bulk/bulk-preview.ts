// The preview of a bulk edit: how many selected drafts change, per field, a few before/after
// samples and the refused items. The outcome comes from the real bulk edit's own plan (issue 41:
// nothing is written, not even to be rolled back): the preview cannot disagree with what Apply does.
import type { Db } from '../db/open-account-db.ts';
import { drain, type Slices } from '../db/sliced-transaction.ts';
import { DraftError, refusalOf } from '../drafts/draft-error.ts';
import { sameValue, type DraftField } from '../drafts/fields.ts';
import type { itemReads } from '../drafts/item-rows.ts';
import { parseChanges } from '../drafts/plan-edit.ts';
import type { bulkWrites } from './bulk-edit.ts';

type Value = string | number | string[] | null;

export interface BulkPreview {
  selected: number;
  changing: number;
  perField: Record<string, number>;
  samples: Array<{ localId: number; title: string | null; before: Record<string, Value>; after: Record<string, Value> }>;
  refused: Array<ReturnType<typeof refusalOf>>;
  /** Fields that do not apply to some selected drafts (a starting price on buy-now drafts). */
  warnings: Array<{ field: string; count: number; message: string }>;
}

/** Fields only an auction uses: set on a buy-now draft they are stored but mean nothing. */
export const AUCTION_FIELDS: ReadonlySet<DraftField> = new Set(['startingPrice', 'minimumIncrease', 'reservePrice']);

/** Drafts read per piece of a preview. */
const PIECE = 2000;

function* notApplying(reads: ReturnType<typeof itemReads>, localIds: readonly number[], fields: readonly DraftField[]): Slices<BulkPreview['warnings']> {
  const auctionOnly = fields.filter((f) => AUCTION_FIELDS.has(f));
  if (auctionOnly.length === 0) return [];
  let buyNow = 0;
  for (let start = 0; start < localIds.length; start += PIECE) {
    buyNow += reads.bulkGroups(localIds.slice(start, start + PIECE), ['saleMethod']).filter((g) => g.fields.saleMethod === 'buy-now').reduce((n, g) => n + g.localIds.length, 0);
    yield;
  }
  if (buyNow === 0) return [];
  return auctionOnly.map((field) => ({ field, count: buyNow, message: `${field} applies only to auctions: ${buyNow} selected draft${buyNow === 1 ? ' sells' : 's sell'} at a buy-now price` }));
}

type Repo = { reads: ReturnType<typeof itemReads>; bulk: ReturnType<typeof bulkWrites> };

/** `_db`: the repositories' connection (they read it). */
export function previewBulkEdit(_db: Db, repo: Repo, localIds: readonly number[], changes: Readonly<Record<string, unknown>>): BulkPreview {
  return drain(previewBulkEditSlices(repo, localIds, changes));
}

/** previewBulkEdit in pieces (a preview of 100,000 drafts keeps the core answering). */
export function* previewBulkEditSlices(repo: Repo, localIds: readonly number[], changes: Readonly<Record<string, unknown>>): Slices<BulkPreview> {
  const { reads, bulk } = repo;
  const { values, problems } = parseChanges(changes);
  if (problems.length > 0) throw new DraftError('validation', 'invalid values', [{ localId: 0, problems }], undefined, { reason: 'invalid-values' });
  const fields = Object.keys(values) as DraftField[];
  const unique = [...new Set(localIds)];
  const plan = yield* bulk.planBulkEditSlices(unique, values);
  const refused: BulkPreview['refused'] = plan.refused.slice(0, 200).map(refusalOf);
  const perField: Record<string, number> = Object.fromEntries(fields.map((f) => [f, 0]));
  const changingIds: number[] = [];
  for (let start = 0; start < unique.length; start += PIECE) {
    for (const group of reads.bulkGroups(unique.slice(start, start + PIECE), fields)) {
      let differs = false;
      for (const field of fields) {
        if (!sameValue(group.fields[field], values[field])) {
          perField[field] = (perField[field] ?? 0) + group.localIds.length;
          differs = true;
        }
      }
      if (differs) changingIds.push(...group.localIds);
    }
    yield;
  }
  changingIds.sort((a, b) => a - b);
  const samples = changingIds.slice(0, 10).map((localId) => {
    const item = reads.item(localId);
    if (!item || item.deletedAt !== null) throw new DraftError('not-found', `item ${localId} does not exist`, [], undefined, { reason: 'item-not-found', params: { id: localId } });
    const before: Record<string, Value> = {};
    const after: Record<string, Value> = {};
    for (const field of fields) {
      before[field] = (item.fields[field] ?? null) as Value;
      after[field] = (values[field] ?? null) as Value;
    }
    return { localId, title: (item.fields.title ?? null) as string | null, before, after };
  });
  return { selected: unique.length, changing: changingIds.length, perField, samples, refused, warnings: yield* notApplying(reads, unique, fields) };
}
