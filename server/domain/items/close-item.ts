// Closing an item and everything closing means. Called by the scheduler at closingTime and by
// PUT /items/{id} status=closed. Idempotent: closing a closed item again records nothing twice,
// expires nothing twice and republishes at most once.
import type { ItemStatus } from '../../../shared/api/index.ts';
import { notFound } from '../../http/errors.ts';
import type { Service } from '../../service.ts';
import { reserveMet } from '../bidding/engine.ts';
import { toEuros } from '../bidding/increase-table.ts';
import { auctionStateOf, rulesOf } from '../trading/auction-state.ts';
import { itemHasTrade, recordTrade } from '../trading/record-trade.ts';
import { republishItem } from '../trading/republish.ts';
import { flushHits } from './hits.ts';
import { findItem } from './item-row.ts';

export interface CloseResult {
  /** Whether this call moved the item to `closed`. */
  changed: boolean;
  /** The item's status afterwards (unchanged for draft, preview and disabled items). */
  status: ItemStatus;
  /** The auction's winner recorded by this or an earlier close; null when none. */
  winnerId: number | null;
  /** The new item published again by this close; null when none. */
  republishedId: number | null;
}

/** Items that may close: published ones, and waiting ones (closed before they went on sale). */
const CLOSABLE: ReadonlySet<ItemStatus> = new Set(['published', 'waiting']);

export function closeItem(service: Service, itemId: number, now: number): CloseResult {
  const { db } = service;
  // IMMEDIATE: a bid on this item cannot slip in between reading the leader and closing.
  const result = db
    .transaction((): CloseResult => {
      const item = findItem(db, itemId);
      if (!item) throw notFound('item');
      if (!CLOSABLE.has(item.status) && item.status !== 'closed') {
        return { changed: false, status: item.status, winnerId: null, republishedId: null };
      }
      const changed = item.status !== 'closed';
      if (changed) {
        // Closed by time: at the closing instant; closed early by the seller: now.
        const closedAt = item.closing_time === null ? now : Math.min(now, item.closing_time);
        db.prepare(`UPDATE items SET status = 'closed', closed_at = ?, updated = ? WHERE id = ?`).run(closedAt, now, itemId);
      }
      db.prepare(`UPDATE offers SET status = 'expired', updated = ? WHERE item_id = ? AND status = 'pending'`).run(now, itemId);

      let winnerId: number | null = null;
      // An auction sold otherwise (accepted offer, buy-now bid) has no auction winner.
      if (item.sale_method === 'auction' && !itemHasTrade(db, itemId)) {
        const state = auctionStateOf(db, item);
        if (state.leader && state.price !== null && reserveMet(rulesOf(item), state)) {
          recordTrade(
            db,
            {
              itemId,
              sellerId: item.seller_id,
              buyerId: state.leader.bidderId,
              kind: 'auction',
              sourceId: state.leader.seq,
              quantity: item.quantity ?? 1,
              price: toEuros(state.price),
            },
            now,
          );
        }
      }
      if (item.sale_method === 'auction') {
        const won = db.prepare(`SELECT buyer_id FROM trades WHERE item_id = ? AND kind = 'auction'`).get(itemId) as
          | { buyer_id: number }
          | undefined;
        winnerId = won?.buyer_id ?? null;
      }

      // Republish only items that ran out their time unsold, not ones the seller closed early.
      const ranOut = item.closing_time !== null && now >= item.closing_time;
      const republishedId = ranOut && !itemHasTrade(db, itemId) ? republishItem(service, itemId, now) : null;
      return { changed, status: 'closed', winnerId, republishedId };
    })
    .immediate();
  // The hits counted in memory go with the item into its closed state.
  if (result.changed) flushHits(db, itemId);
  return result;
}
