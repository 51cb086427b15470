// 4.4 GET /1.1/items: search. The parameters come from shared/api/search.ts; values outside the
// allowed set are ignored. The same runner serves the category item lists (categories.ts).
import type { FastifyRequest } from 'fastify';
import { ErrorBody, ItemList, SearchQuery } from '../../shared/api/index.ts';
import { categoryTree } from '../domain/categories.ts';
import { findItems } from '../domain/items/item-row.ts';
import type { NormalizedSearch } from '../domain/search/criteria.ts';
import { normalizeSearch } from '../domain/search/criteria.ts';
import { searchItems } from '../domain/search/item-search.ts';
import type { App } from '../http/app-types.ts';
import { optionalUser } from '../http/auth.ts';
import { linksFor } from '../http/links.ts';
import type { Service } from '../service.ts';
import { pagedItemList } from '../views/list-views.ts';

export const SEARCH_DECISIONS = `
Decisions (the document leaves these open):
- Response: an item list (2.4) of item summaries (2.3), with totalCount and the page links self, first, last, next, previous. Every page link carries \`page\` and the accepted parameters; values outside the allowed set are ignored (never an error) and left out of the links. A page past the last one answers 200 with no items.
- Only published and closed items are ever found; drafts, previews, waiting and disabled items never.
- status: \`open\` (default) = published and not past its closing time; \`closed\` = closed, or published and past its closing time.
- words: full-text search over title and description (HTML stripped, diacritics folded). Every word must occur; the last word also matches as a prefix (2 characters or more). Punctuation and search operators in the text are plain separators. A value without any letter or digit is ignored.
- category: one or more ids separated by commas or dashes; each includes all its descendants. Id 0 is the root (every category). Unknown ids match no item.
- condition: \`none\` = no condition filter. \`classification\` is accepted as another name for \`condition\` (\`condition\` wins when both are sent). Links echo every accepted parameter under the name it was sent: \`classification=new\` stays \`classification=new\` (both, when both were sent).
- addtime: listed within the past 1, 2, 5 or 7 days. closingtime: closing within the next 1, 2, 5 or 7 days.
- area: a post office town, a municipality (Finnish or Swedish name) or a 5-digit postal code, case-insensitive; matches items whose postal code lies in it, or whose location equals it.
- biddernro: items the user has bid on. sellernro: items of that seller.
- feedback_limit: items of sellers whose feedback balance (sum of the ratings +1/0/-1 they have received; none = 0) is at least the value.
- price_min, price_max: on the current price (the leading bid or starting price of an auction; the buy-now price of a buy-now item), inclusive.
- seller_type: \`company\` = company sellers, \`user\` = private sellers. sellstyle: \`all\` = no filter.
- sort: hits (default, most viewed first), newest (latest listTime first), closing (soonest first), lowprice, highprice (current price), bidders (most first), title (A-Z, case-insensitive). Ties are ordered by id (in the sort's direction), so pages never overlap.
- limit: 50 (default) or 500. page: 1-based.
`.trim();

/** Runs a normalised search and builds the paged item list for `path`. */
export function respondWithList(
  request: FastifyRequest,
  service: Service,
  search: NormalizedSearch,
  path: string,
  extraLinks?: { gallery?: string; hits?: string },
): ItemList {
  const viewer = optionalUser(request, service);
  const now = service.clock.now();
  const { ids, totalCount } = searchItems(service.db, search.criteria, now);
  const links = linksFor(request, service);
  return pagedItemList(
    {
      items: findItems(service.db, ids),
      totalCount,
      page: search.criteria.page,
      limit: search.criteria.limit,
      path,
      query: search.echo,
      extraLinks,
      now,
    },
    { db: service.db, tz: service.tz, links, viewerId: viewer?.id ?? null },
  );
}

export function registerSearchRoutes(app: App, service: Service): void {
  app.get('/1.1/items', {
    schema: {
      summary: 'Search items',
      description: SEARCH_DECISIONS,
      tags: ['items'],
      querystring: SearchQuery,
      response: { 200: ItemList, 403: ErrorBody },
    },
    handler: (request) => respondWithList(request, service, normalizeSearch(request.query, categoryTree(service.db)), '/items'),
  });
}
