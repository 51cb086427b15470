// POST /items: a new item in preview (fully validated) or draft (only type-checked), or a draft
// copied from one of the seller's closed items (originalId).
import { LIMITS, type ItemInput } from '../../../shared/api/index.ts';
import { conflict, forbidden, invalid, notFound, validationError } from '../../http/errors.ts';
import type { Service } from '../../service.ts';
import { copyItemImages } from '../images/copy-images.ts';
import { DAY_MS } from '../time.ts';
import { itemRules, type RuleSubject } from '../user-rules.ts';
import { applyInput, dataOf, emptyData, type ItemData } from './item-data.ts';
import { findItem } from './item-row.ts';
import { countDrafts, insertItem } from './item-store.ts';
import { restrictedProblems, validateComplete } from './item-validation.ts';

export interface Seller extends RuleSubject {
  id: number;
}

/** Creates the item and returns its id. Nothing is written when anything is refused. */
export function createItem(service: Service, seller: Seller, input: ItemInput, now: number): number {
  const { db, tz } = service;
  const status = input.status ?? 'preview';
  if (input.originalId !== undefined) {
    if (status !== 'draft' && input.status !== undefined) {
      throw invalid('status', 'status_not_allowed', 'status: a copy (originalId) is always created as a draft');
    }
  } else if (status !== 'draft' && status !== 'preview') {
    throw invalid('status', 'status_not_allowed', `status: an item is created as preview or draft, not ${status}`);
  }
  const rules = itemRules(seller);
  const refused = restrictedProblems(input, rules);
  if (refused.size > 0) throw validationError(refused.entries());

  const original = input.originalId === undefined ? null : copySource(service, seller, input.originalId);
  const { data, problems } = applyInput(original?.data ?? emptyData(), input, { db, tz });
  const asDraft = original !== null || status === 'draft';
  if (!asDraft) problems.addAll(validateComplete(data, rules, { db, now, imageCount: 0 }).entries());
  if (problems.size > 0) throw validationError(problems.entries());

  return db.transaction(() => {
    if (asDraft && countDrafts(db, seller.id) >= LIMITS.draftsPerUser) {
      throw conflict('draft_limit', `a user may have at most ${LIMITS.draftsPerUser} drafts`);
    }
    const id = insertItem(db, { sellerId: seller.id, status: asDraft ? 'draft' : 'preview', data, originalId: original?.id ?? null }, now);
    // Last, so a failed file copy rolls the new row back (copyItemImages removes its own files).
    if (original) copyItemImages(service, original.id, id, now);
    return id;
  })();
}

/** The data of a closed item of this seller, ready to become a new draft. */
function copySource(service: Service, seller: Seller, originalId: number): { id: number; data: ItemData } {
  const original = findItem(service.db, originalId);
  if (!original) throw notFound(`item ${originalId}`, 'originalId');
  if (original.seller_id !== seller.id) throw forbidden('not_owner', 'originalId: only your own items can be copied');
  if (original.status !== 'closed') throw conflict('original_not_closed', 'originalId: only a closed item can be copied', 'originalId');
  const data = dataOf(original);
  // The copy sells again from now: keep the duration, not the old dates.
  const days = original.open_days ?? daysBetween(original.list_time, original.closing_time);
  return {
    id: original.id,
    data: { ...data, open_days: days, list_time: null, closing_time: null, list_time_requested: 0 },
  };
}

function daysBetween(from: number | null, to: number | null): number | null {
  if (from === null || to === null || to <= from) return null;
  return Math.max(1, Math.round((to - from) / DAY_MS));
}
