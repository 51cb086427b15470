// The ids behind the purchases and sales lists (4.9), one page at a time. The routes turn them
// into item summaries with the shared views.
import type { Db } from '../../db/open.ts';
import type { PurchasesQuery, SalesQuery } from '../../../shared/api/index.ts';
import { closedItemSql, openItemSql } from '../items/open-closed-sql.ts';
import { CURRENT_PRICE_SQL } from '../search/item-search.ts';

/** Which page to read, and the time "open" and "closed" are judged at. */
export interface ListPage {
  limit: number;
  offset: number;
  now: number;
}

export interface IdPage {
  ids: number[];
  total: number;
}

/** Items the user has bid on or bought, latest activity first. `open` and `closed` as in search
 * (open-closed-sql.ts); `processing`: won or bought (a trade with the user as buyer) and not yet
 * given feedback by the user on that trade. */
export function purchaseIds(db: Db, userId: number, query: PurchasesQuery, page: ListPage): IdPage {
  const where: string[] = [];
  switch (query.status ?? 'all') {
    case 'open':
      where.push(openItemSql());
      break;
    case 'closed':
      where.push(closedItemSql());
      break;
    case 'processing':
      where.push(`EXISTS (SELECT 1 FROM trades t WHERE t.item_id = i.id AND t.buyer_id = @user
                    AND NOT EXISTS (SELECT 1 FROM feedbacks f WHERE f.trade_id = t.id AND f.author_id = @user))`);
      break;
    case 'all':
      break;
  }
  if (query.post_id !== undefined) where.push('i.id = @post');
  const from = `
    FROM (SELECT item_id, max(at) AS at FROM (
            SELECT item_id, max(created) AS at FROM bids WHERE bidder_id = @user GROUP BY item_id
            UNION ALL
            SELECT item_id, max(created) AS at FROM trades WHERE buyer_id = @user GROUP BY item_id)
          GROUP BY item_id) mine
    JOIN items i ON i.id = mine.item_id
    ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
  const params = { user: userId, post: query.post_id ?? null, now: page.now };
  const total = (db.prepare(`SELECT count(*) AS n ${from}`).get(params) as { n: number }).n;
  const ids = db
    .prepare(`SELECT i.id ${from} ORDER BY mine.at DESC, i.id DESC LIMIT @limit OFFSET @offset`)
    .pluck()
    .all({ ...params, limit: page.limit, offset: page.offset }) as number[];
  return { ids, total };
}

const SALES_ORDER: Record<NonNullable<SalesQuery['sort']>, string> = {
  bidders: 'i.bidder_count DESC, i.id DESC',
  'closing-time': 'i.closing_time IS NULL, i.closing_time ASC, i.id DESC',
  'current-price': `coalesce(${CURRENT_PRICE_SQL}, 0) DESC, i.id DESC`,
  'list-time': 'i.list_time IS NULL, i.list_time DESC, i.id DESC',
};

/** Items the user created. `open` and `closed` as in search; `draft` lists draft and preview
 * items (both unpublished and editable); `sold` and `republished` act only with status open or closed. */
export function salesIds(db: Db, userId: number, query: SalesQuery, page: ListPage & { changedSince?: number }): IdPage {
  const where = ['i.seller_id = @user'];
  const status = query.status ?? 'all';
  switch (status) {
    case 'open':
      where.push(openItemSql());
      break;
    case 'closed':
      where.push(closedItemSql());
      break;
    case 'waiting':
      where.push(`i.status = 'waiting'`);
      break;
    case 'draft':
      where.push(`i.status IN ('draft', 'preview')`);
      break;
    case 'all':
      break;
  }
  // Extension (sync): items changed since a time. `updated` moves with every change of the item
  // (fields, status, bids, offers, images); the closing job bumps it when it closes the item.
  if (page.changedSince !== undefined) where.push('i.updated >= @since');
  if (status === 'open' || status === 'closed') {
    if (query.sold === 1) where.push('EXISTS (SELECT 1 FROM trades t WHERE t.item_id = i.id)');
    if (query.sold === 0) where.push('NOT EXISTS (SELECT 1 FROM trades t WHERE t.item_id = i.id)');
    if (query.republished === 1) where.push('i.republished_from IS NOT NULL');
  }
  const from = `FROM items i WHERE ${where.join(' AND ')}`;
  const params = { user: userId, now: page.now, since: page.changedSince ?? 0 };
  const total = (db.prepare(`SELECT count(*) AS n ${from}`).get(params) as { n: number }).n;
  const ids = db
    .prepare(`SELECT i.id ${from} ORDER BY ${SALES_ORDER[query.sort ?? 'list-time']} LIMIT @limit OFFSET @offset`)
    .pluck()
    .all({ ...params, limit: page.limit, offset: page.offset }) as number[];
  return { ids, total };
}
