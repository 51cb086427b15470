// 4.6 bids: GET and POST /1.1/items/{itemid}/bids, and one bid record by id.
import { z } from 'zod';
import { Bid, BidInput, BidList, BidResult, ErrorBody, ItemIdParams, PathId } from '../../shared/api/index.ts';
import { describeIncreaseTable } from '../domain/bidding/increase-table.ts';
import { visibleItem } from '../domain/items/item-row.ts';
import { bidQueueOf } from '../domain/trading/bid-queue.ts';
import { prepared } from '../domain/trading/statements.ts';
import { TOKEN_SECURITY, type App } from '../http/app-types.ts';
import { optionalUser, requireUser } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import { linksFor } from '../http/links.ts';
import type { Service } from '../service.ts';
import { currentPriceOf, reserveExceeded } from '../views/item-views.ts';
import { bidView, type BidRowWithBidder } from '../views/trading-views.ts';

const BIDS_SQL = `SELECT b.id, b.item_id, b.bidder_id, u.username AS bidder_name, b.amount, b.automatic, b.quantity, b.created
                    FROM bids b JOIN users u ON u.id = b.bidder_id`;

const POST_DESCRIPTION = [
  'Needs a token (403 without one or with an invalid one). Body: JSON, form or multipart.',
  'Plain bids (`automate` 0, the default) are placed as they are: a plain bid that takes the lead puts the price at the amount bid. Automatic bids (`automate` 1): `bid` is a secret maximum',
  'and the service bids for the user at the lowest price that wins: after an automatic bid takes the lead the price is min(its maximum, max(starting price, the next-highest maximum + increase at that maximum)).',
  'The leader is the highest maximum (a plain bid\'s maximum is its amount; the earlier one on equal maxima). A leader\'s automatic maximum answers a lower bid, plain or automatic, by the increase, up to that maximum:',
  'the price becomes min(leader\'s maximum, that bid + increase). A leader raising their own automatic maximum leaves the price as it was; a leader\'s plain bid raises the price to its amount.',
  'The first bid must be at least the starting price; a plain first bid puts the price at its amount, an automatic one at the starting price. Later bids must reach the current price plus the minimum increase',
  '(the leader may only raise above their own maximum). The increase is the item\'s `minimumIncrease` (premium sellers) or, when that is null, the default table by price band:',
  `${describeIncreaseTable()}.`,
  'Reserve price (extension, premium sellers): once the leader\'s maximum reaches the reserve, the price is lifted to the reserve; `hasReservePriceExceeded` is true from then on;',
  'an auction that closes under its reserve has no winner. Amounts have at most two decimals.',
  'Buy-now items: a bid at (or above) the buy-now price buys at the buy-now price; `quantityMin` and `quantityMax` are required when the item lists more than one unit,',
  'the purchase takes as many units as are left within that range (409 `quantity_unavailable` when fewer than quantityMin are left), and the item closes when none is left.',
  'An auction that also has a buy-now price is bought by a plain bid at that price while the price is still under it.',
  'Answers 201 with the bid record (`amount`: the price the bid stands at when it leads, which for a plain bid is its amount; its own amount when it is beaten; the secret maximum of a leading automatic bid is never shown),',
  'the item\'s new `currentPrice`, `bidderCount`, `status`, and `leading` (whether the caller now leads). `purchasedQuantity` is set when the bid bought.',
  'Refusals: 403 `own_item` (the seller), 403 `feedback_too_low` (the item\'s minimumFeedback is above the bidder\'s feedback balance), 404 unknown item,',
  '409 `item_closed` (closed, or at or after closingTime even before the scheduler has closed it), 409 `item_not_published` (draft, preview, waiting, disabled),',
  '400 `bid_too_low` with the minimum in the message ("bid: must be at least 12.50"), 400 for quantity errors. Bids on one item are serialised: none is lost or applied twice.',
].join(' ');

export function registerBidsRoutes(app: App, service: Service): void {
  app.get('/1.1/items/:itemid/bids', {
    schema: {
      summary: 'List the bids on an item',
      description:
        'Every accepted bid, newest first, without paging. Bidder names are masked ("a***a") for everyone but the seller and the bidder themself (send a token to be recognised). ' +
        'No token is needed. 404 for an unknown item, and for another seller\'s item that is not published or closed (as if unknown: a draft\'s existence is not revealed).',
      tags: ['bids'],
      params: ItemIdParams,
      response: { 200: BidList, 403: ErrorBody, 404: ErrorBody },
    },
    handler: (request) => {
      const viewer = optionalUser(request, service);
      const item = visibleItem(service.db, request.params.itemid, viewer?.id ?? null);
      const rows = service.db.prepare(`${BIDS_SQL} WHERE b.item_id = ? ORDER BY b.id DESC`).all(item.id) as BidRowWithBidder[];
      const links = linksFor(request, service);
      const ctx = { tz: service.tz, links };
      const who = { id: viewer?.id ?? null, isSeller: viewer?.id === item.seller_id };
      return {
        bids: rows.map((row) => bidView(row, ctx, who)),
        totalCount: rows.length,
        links: { self: links.api(`/items/${item.id}/bids`), item: links.api(`/items/${item.id}`) },
        updated: service.tz.format(rows[0]?.created ?? item.updated),
      };
    },
  });

  app.get('/1.1/items/:itemid/bids/:bidid', {
    schema: {
      summary: 'One bid record',
      description: 'Extension: the resource `links.self` of a bid points at. Masking as in the list.',
      tags: ['bids'],
      params: z.object({ itemid: PathId, bidid: PathId }),
      response: { 200: Bid, 403: ErrorBody, 404: ErrorBody },
    },
    handler: (request) => {
      const viewer = optionalUser(request, service);
      const row = service.db.prepare(`${BIDS_SQL} WHERE b.id = ? AND b.item_id = ?`).get(request.params.bidid, request.params.itemid) as
        | BidRowWithBidder
        | undefined;
      const item = visibleItem(service.db, request.params.itemid, viewer?.id ?? null, 'bid');
      if (!row) throw notFound('bid');
      const ctx = { tz: service.tz, links: linksFor(request, service) };
      return bidView(row, ctx, { id: viewer?.id ?? null, isSeller: viewer?.id === item.seller_id });
    },
  });

  app.post('/1.1/items/:itemid/bids', {
    schema: {
      summary: 'Place a bid (automatic bidding supported)',
      description: POST_DESCRIPTION,
      tags: ['bids'],
      security: TOKEN_SECURITY,
      params: ItemIdParams,
      body: BidInput,
      response: { 201: BidResult, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    // The token is checked before the body, so a caller without one always gets 403.
    preValidation: async (request) => {
      requireUser(request, service);
    },
    handler: async (request, reply) => {
      const user = requireUser(request, service);
      const body = request.body;
      // The time of arrival decides against closingTime, even if the batch commits a moment later.
      const result = await bidQueueOf(service).place(
        {
          itemId: request.params.itemid,
          bidderId: user.id,
          amount: body.bid,
          automatic: body.automate === 1,
          quantityMin: body.quantityMin,
          quantityMax: body.quantityMax,
        },
        service.clock.now(),
      );
      const row = prepared(service.db, `${BIDS_SQL} WHERE b.id = ?`).get(result.bidId) as BidRowWithBidder;
      const ctx = { tz: service.tz, links: linksFor(request, service) };
      const { item } = result;
      reply.code(201);
      return {
        bid: bidView(row, ctx, { id: user.id, isSeller: false }),
        item: {
          id: item.id,
          currentPrice: currentPriceOf(item) ?? 0,
          bidderCount: item.bidder_count,
          status: item.status,
          hasReservePriceExceeded: reserveExceeded(item),
        },
        leading: result.leading,
        purchasedQuantity: result.purchasedQuantity,
      };
    },
  });
}
