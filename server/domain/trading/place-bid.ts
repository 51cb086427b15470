// Placing a bid: one IMMEDIATE transaction per bid, so bids on one item are serialised (and
// better-sqlite3 runs them one at a time anyway): the state is rebuilt from the stored bids, the
// pure engine decides, and the bid, the item's price and any trade are written together.
import { conflict, forbidden, invalid, notFound, validationError } from '../../http/errors.ts';
import type { Service } from '../../service.ts';
import { applyBid } from '../bidding/engine.ts';
import { isWholeCents, toCents, toEuros } from '../bidding/increase-table.ts';
import { closeItem } from '../items/close-item.ts';
import { findItem, isVisibleTo, type ItemWithSeller } from '../items/item-row.ts';
import { auctionStateOf, rulesOf } from './auction-state.ts';
import { feedbackBalance } from './feedback-summary.ts';
import { recordTrade } from './record-trade.ts';
import { prepared } from './statements.ts';

export interface PlaceBidInput {
  itemId: number;
  bidderId: number;
  /** Euros; with `automatic`, the bidder's secret maximum. */
  amount: number;
  automatic: boolean;
  quantityMin?: number | undefined;
  quantityMax?: number | undefined;
}

export interface PlaceBidResult {
  bidId: number;
  leading: boolean;
  /** Units bought when the bid bought at the buy-now price; null for auction bids. */
  purchasedQuantity: number | null;
  item: ItemWithSeller;
}

export function placeBid(service: Service, input: PlaceBidInput, now: number): PlaceBidResult {
  const { db } = service;
  if (!isWholeCents(input.amount)) throw invalid('bid', 'invalid_amount', 'bid: at most two decimals (whole cents)');
  return db
    .transaction((): PlaceBidResult => {
      const item = findItem(db, input.itemId);
      // Someone else's draft answers like an unknown id: its existence is not revealed.
      if (!item || !isVisibleTo(item, input.bidderId)) throw notFound('item');
      if (item.seller_id === input.bidderId) throw forbidden('own_item', 'the seller cannot bid on their own item');
      if (item.status === 'closed') throw conflict('item_closed', 'the item is closed');
      if (item.status !== 'published') throw conflict('item_not_published', `the item is ${item.status}, not published`);
      if (item.minimum_feedback > 0 && feedbackBalance(db, input.bidderId) < item.minimum_feedback) {
        throw forbidden('feedback_too_low', `bidding needs a feedback balance of at least ${item.minimum_feedback}`);
      }
      const rules = rulesOf(item);
      const state = auctionStateOf(db, item);
      const lastId = (prepared(db, 'SELECT max(id) AS id FROM bids').get() as { id: number | null }).id ?? 0;
      const outcome = applyBid(rules, state, {
        bidderId: input.bidderId,
        amount: toCents(input.amount),
        automatic: input.automatic,
        time: now,
        seq: lastId + 1,
      });
      const firstBidByUser = prepared(db, 'SELECT 1 FROM bids WHERE bidder_id = ? AND item_id = ? LIMIT 1').get(input.bidderId, item.id) === undefined;
      const insertBid = (amount: number, max: number, quantity: number) =>
        Number(
          prepared(
            db,
            `INSERT INTO bids (item_id, bidder_id, amount, max_amount, automatic, quantity, created)
               VALUES (?, ?, ?, ?, ?, ?, ?)`,
          ).run(item.id, input.bidderId, amount, max, input.automatic ? 1 : 0, quantity, now).lastInsertRowid,
        );
      const countBidder = firstBidByUser ? 1 : 0;

      switch (outcome.kind) {
        case 'refused':
          if (outcome.reason === 'closed') throw conflict('item_closed', 'the item has closed; bids are no longer taken');
          throw invalid('bid', 'bid_too_low', `bid: must be at least ${toEuros(outcome.minimum).toFixed(2)}`);
        case 'buy': {
          const quantity = purchaseQuantity(item, input);
          const { bidId } = recordPurchase(service, item, { buyerId: input.bidderId, quantity, price: toEuros(outcome.price), automatic: input.automatic }, now);
          return { bidId, leading: true, purchasedQuantity: quantity, item: findItem(db, item.id)! };
        }
        case 'bid': {
          const bidId = insertBid(toEuros(outcome.recordedAmount), input.amount, 1);
          prepared(db, 'UPDATE items SET current_price = ?, bidder_count = bidder_count + ?, updated = ? WHERE id = ?').run(
            toEuros(outcome.state.price ?? rules.startingPrice),
            countBidder,
            now,
            item.id,
          );
          return { bidId, leading: outcome.leading, purchasedQuantity: null, item: findItem(db, item.id)! };
        }
        default: {
          const unreachable: never = outcome;
          return unreachable;
        }
      }
    })
    .immediate();
}

export interface Purchase {
  buyerId: number;
  /** Units bought. */
  quantity: number;
  /** Per unit, euros. */
  price: number;
  automatic: boolean;
}

/**
 * What a purchase at the buy-now price writes, once its checks passed: the buying bid, the
 * item's bidder count (the buyer's first bid on it) and price, the trade (sold and left
 * quantities), and the close of an auction bought outright or a buy-now item with nothing left.
 * Live purchases (placeBid) and the demo seed's purchases both go through here, so a seeded
 * sale reads like a live one. Runs inside the caller's transaction.
 */
export function recordPurchase(service: Service, item: ItemWithSeller, purchase: Purchase, now: number): { bidId: number; tradeId: number } {
  const { db } = service;
  const firstBidByUser = prepared(db, 'SELECT 1 FROM bids WHERE bidder_id = ? AND item_id = ? LIMIT 1').get(purchase.buyerId, item.id) === undefined;
  const bidId = Number(
    prepared(
      db,
      `INSERT INTO bids (item_id, bidder_id, amount, max_amount, automatic, quantity, created)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(item.id, purchase.buyerId, purchase.price, purchase.price, purchase.automatic ? 1 : 0, purchase.quantity, now).lastInsertRowid,
  );
  db.prepare(
    `UPDATE items SET bidder_count = bidder_count + ?, current_price = CASE WHEN sale_method = 'auction' THEN ? ELSE current_price END,
       updated = ? WHERE id = ?`,
  ).run(firstBidByUser ? 1 : 0, purchase.price, now, item.id);
  const tradeId = recordTrade(
    db,
    { itemId: item.id, sellerId: item.seller_id, buyerId: purchase.buyerId, kind: 'buy-now', sourceId: bidId, quantity: purchase.quantity, price: purchase.price },
    now,
  );
  const after = findItem(db, item.id)!;
  // An auction bought outright, or a buy-now item with nothing left, closes now.
  if (after.sale_method === 'auction' || (after.quantity_left ?? 0) <= 0) closeItem(service, item.id, now);
  return { bidId, tradeId };
}

/** Units a buy-now bid takes: as many as are left within quantityMin..quantityMax, which are
 * required when the item lists more than one unit. */
function purchaseQuantity(item: ItemWithSeller, input: PlaceBidInput): number {
  const listed = item.quantity ?? 1;
  const left = item.quantity_left ?? listed;
  if (left <= 0) throw conflict('sold_out', 'no units are left');
  if (listed <= 1) return 1;
  const missing = (['quantityMin', 'quantityMax'] as const).filter((f) => input[f] === undefined);
  if (missing.length > 0) {
    throw validationError(
      missing.map((field) => ({ field, code: 'required', messages: [`${field}: required when the item's quantity is more than one`] })),
    );
  }
  const min = input.quantityMin!;
  const max = input.quantityMax!;
  if (min > max) throw invalid('quantityMin', 'invalid_range', 'quantityMin: must not exceed quantityMax');
  const take = Math.min(max, left);
  if (take < min) throw conflict('quantity_unavailable', `only ${left} left, fewer than quantityMin ${min}`);
  return take;
}
