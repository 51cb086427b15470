// The /1.1 adapter of the research port (research/research-port.ts): a closed search
// (GET /1.1/items with words, status=closed, category, condition, sort=newest, one page of 50)
// read into the app's ClosedSale. A summary does not say "sold"; an item sold when it had bidders
// and met its reserve, or none was set (a buy-now purchase counts its buyer as a bidder). Its
// category id is read from its category link.
import type { ItemSummary } from '../../../shared/api/index.ts';
import type { ClosedSale, MarketResearchPort } from '../research/research-port.ts';
import type { ApiClient } from './client.ts';

/** One page: the newest 50 closed matches (the service's default page; a bigger one costs the
 * service more than the research gains: bench/results/research-*.json). */
export const CLOSED_PAGE = 50;

function categoryIdOf(link: string | null): number | null {
  const match = link === null ? null : /\/categories\/(\d+)\/?$/.exec(link);
  return match ? Number(match[1]) : null;
}

export function closedSaleOf(summary: ItemSummary): ClosedSale {
  const closedAt = summary.closingTime === null ? null : Date.parse(summary.closingTime.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return {
    id: summary.id,
    title: summary.title,
    categoryId: categoryIdOf(summary.links.category),
    categoryName: summary.category,
    saleMethod: summary.saleMethod,
    price: summary.currentPrice,
    bids: summary.bidderCount,
    sold: summary.bidderCount > 0 && (!summary.hasReservePrice || summary.hasReservePriceExceeded),
    closedAt: Number.isFinite(closedAt) ? closedAt : null,
  };
}

export function closedSalesAdapter(api: Pick<ApiClient, 'searchItems'>): MarketResearchPort {
  return {
    async closedSales(query, options) {
      const list = await api.searchItems(
        { words: query.words, status: 'closed', sort: 'newest', limit: CLOSED_PAGE, ...(query.categoryId !== undefined ? { category: [query.categoryId] } : {}), ...(query.condition ? { condition: query.condition } : {}) },
        // Not repeated by the HTTP layer: a 429 reaches research, which waits out its Retry-After
        // (bulk-research.ts) or shows the last results.
        { retries: 0, ...(options?.signal ? { signal: options.signal } : {}) },
      );
      return { sales: list.items.map(closedSaleOf), total: list.totalCount };
    },
  };
}
