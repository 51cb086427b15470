// 4.9 purchases (GET and POST /1.1/users/{userid}/purchases) and sales (GET .../sales): paged
// item lists (2.4) of the user's own trading, for that user's token only.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorBody, ItemList, PurchasesQuery, SalesQuery, timestampMs, UserIdParams } from '../../shared/api/index.ts';
import { findItems } from '../domain/items/item-row.ts';
import { purchaseIds, salesIds, type IdPage } from '../domain/trading/purchases-sales.ts';
import { TOKEN_SECURITY, type App } from '../http/app-types.ts';
import { requireSelf } from '../http/auth.ts';
import { linksFor, type QueryValue } from '../http/links.ts';
import type { Service } from '../service.ts';
import { summaryViews } from '../views/item-views.ts';
import { pageLinks, paging } from '../views/trading-views.ts';

const PURCHASES_DESCRIPTION =
  'Needs the token of user `userid` (403 without a token or for anyone else). Items the user has bid on or bought (auction bids, buy-now purchases, accepted offers), ' +
  'most recent activity of the user first, as a paged item list (2.4) whose elements also carry the item\'s `status`. ' +
  '`status`: `open` (published and not past its closing time), `closed` (closed, or published and past its closing time: the same as in search), `processing` (the user won or bought it and has not yet left feedback on that trade), `all` (default). ' +
  '`post_id` (decision, not shown in the document): narrows the list to the item with that id. `page` from 1, `limit` 50 (default) or 500. ' +
  'Unknown values of a parameter are ignored. POST takes the same parameters from a JSON, form or multipart body (or the query string; the body wins).';

export function registerPurchasesSalesRoutes(app: App, service: Service): void {
  const purchasesHandler = (request: FastifyRequest, userId: number, query: PurchasesQuery) => {
    requireSelf(request, service, userId);
    const page = paging(query.page, query.limit);
    const found = purchaseIds(service.db, userId, query, { ...page, now: service.clock.now() });
    const { status, post_id, limit } = query;
    return itemList(request, userId, `/users/${userId}/purchases`, { status, post_id, limit }, page, found);
  };

  const itemList = (
    request: FastifyRequest,
    viewerId: number,
    path: string,
    query: Record<string, QueryValue>,
    page: ReturnType<typeof paging>,
    found: IdPage,
  ) => {
    const links = linksFor(request, service);
    return {
      items: summaryViews(findItems(service.db, found.ids), { db: service.db, tz: service.tz, links, viewerId, summaryUpdated: service.config.syncExtension }),
      totalCount: found.total,
      updated: service.tz.format(service.clock.now()),
      links: pageLinks(links, path, query, page, found.total),
    };
  };

  app.get('/1.1/users/:userid/purchases', {
    schema: {
      summary: "The user's purchases",
      description: PURCHASES_DESCRIPTION,
      tags: ['users'],
      security: TOKEN_SECURITY,
      params: UserIdParams,
      querystring: PurchasesQuery,
      response: { 200: ItemList, 403: ErrorBody },
    },
    handler: (request) => purchasesHandler(request, request.params.userid, request.query),
  });

  app.post('/1.1/users/:userid/purchases', {
    schema: {
      summary: "The user's purchases (POST form of the document)",
      description: `${PURCHASES_DESCRIPTION} Answers 200: the call reads, it creates nothing.`,
      tags: ['users'],
      security: TOKEN_SECURITY,
      params: UserIdParams,
      querystring: PurchasesQuery,
      body: z.unknown().optional(),
      response: { 200: ItemList, 403: ErrorBody },
    },
    handler: (request) => {
      const body = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {};
      const merged = PurchasesQuery.parse({ ...request.query, ...flatten(body) });
      return purchasesHandler(request, request.params.userid, merged);
    },
  });

  app.get('/1.1/users/:userid/sales', {
    schema: {
      summary: "The user's sales",
      description:
        'Needs the token of user `userid` (403 without a token or for anyone else). Items the user created, as a paged item list (2.4); each element carries the item\'s `status`. ' +
        '`status`: `all` (default: every item of the user), `open` (published and not past its closing time), `closed` (closed, or published and past its closing time: the same as in search), `waiting`, `draft` (decision: draft and preview items, both unpublished and editable). ' +
        '`sort`: `list-time` (default; newest first, items never listed last), `closing-time` (soonest first, no closing time last), `current-price` (highest first), ' +
        '`bidders` (most first). `sold` 1: only items with at least one trade (auction won, buy-now purchase or accepted offer), 0: only items without; ' +
        '`republished` 1: only items published again automatically (republishedFrom set). `sold` and `republished` act only with `status` open or closed and are ignored otherwise. ' +
        '`page` from 1, `limit` 50 (default) or 500. Unknown values of a parameter are ignored. ' +
        'Extension (sync): each element carries `updated` (when the item last changed: fields, status, price, bids, offer count, images; the closing job bumps it); ' +
        '`changedSince` (a `Timestamp`, e.g. the `updated` of an earlier list, echoed back) lists only items whose `updated` is at or after it. Deleted items are not listed: compare `totalCount` of the whole list to find them.',
      tags: ['users'],
      security: TOKEN_SECURITY,
      params: UserIdParams,
      querystring: SalesQuery,
      response: { 200: ItemList, 403: ErrorBody },
    },
    handler: (request) => {
      requireSelf(request, service, request.params.userid);
      const query = request.query;
      const page = paging(query.page, query.limit);
      // A service without the extension ignores `changedSince` like any unknown parameter.
      const since = service.config.syncExtension && query.changedSince !== undefined ? timestampMs(query.changedSince) : null;
      const found = salesIds(service.db, request.params.userid, query, { ...page, now: service.clock.now(), ...(since === null ? {} : { changedSince: since }) });
      const { status, sort, sold, republished, limit } = query;
      const changedSince = since === null ? undefined : query.changedSince;
      return itemList(request, request.params.userid, `/users/${request.params.userid}/sales`, { status, sort, sold, republished, limit, changedSince }, page, found);
    },
  });
}

/** Multipart fields may arrive as { value } objects. */
function flatten(body: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(body).map(([k, v]) => [k, v && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : v]),
  );
}
