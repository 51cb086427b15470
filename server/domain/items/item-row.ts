// The items table as the code sees it, and the reads every module shares.
import type { Db } from '../../db/open.ts';
import { notFound } from '../../http/errors.ts';
import type { Condition, ItemStatus, SaleMethod } from '../../../shared/api/index.ts';

export interface ItemRow {
  id: number;
  seller_id: number;
  status: ItemStatus;
  title: string | null;
  description: string | null;
  sale_method: SaleMethod | null;
  condition: Condition | null;
  category_id: number | null;
  main_category_id: number | null;
  section_category_id: number | null;
  starting_price: number | null;
  current_price: number | null;
  buy_now_price: number | null;
  minimum_increase: number | null;
  reserve_price: number | null;
  quantity: number | null;
  quantity_left: number | null;
  open_days: number | null;
  list_time: number | null;
  closing_time: number | null;
  list_time_requested: 0 | 1;
  postal_code: string;
  location: string | null;
  is_location_abroad: 0 | 1;
  delivery_methods: string; // JSON array
  delivery_price: number | null;
  delivery_terms: string | null;
  payment_methods: string; // JSON array
  payment_terms: string | null;
  identification_required: 0 | 1;
  minimum_feedback: number;
  republish: 0 | 1;
  marginal_tax: 0 | 1;
  vat: number | null;
  offers_allowed: 0 | 1;
  upgrades: string; // JSON array
  original_id: number | null;
  republished_from: number | null;
  bidder_count: number;
  offer_count: number;
  hits: number;
  sold_quantity: number;
  closed_at: number | null;
  created: number;
  updated: number;
}

/** An item row with the seller's name, as list and detail views need it. */
export interface ItemWithSeller extends ItemRow {
  seller_name: string;
  seller_type: 'private' | 'company';
}

export const ITEM_WITH_SELLER_SQL = `
  SELECT i.*, u.username AS seller_name, u.type AS seller_type
    FROM items i JOIN users u ON u.id = i.seller_id`;

export function findItem(db: Db, id: number): ItemWithSeller | undefined {
  return db.prepare(`${ITEM_WITH_SELLER_SQL} WHERE i.id = ?`).get(id) as ItemWithSeller | undefined;
}

export function findItems(db: Db, ids: readonly number[]): ItemWithSeller[] {
  if (ids.length === 0) return [];
  const rows = db
    .prepare(`${ITEM_WITH_SELLER_SQL} WHERE i.id IN (SELECT value FROM json_each(?))`)
    .all(JSON.stringify(ids)) as ItemWithSeller[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is ItemWithSeller => r !== undefined);
}

/** Statuses anyone may know of; an item in another state exists only for its seller. */
export const PUBLIC_ITEM_STATUSES: readonly ItemStatus[] = ['published', 'closed'];

/** Whether `viewerId` (null: no token) may learn that the item exists. */
export function isVisibleTo(item: Pick<ItemRow, 'status' | 'seller_id'>, viewerId: number | null): boolean {
  return PUBLIC_ITEM_STATUSES.includes(item.status) || item.seller_id === viewerId;
}

/**
 * The item, if the viewer may know it exists; otherwise the same 404 as an unknown id (never a
 * 403: a stranger must not learn that someone's draft exists; issue 9, finding 7).
 */
export function visibleItem(db: Db, itemId: number, viewerId: number | null, what = 'item'): ItemWithSeller {
  const item = findItem(db, itemId);
  if (!item || !isVisibleTo(item, viewerId)) throw notFound(what);
  return item;
}

/** Items open for trading: published and not past closing. */
export function isOpen(item: Pick<ItemRow, 'status' | 'closing_time'>, now: number): boolean {
  return item.status === 'published' && item.closing_time !== null && now < item.closing_time;
}
