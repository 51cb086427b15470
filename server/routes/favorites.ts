// 4.9 favorites: GET and POST /1.1/users/{id}/favorites, and DELETE of one favorite (extension).
import { z } from 'zod';
import {
  ErrorBody,
  FavoriteAddResult,
  FavoriteInput,
  FavoritesQuery,
  ItemIdParams,
  ItemList,
  PathId,
  UserIdParams,
} from '../../shared/api/index.ts';
import { addFavorite, isPublicItem, listFavorites, removeFavorite } from '../domain/favorites.ts';
import { findItems } from '../domain/items/item-row.ts';
import { TOKEN_SECURITY, type App } from '../http/app-types.ts';
import { requireSelf } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import { linksFor } from '../http/links.ts';
import type { Service } from '../service.ts';
import { pagedItemList } from '../views/list-views.ts';
import { summaryViews } from '../views/item-views.ts';

const RULES = `Decisions: favorites are personal, so every favorites call needs the X-MarketApiToken of that same user (403 without a token, with an invalid one, or with another user's). Unknown user: 404.`;

function requireKnownUser(service: Service, userId: number): void {
  if (!service.db.prepare('SELECT 1 FROM users WHERE id = ?').get(userId)) throw notFound('user', 'userid');
}

export function registerFavoritesRoutes(app: App, service: Service): void {
  app.get('/1.1/users/:userid/favorites', {
    schema: {
      summary: "The user's favorite items",
      description: `${RULES}
Returns an item list (2.4), newest favorite first. Query: status \`open\` (default: published and not past closing) or \`closed\`; limit 50 (default) or 500; page. Values outside these are ignored. Every page link carries page, status and limit (also when they were not sent).`,
      tags: ['users'],
      security: TOKEN_SECURITY,
      params: UserIdParams,
      querystring: FavoritesQuery,
      response: { 200: ItemList, 403: ErrorBody, 404: ErrorBody },
    },
    handler: (request) => {
      const userId = request.params.userid;
      requireKnownUser(service, userId);
      requireSelf(request, service, userId);
      const status = request.query.status ?? 'open';
      const limit = request.query.limit ?? 50;
      const page = request.query.page ?? 1;
      const now = service.clock.now();
      const { ids, totalCount } = listFavorites(service.db, userId, status, { limit, offset: (page - 1) * limit }, now);
      return pagedItemList(
        { items: findItems(service.db, ids), totalCount, page, limit, path: `/users/${userId}/favorites`, query: { status, limit }, now },
        { db: service.db, tz: service.tz, links: linksFor(request, service), viewerId: userId },
      );
    },
  });

  app.post('/1.1/users/:userid/favorites', {
    schema: {
      summary: 'Add an item to the favorites',
      description: `${RULES}
Body: \`itemid\` (form or JSON). 201 with the favorite add result (2.10); decision: its \`items\` holds the summary of the item just added, links.self is the favorites list and links.user the user. Adding an item that is already a favorite changes nothing and answers 201 again. Only public items (published or closed) can be added: any other item id answers 404 like an unknown one. A missing or non-numeric itemid: 400.`,
      tags: ['users'],
      security: TOKEN_SECURITY,
      params: UserIdParams,
      body: FavoriteInput,
      response: { 201: FavoriteAddResult, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
    },
    handler: (request, reply) => {
      const userId = request.params.userid;
      requireKnownUser(service, userId);
      requireSelf(request, service, userId);
      const itemId = request.body.itemid;
      if (!isPublicItem(service.db, itemId)) throw notFound('item', 'itemid');
      const now = service.clock.now();
      addFavorite(service.db, userId, itemId, now);
      const links = linksFor(request, service);
      reply.code(201);
      return {
        items: summaryViews(findItems(service.db, [itemId]), { db: service.db, tz: service.tz, links, viewerId: userId }),
        links: { self: links.api(`/users/${userId}/favorites`), user: links.api(`/users/${userId}`) },
        updated: service.tz.format(now),
      };
    },
  });

  app.delete('/1.1/users/:userid/favorites/:itemid', {
    schema: {
      summary: 'Remove an item from the favorites (extension)',
      description: `Extension. ${RULES} 204 when removed; 404 when the item is not among the user's favorites.`,
      tags: ['users'],
      security: TOKEN_SECURITY,
      params: z.object({ userid: PathId, itemid: ItemIdParams.shape.itemid }),
      response: { 204: z.null(), 403: ErrorBody, 404: ErrorBody },
    },
    handler: (request, reply) => {
      const { userid, itemid } = request.params;
      requireKnownUser(service, userid);
      requireSelf(request, service, userid);
      if (!removeFavorite(service.db, userid, itemid)) throw notFound('favorite', 'itemid');
      reply.code(204);
      return null;
    },
  });
}
