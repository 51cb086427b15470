// Price offers (4.7). States: pending, then accepted, refused, cancelled (by the author, while
// pending) or expired (when the item closes, or 48 hours after the offer). Accepting sells to
// the offerer at the offered price: one unit of a buy-now item, or the whole auction, which
// closes it. A status change on an offer that is no longer pending changes nothing (409).
import type { Db } from '../../db/open.ts';
import { LIMITS, type OfferStatusChange } from '../../../shared/api/index.ts';
import { conflict, forbidden, invalid, notFound } from '../../http/errors.ts';
import type { Service } from '../../service.ts';
import { isWholeCents } from '../bidding/increase-table.ts';
import { closeItem } from '../items/close-item.ts';
import { findItem, isOpen, isVisibleTo } from '../items/item-row.ts';
import { HOUR_MS } from '../time.ts';
import { assertUnderLimits, type ListPage, type PageOf } from './per-user-limits.ts';
import { recordTrade } from './record-trade.ts';

export const OFFER_LIFETIME_MS = 48 * HOUR_MS;

export interface OfferRow {
  id: number;
  item_id: number;
  author_id: number;
  amount: number;
  message: string | null;
  status: 'pending' | 'accepted' | 'refused' | 'cancelled' | 'expired';
  created: number;
  updated: number;
  expires: number;
}

export interface OfferWithAuthor extends OfferRow {
  author_name: string;
}

const SELECT_WITH_AUTHOR = 'SELECT o.*, u.username AS author_name FROM offers o JOIN users u ON u.id = o.author_id';

export function findOffer(db: Db, id: number): OfferWithAuthor | undefined {
  return db.prepare(`${SELECT_WITH_AUTHOR} WHERE o.id = ?`).get(id) as OfferWithAuthor | undefined;
}

/** The seller sees every offer on the item; anyone else only their own; no caller, none. One page, newest first. */
export function offersVisibleTo(db: Db, itemId: number, sellerId: number, viewerId: number | null, page: ListPage): PageOf<OfferWithAuthor> {
  if (viewerId === null) return { rows: [], total: 0, updated: null };
  // -1 matches every author: the seller sees all.
  const author = viewerId === sellerId ? -1 : viewerId;
  const where = 'o.item_id = ? AND (? = -1 OR o.author_id = ?)';
  const rows = db
    .prepare(`${SELECT_WITH_AUTHOR} WHERE ${where} ORDER BY o.id DESC LIMIT ? OFFSET ?`)
    .all(itemId, author, author, page.size, (page.number - 1) * page.size) as OfferWithAuthor[];
  const { total, updated } = db.prepare(`SELECT count(*) AS total, max(o.updated) AS updated FROM offers o WHERE ${where}`).get(itemId, author, author) as {
    total: number;
    updated: number | null;
  };
  return { rows, total, updated };
}

/** Pending offers past their expiry become expired. Idempotent; the scheduler runs it too. */
export function expireDueOffers(db: Db, now: number): number {
  return db.prepare(`UPDATE offers SET status = 'expired', updated = ? WHERE status = 'pending' AND expires <= ?`).run(now, now)
    .changes;
}

export function createOffer(
  service: Service,
  input: { itemId: number; authorId: number; amount: number; message: string | null },
  now: number,
): OfferWithAuthor {
  const { db } = service;
  if (!isWholeCents(input.amount)) throw invalid('offer', 'invalid_amount', 'offer: at most two decimals (whole cents)');
  return db
    .transaction((): OfferWithAuthor => {
      const item = findItem(db, input.itemId);
      // Someone else's draft answers like an unknown id: its existence is not revealed.
      if (!item || !isVisibleTo(item, input.authorId)) throw notFound('item');
      if (item.seller_id === input.authorId) throw forbidden('own_item', 'the seller cannot make an offer on their own item');
      if (!isOpen(item, now)) throw conflict('item_closed', `the item is not open for offers (${item.status})`);
      if (item.offers_allowed !== 1) throw conflict('offers_not_allowed', 'the seller does not take offers on this item');
      assertUnderLimits(db, 'offers', input.authorId, item.id, now, {
        perItem: LIMITS.offersPerUserPerItem,
        perDay: LIMITS.offersPerUserPerDay,
        code: 'offer_limit',
      });
      const expires = Math.min(now + OFFER_LIFETIME_MS, item.closing_time ?? now + OFFER_LIFETIME_MS);
      const id = Number(
        db
          .prepare(
            `INSERT INTO offers (item_id, author_id, amount, message, status, created, updated, expires)
             VALUES (?, ?, ?, ?, 'pending', ?, ?, ?)`,
          )
          .run(item.id, input.authorId, input.amount, input.message, now, now, expires).lastInsertRowid,
      );
      db.prepare('UPDATE items SET offer_count = offer_count + 1, updated = ? WHERE id = ?').run(now, item.id);
      return findOffer(db, id)!;
    })
    .immediate();
}

export function changeOfferStatus(
  service: Service,
  input: { itemId: number; offerId: number; userId: number; status: OfferStatusChange },
  now: number,
): OfferWithAuthor {
  const { db } = service;
  // An offer past its expiry is expired before anyone may act on it (the scheduler may lag).
  expireDueOffers(db, now);
  return db
    .transaction((): OfferWithAuthor => {
      const offer = findOffer(db, input.offerId);
      if (!offer || offer.item_id !== input.itemId) throw notFound('offer');
      const item = findItem(db, offer.item_id)!;
      if (!isVisibleTo(item, input.userId) && offer.author_id !== input.userId) throw notFound('offer');
      if (input.status === 'cancelled' && offer.author_id !== input.userId) {
        throw forbidden('not_author', 'only the author may cancel an offer');
      }
      if (input.status !== 'cancelled' && item.seller_id !== input.userId) {
        throw forbidden('not_seller', `only the seller may set an offer ${input.status}`);
      }
      if (offer.status !== 'pending') throw conflict('offer_not_pending', `the offer is already ${offer.status}`);
      if (input.status === 'accepted') {
        if (!isOpen(item, now)) throw conflict('item_closed', 'the item has closed');
        const unit = item.sale_method === 'buy-now';
        recordTrade(
          db,
          {
            itemId: item.id,
            sellerId: item.seller_id,
            buyerId: offer.author_id,
            kind: 'offer',
            sourceId: offer.id,
            quantity: unit ? 1 : (item.quantity ?? 1),
            price: offer.amount,
          },
          now,
        );
      }
      db.prepare('UPDATE offers SET status = ?, updated = ? WHERE id = ?').run(input.status, now, offer.id);
      if (input.status === 'accepted') {
        const after = findItem(db, item.id)!;
        // The whole auction is sold; a buy-now item closes when no unit is left.
        if (after.sale_method !== 'buy-now' || (after.quantity_left ?? 0) <= 0) closeItem(service, item.id, now);
      }
      return findOffer(db, offer.id)!;
    })
    .immediate();
}
