// The SQL of each sort order of 4.4: its ORDER BY and the index that delivers it for one status.
import type { SearchSortName } from './criteria.ts';

/** The price an item stands at, as SQL; the same expression as currentPriceOf() in item-views. */
export const CURRENT_PRICE_SQL =
  "(CASE WHEN i.sale_method = 'buy-now' THEN i.buy_now_price ELSE coalesce(i.current_price, i.starting_price) END)";

// Each order ends with the id in the same direction, so equal keys page stably and the index
// (which carries the rowid as its last column) can deliver the order without a sort.
export const ORDER_BY: Record<SearchSortName, string> = {
  hits: 'i.hits DESC, i.id DESC',
  newest: 'i.list_time DESC, i.id DESC',
  closing: 'i.closing_time ASC, i.id ASC',
  lowprice: `${CURRENT_PRICE_SQL} ASC, i.id ASC`,
  highprice: `${CURRENT_PRICE_SQL} DESC, i.id DESC`,
  bidders: 'i.bidder_count DESC, i.id DESC',
  title: 'i.title COLLATE NOCASE ASC, i.id ASC',
};

/** Indexes that deliver each sort order for one status, so a page is read without sorting. */
export const SORT_INDEX: Record<SearchSortName, string> = {
  hits: 'items_status_hits',
  newest: 'items_status_list',
  closing: 'items_status_closing',
  lowprice: 'items_status_current_price',
  highprice: 'items_status_current_price',
  bidders: 'items_status_bidders',
  title: 'items_status_title',
};
