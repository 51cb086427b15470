// 4.4 search parameters, and the sales/purchases parameters of 4.9. Values outside the allowed
// set are ignored (they become undefined and are left out of links.self), never an error.
import { z } from 'zod';
import {
  PurchaseStatus,
  SalesSort,
  SalesStatus,
  SearchAddTime,
  SearchClosingTime,
  SearchCondition,
  SearchSellerType,
  SearchSellStyle,
  SearchSort,
  SearchStatus,
} from './enums.ts';
import { DecimalNumber } from './common.ts';

const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const int = (min: number, max: number) => DecimalNumber.pipe(z.number().int().min(min).max(max));
const positiveInt = int(1, 2 ** 31);
const price = DecimalNumber.pipe(z.number().min(0).max(1e9));

/** "1,2-3": several category ids separated by commas or dashes; bad parts are dropped. */
const CategoryIds = z.string().transform((raw, ctx) => {
  const ids = raw
    .split(/[,-]/)
    .map((s) => s.trim())
    .filter((s) => /^\d{1,9}$/.test(s))
    .map(Number);
  if (ids.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'no category ids' });
    return z.NEVER;
  }
  return [...new Set(ids)];
});

export const SearchQuery = z.object({
  words: lenient(z.string().trim().min(1).max(200)),
  addtime: lenient(SearchAddTime),
  closingtime: lenient(SearchClosingTime),
  area: lenient(z.string().trim().min(1).max(100)),
  biddernro: lenient(positiveInt),
  sellernro: lenient(positiveInt),
  category: lenient(CategoryIds),
  condition: lenient(SearchCondition),
  /** Also accepted as `classification` (existing clients send it); see the route. */
  classification: lenient(SearchCondition),
  feedback_limit: lenient(int(-1_000_000, 1_000_000)),
  limit: lenient(DecimalNumber.pipe(z.union([z.literal(50), z.literal(500)]))),
  page: lenient(positiveInt),
  price_min: lenient(price),
  price_max: lenient(price),
  seller_type: lenient(SearchSellerType),
  sellstyle: lenient(SearchSellStyle),
  sort: lenient(SearchSort),
  status: lenient(SearchStatus),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

export const SalesQuery = z.object({
  status: lenient(SalesStatus),
  sort: lenient(SalesSort),
  page: lenient(positiveInt),
  sold: lenient(DecimalNumber.pipe(z.union([z.literal(0), z.literal(1)]))),
  republished: lenient(DecimalNumber.pipe(z.literal(1))),
  limit: lenient(DecimalNumber.pipe(z.union([z.literal(50), z.literal(500)]))),
});
export type SalesQuery = z.infer<typeof SalesQuery>;

export const PurchasesQuery = z.object({
  status: lenient(PurchaseStatus),
  /** Not shown in the document; here: narrows the list to one item id. */
  post_id: lenient(positiveInt),
  page: lenient(positiveInt),
  limit: lenient(DecimalNumber.pipe(z.union([z.literal(50), z.literal(500)]))),
});
export type PurchasesQuery = z.infer<typeof PurchasesQuery>;

export const FavoritesQuery = z.object({
  status: lenient(SearchStatus),
  limit: lenient(DecimalNumber.pipe(z.union([z.literal(50), z.literal(500)]))),
  page: lenient(positiveInt),
});
export type FavoritesQuery = z.infer<typeof FavoritesQuery>;
