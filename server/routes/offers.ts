// 4.7 offers: GET and POST /1.1/items/{itemid}/offers, PUT .../offers/{offerid}, and one offer by id.
import { ErrorBody, ItemIdParams, LIMITS, Offer, OfferIdParams, OfferInput, OfferList, OfferStatusInput, TradingListQuery } from '../../shared/api/index.ts';
import { findItem, isVisibleTo, visibleItem } from '../domain/items/item-row.ts';
import { changeOfferStatus, createOffer, findOffer, offersVisibleTo } from '../domain/trading/offers.ts';
import { TOKEN_SECURITY, type App } from '../http/app-types.ts';
import { optionalUser, requireUser } from '../http/auth.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { linksFor } from '../http/links.ts';
import type { Service } from '../service.ts';
import { tradingListLinks } from '../views/list-views.ts';
import { offerView } from '../views/trading-views.ts';

const RECORD =
  'Offer record: `id`, `itemId`, `amount`, `message` (null when none), `status`, `author`, `authorId`, `created`, `updated`, `expires` ' +
  '(48 hours after the offer, or the item\'s closing time when that is sooner), `links` (self, item, author). ' +
  'States: `pending`, then `accepted`, `refused`, `cancelled` or `expired` (when the item closes, or 48 hours after the offer); the last four are final.';

export function registerOffersRoutes(app: App, service: Service): void {
  const checkToken = async (request: Parameters<typeof requireUser>[0]) => {
    requireUser(request, service);
  };

  app.get('/1.1/items/:itemid/offers', {
    schema: {
      summary: 'List offers on an item',
      description:
        `${RECORD} The seller sees every offer on their item, any other token holder only their own; without a token the list is empty ` +
        `(the item's \`offerCount\` is public). Paged: \`page\` (1-based) of ${LIMITS.tradingListPageSize}, newest first; \`totalCount\` counts every page; \`links.next\` and \`links.previous\` are null at the ends. 404 for an unknown item, and for another seller's item that is not published or closed (as if unknown: a draft's existence is not revealed).`,
      tags: ['offers'],
      params: ItemIdParams,
      querystring: TradingListQuery,
      response: { 200: OfferList, 403: ErrorBody, 404: ErrorBody },
    },
    handler: (request) => {
      const viewer = optionalUser(request, service);
      const item = visibleItem(service.db, request.params.itemid, viewer?.id ?? null);
      const page = { number: request.query.page ?? 1, size: LIMITS.tradingListPageSize };
      const { rows, total, updated } = offersVisibleTo(service.db, item.id, item.seller_id, viewer?.id ?? null, page);
      const links = linksFor(request, service);
      return {
        offers: rows.map((row) => offerView(row, { tz: service.tz, links })),
        totalCount: total,
        links: tradingListLinks(links, `/items/${item.id}/offers`, `/items/${item.id}`, page.number, total, page.size),
        updated: service.tz.format(Math.max(updated ?? 0, item.updated)),
      };
    },
  });

  app.get('/1.1/items/:itemid/offers/:offerid', {
    schema: {
      summary: 'One offer',
      description: 'Extension: the resource `links.self` of an offer points at. Only the seller and the author see it (403 for anyone else).',
      tags: ['offers'],
      security: TOKEN_SECURITY,
      params: OfferIdParams,
      response: { 200: Offer, 403: ErrorBody, 404: ErrorBody },
    },
    handler: (request) => {
      const user = requireUser(request, service);
      const offer = findOffer(service.db, request.params.offerid);
      const item = findItem(service.db, request.params.itemid);
      if (!offer || !item || offer.item_id !== item.id) throw notFound('offer');
      if (!isVisibleTo(item, user.id) && offer.author_id !== user.id) throw notFound('offer');
      if (user.id !== offer.author_id && user.id !== item.seller_id) {
        throw forbidden('not_party', 'only the seller and the author see an offer');
      }
      return offerView(offer, { tz: service.tz, links: linksFor(request, service) });
    },
  });

  app.post('/1.1/items/:itemid/offers', {
    schema: {
      summary: 'Make a price offer',
      description:
        `${RECORD} Needs a token. \`offer\` in euros (positive, at most two decimals), \`message\` at most 255 characters. Answers 201 with the offer. ` +
        'Refusals: 403 `own_item` (the seller), 404 unknown item (also another seller\'s unpublished item), 409 `item_closed` (not published, or past closing), 409 `offers_not_allowed` (offersAllowed 0), ' +
        `409 \`offer_limit\` (a user makes at most ${LIMITS.offersPerUserPerItem} offers on one item and ${LIMITS.offersPerUserPerDay} in any 24 hours), 400 validation (also \`invalid_characters\`: control or bidirectional override characters in \`message\`).`,
      tags: ['offers'],
      security: TOKEN_SECURITY,
      params: ItemIdParams,
      body: OfferInput,
      response: { 201: Offer, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    preValidation: checkToken,
    handler: (request, reply) => {
      const user = requireUser(request, service);
      const offer = createOffer(
        service,
        { itemId: request.params.itemid, authorId: user.id, amount: request.body.offer, message: request.body.message ?? null },
        service.clock.now(),
      );
      reply.code(201);
      return offerView(offer, { tz: service.tz, links: linksFor(request, service) });
    },
  });

  app.put('/1.1/items/:itemid/offers/:offerid', {
    schema: {
      summary: 'Accept, refuse or cancel an offer',
      description:
        `${RECORD} Needs a token. \`status\`: \`accepted\` or \`refused\` by the seller, \`cancelled\` by the author. Answers 200 with the offer. ` +
        'Accepting sells to the author at the offered price: one unit of a buy-now item (the item closes when none is left) or the whole auction, which closes it ' +
        '(no auction winner then); the trade is recorded once. Refusals: 403 `not_seller` / `not_author`, 404 unknown offer (or not on this item), ' +
        '409 `offer_not_pending` for a repeated or late change (accepted, refused, cancelled or expired: nothing changes), 409 `item_closed` when accepting after the item closed.',
      tags: ['offers'],
      security: TOKEN_SECURITY,
      params: OfferIdParams,
      body: OfferStatusInput,
      response: { 200: Offer, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    preValidation: checkToken,
    handler: (request) => {
      const user = requireUser(request, service);
      const offer = changeOfferStatus(
        service,
        { itemId: request.params.itemid, offerId: request.params.offerid, userId: user.id, status: request.body.status },
        service.clock.now(),
      );
      return offerView(offer, { tz: service.tz, links: linksFor(request, service) });
    },
  });
}
