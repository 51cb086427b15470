// The paged item list of 2.4, shared by search, category lists, favorites and (later) sales and
// purchases: the page of summaries, totalCount and the page links, each carrying `page` and the
// accepted parameters of the request.
import type { ItemList } from '../../shared/api/index.ts';
import type { ItemWithSeller } from '../domain/items/item-row.ts';
import type { LinkBuilder, QueryValue } from '../http/links.ts';
import { summaryViews, type ViewContext } from './item-views.ts';

export interface PagedListInput {
  /** The rows of this page, in order. */
  items: ItemWithSeller[];
  totalCount: number;
  page: number;
  limit: number;
  /** Path under /1.1 of the list, e.g. `/items` or `/categories/5/items`. */
  path: string;
  /** The accepted parameters, echoed in every page link (undefined values are left out). */
  query: Record<string, QueryValue>;
  /** Extra links, e.g. gallery and hits on category lists. */
  extraLinks?: { gallery?: string; hits?: string };
  /** The list's `updated`; the request time. */
  now: number;
}

/**
 * Page links of an offer or question list (`path` under /1.1): self, item, first, next and
 * previous (null at the ends; past the last page, previous leads back to the last one).
 */
export function tradingListLinks(links: LinkBuilder, path: string, itemPath: string, page: number, totalCount: number, size: number) {
  const last = lastPage(totalCount, size);
  const at = (n: number) => links.api(path, { page: n === 1 ? undefined : n });
  return {
    self: at(page),
    item: links.api(itemPath),
    first: at(1),
    next: page < last ? at(page + 1) : null,
    previous: page > 1 ? at(Math.min(page - 1, last)) : null,
  };
}

export function lastPage(totalCount: number, limit: number): number {
  return Math.max(1, Math.ceil(totalCount / limit));
}

export function pagedItemList(input: PagedListInput, ctx: ViewContext): ItemList {
  const { page, totalCount, limit } = input;
  const last = lastPage(totalCount, limit);
  const at = (n: number) => ctx.links.api(input.path, { ...input.query, page: n });
  return {
    items: summaryViews(input.items, ctx),
    totalCount,
    updated: ctx.tz.format(input.now),
    links: {
      self: at(page),
      first: at(1),
      last: at(last),
      next: page < last ? at(page + 1) : null,
      // Past the last page, "previous" leads back to the last page that has items.
      previous: page > 1 ? at(Math.min(page - 1, last)) : null,
      ...input.extraLinks,
    },
  };
}
