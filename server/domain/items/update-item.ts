// PUT /items/{id}: data edits (draft and preview only) and status changes, by the seller.
//
//   from \ to   draft        preview       published          closed
//   draft       (edit)       validate      409                409
//   preview     draft limit  (edit+valid.) validate; waiting  409
//                                          if listTime future
//   published   409          409           409                close
//   waiting     409          409           409                close (withdraw)
//   closed      409          409           409                409
//   disabled    409          409           409                409
import { LIMITS, SettableStatus, type ItemInput } from '../../../shared/api/index.ts';
import { conflict, forbidden, invalid, notFound, validationError } from '../../http/errors.ts';
import type { Service } from '../../service.ts';
import { itemRules } from '../user-rules.ts';
import { closeItem } from './close-item.ts';
import type { Seller } from './create-item.ts';
import { applyInput, dataOf } from './item-data.ts';
import { findItem, type ItemWithSeller } from './item-row.ts';
import { countDrafts, countImages, updateItemData } from './item-store.ts';
import { plannedTimes, restrictedProblems, validateComplete } from './item-validation.ts';

const isEditable = (status: string) => status === 'draft' || status === 'preview';

export function updateItem(service: Service, seller: Seller, itemId: number, input: ItemInput, now: number): void {
  const item = findItem(service.db, itemId);
  if (!item) throw notFound(`item ${itemId}`);
  if (item.seller_id !== seller.id) throw forbidden('not_owner', 'only the seller may change this item');
  const target = input.status;
  if (target === undefined || (target === item.status && isEditable(item.status))) {
    if (!isEditable(item.status)) {
      throw conflict('not_editable', `item data can be edited only in draft or preview; this item is ${item.status}`);
    }
    return saveData(service, seller, item, input, item.status === 'draft' ? 'draft' : 'preview', now);
  }
  if (!SettableStatus.safeParse(target).success) {
    throw invalid('status', 'status_not_allowed', `status: a status update accepts ${SettableStatus.options.join(', ')}`);
  }
  const transition = `${item.status}->${target}`;
  switch (transition) {
    case 'draft->preview':
    case 'preview->draft':
      return saveData(service, seller, item, input, target === 'draft' ? 'draft' : 'preview', now);
    case 'preview->published':
      return publish(service, seller, item, now);
    case 'published->closed':
    case 'waiting->closed':
      closeItem(service, item.id, now);
      return;
    default:
      throw conflict('invalid_transition', `an item cannot go from ${item.status} to ${target}`, 'status');
  }
}

/** Applies the parameters and saves them with `status`; a preview is validated in full. */
function saveData(service: Service, seller: Seller, item: ItemWithSeller, input: ItemInput, status: 'draft' | 'preview', now: number): void {
  const { db, tz } = service;
  const rules = itemRules(seller);
  const refused = restrictedProblems(input, rules);
  if (refused.size > 0) throw validationError(refused.entries());
  const { data, problems } = applyInput(dataOf(item), input, { db, tz });
  if (status === 'preview') problems.addAll(validateComplete(data, rules, { db, now, imageCount: countImages(db, item.id) }).entries());
  if (problems.size > 0) throw validationError(problems.entries());
  db.transaction(() => {
    if (status === 'draft' && item.status !== 'draft' && countDrafts(db, seller.id) >= LIMITS.draftsPerUser) {
      throw conflict('draft_limit', `a user may have at most ${LIMITS.draftsPerUser} drafts`);
    }
    updateItemData(db, item.id, status, data, now);
  })();
}

/** Validates what is saved and lists the item; other parameters sent along are ignored. */
function publish(service: Service, seller: Seller, item: ItemWithSeller, now: number): void {
  const { db } = service;
  const data = dataOf(item);
  const problems = validateComplete(data, itemRules(seller), { db, now, imageCount: countImages(db, item.id) });
  if (problems.size > 0) throw validationError(problems.entries());
  const { listTime, closingTime } = plannedTimes(data, now);
  const status = listTime > now ? 'waiting' : 'published';
  const price = data.sale_method === 'auction' ? data.starting_price : data.buy_now_price;
  db.prepare(
    `UPDATE items SET status = ?, list_time = ?, closing_time = ?, current_price = ?, quantity_left = quantity, updated = ?
      WHERE id = ? AND status = 'preview'`,
  ).run(status, listTime, closingTime, price, now, item.id);
}
