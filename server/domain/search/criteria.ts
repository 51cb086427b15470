// From the accepted search parameters (shared/api/search.ts, already stripped of values outside
// the allowed set) to the criteria the query runs on, and to the parameters page links echo.
import type { Condition, SaleMethod, SearchQuery } from '../../../shared/api/index.ts';
import type { QueryValue } from '../../http/links.ts';
import type { CategoryTree } from '../categories.ts';
import { DAY_MS } from '../time.ts';
import { areaFilter, type AreaFilter } from './area.ts';
import { ftsMatchExpression } from './fts.ts';

export type SearchSortName = NonNullable<SearchQuery['sort']>;
export type SearchStatusName = NonNullable<SearchQuery['status']>;

export interface SearchCriteria {
  /** FTS5 MATCH expression over title and description. */
  match: string | null;
  /** Category ids with all their descendants; null: every category. */
  categoryIds: number[] | null;
  status: SearchStatusName;
  /** Listed within this many ms before now. */
  addedWithinMs: number | null;
  /** Closing within this many ms after now. */
  closingWithinMs: number | null;
  area: AreaFilter | null;
  bidderId: number | null;
  sellerId: number | null;
  /** Sellers whose feedback balance (sum of ratings received) is at least this. */
  feedbackMin: number | null;
  condition: Condition | null;
  priceMin: number | null;
  priceMax: number | null;
  sellerType: 'company' | 'private' | null;
  saleMethod: SaleMethod | null;
  /** Only items with the `category-gallery` upgrade (the category gallery). */
  galleryOnly: boolean;
  sort: SearchSortName;
  limit: 50 | 500;
  page: number;
}

const ADD_TIME: Record<NonNullable<SearchQuery['addtime']>, number> = {
  'past-day': DAY_MS,
  'past-2days': 2 * DAY_MS,
  'past-5days': 5 * DAY_MS,
  'past-week': 7 * DAY_MS,
};
const CLOSING_TIME: Record<NonNullable<SearchQuery['closingtime']>, number> = {
  'next-day': DAY_MS,
  'next-2days': 2 * DAY_MS,
  'next-5days': 5 * DAY_MS,
  'next-week': 7 * DAY_MS,
};

export interface NormalizedSearch {
  criteria: SearchCriteria;
  /** The accepted parameters under the names they were sent, in a fixed order, for links (page is
   * added per link). */
  echo: Record<string, QueryValue>;
}

/** Descendants of every id; unknown ids stay in the list, so they match no item. */
export function expandCategories(tree: CategoryTree, ids: readonly number[]): number[] {
  const out = new Set<number>();
  for (const id of ids) {
    if (id === 0 || tree.byId.has(id)) for (const d of tree.descendants(id)) out.add(d);
    else out.add(id);
  }
  return [...out];
}

export function normalizeSearch(query: SearchQuery, tree: CategoryTree): NormalizedSearch {
  // A words value without a single letter or digit is outside the allowed set: ignored.
  const match = query.words === undefined ? null : ftsMatchExpression(query.words);
  const words = match === null ? undefined : query.words;
  // `classification` is another name for `condition`; `condition` wins when both are sent.
  const conditionParam = query.condition ?? query.classification;
  const criteria: SearchCriteria = {
    match,
    categoryIds: query.category ? expandCategories(tree, query.category) : null,
    status: query.status ?? 'open',
    addedWithinMs: query.addtime ? ADD_TIME[query.addtime] : null,
    closingWithinMs: query.closingtime ? CLOSING_TIME[query.closingtime] : null,
    area: query.area ? areaFilter(query.area) : null,
    bidderId: query.biddernro ?? null,
    sellerId: query.sellernro ?? null,
    feedbackMin: query.feedback_limit ?? null,
    condition: conditionParam === undefined || conditionParam === 'none' ? null : conditionParam,
    priceMin: query.price_min ?? null,
    priceMax: query.price_max ?? null,
    sellerType: query.seller_type === 'company' ? 'company' : query.seller_type === 'user' ? 'private' : null,
    saleMethod: query.sellstyle === 'auction' || query.sellstyle === 'buy-now' ? query.sellstyle : null,
    galleryOnly: false,
    sort: query.sort ?? 'hits',
    limit: query.limit ?? 50,
    page: query.page ?? 1,
  };
  const echo: Record<string, QueryValue> = {
    words,
    addtime: query.addtime,
    closingtime: query.closingtime,
    area: query.area,
    biddernro: query.biddernro,
    sellernro: query.sellernro,
    category: query.category?.join(','),
    // Each under the name it was sent: a client that sent `classification` finds it in its links.
    condition: query.condition,
    classification: query.classification,
    feedback_limit: query.feedback_limit,
    price_min: query.price_min,
    price_max: query.price_max,
    seller_type: query.seller_type,
    sellstyle: query.sellstyle,
    sort: query.sort,
    status: query.status,
    limit: query.limit,
  };
  return { criteria, echo };
}
