import { describe, expect, it } from 'vitest';
import { ErrorBody, Offer, OfferList } from '../../shared/api/index.ts';
import { closeItem } from '../../server/domain/items/close-item.ts';
import { runTimedTransitions } from '../../server/domain/timed-transitions.ts';
import { changeOfferStatus, createOffer } from '../../server/domain/trading/offers.ts';
import { placeBid } from '../../server/domain/trading/place-bid.ts';
import { ApiError } from '../../server/http/errors.ts';
import { call } from '../support/server.ts';
import { DAY, HOUR, itemState, tradesOf, useTradingServer } from '../support/trading-fixtures.ts';

const market = useTradingServer('anna', 'pekka');

const offer = (token: string | undefined, itemId: number, json: Record<string, unknown>) =>
  call(market.server.api(`/items/${itemId}/offers`), { token, json });
const setStatus = (token: string, itemId: number, offerId: number, status: string) =>
  call(market.server.api(`/items/${itemId}/offers/${offerId}`), { method: 'PUT', token, json: { status } });
const codeOf = (body: unknown) => ErrorBody.parse(body).errors[0]?.code;

async function made(token: string, itemId: number, amount: number, message?: string) {
  const res = await offer(token, itemId, { offer: amount, message });
  expect(res.status, res.text).toBe(201);
  return Offer.parse(res.body);
}

function expectApiError(fn: () => unknown, status: number, code: string) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(status);
    expect((err as ApiError).entries[0]?.code).toBe(code);
    return;
  }
  throw new Error('expected an ApiError');
}

describe('making offers', () => {
  it('answers 201 with a pending offer that expires after 48 hours at the latest', async () => {
    const id = market.item({ closing_time: Date.now() + 5 * DAY });
    const body = await made(market.anna.token, id, 8.5, 'Would you take 8.50?');
    expect(body).toMatchObject({ itemId: id, amount: 8.5, message: 'Would you take 8.50?', status: 'pending', author: 'anna', authorId: market.anna.userId });
    const row = market.server.service.db.prepare('SELECT created, expires FROM offers WHERE id = ?').get(body.id) as { created: number; expires: number };
    expect(row.expires - row.created).toBe(48 * HOUR);
    expect(itemState(market.server.service, id).offer_count).toBe(1);
    expect((await call(body.links.self, { token: market.anna.token })).status).toBe(200);
  });

  it('refuses no token, the seller, closed items and items without offers, and a long message', async () => {
    const id = market.item();
    expect((await offer(undefined, id, { offer: 5 })).status).toBe(403);
    const own = await offer(market.seller.token, id, { offer: 5 });
    expect(own.status).toBe(403);
    expect(codeOf(own.body)).toBe('own_item');
    const closed = market.item({ status: 'closed' });
    expect(codeOf((await offer(market.anna.token, closed, { offer: 5 })).body)).toBe('item_closed');
    const noOffers = market.item({ offers_allowed: 0 });
    const refused = await offer(market.anna.token, noOffers, { offer: 5 });
    expect(refused.status).toBe(409);
    expect(codeOf(refused.body)).toBe('offers_not_allowed');
    const long = await offer(market.anna.token, id, { offer: 5, message: 'x'.repeat(256) });
    expect(long.status).toBe(400);
    expect(ErrorBody.parse(long.body).errors[0]?.field).toBe('message');
    expect(itemState(market.server.service, id).offer_count).toBe(0);
  });

  it('shows the seller every offer, a buyer only their own, and nobody without a token', async () => {
    const id = market.item();
    await made(market.anna.token, id, 5);
    await made(market.pekka.token, id, 6);
    const list = async (token?: string) => OfferList.parse((await call(market.server.api(`/items/${id}/offers`), { token })).body);
    expect((await list(market.seller.token)).offers.map((o) => o.author)).toEqual(['pekka', 'anna']);
    expect((await list(market.anna.token)).offers.map((o) => o.author)).toEqual(['anna']);
    expect((await list()).totalCount).toBe(0);
  });
});

describe('changing an offer\'s status', () => {
  it('sells one unit of a buy-now item on accept, once; a repeated accept and a late cancel answer 409', async () => {
    const id = market.item({ sale_method: 'buy-now', buy_now_price: 20, quantity: 2 });
    const o = await made(market.anna.token, id, 15);
    const accepted = await setStatus(market.seller.token, id, o.id, 'accepted');
    expect(accepted.status).toBe(200);
    expect(Offer.parse(accepted.body).status).toBe('accepted');
    expect(tradesOf(market.server.service, id)).toMatchObject([{ kind: 'offer', source_id: o.id, buyer_id: market.anna.userId, quantity: 1, price: 15 }]);
    expect(itemState(market.server.service, id)).toMatchObject({ status: 'published', quantity_left: 1 });

    const again = await setStatus(market.seller.token, id, o.id, 'accepted');
    expect(again.status).toBe(409);
    expect(codeOf(again.body)).toBe('offer_not_pending');
    const cancel = await setStatus(market.anna.token, id, o.id, 'cancelled');
    expect(cancel.status).toBe(409);
    expect(tradesOf(market.server.service, id)).toHaveLength(1);
    expect(itemState(market.server.service, id).quantity_left).toBe(1);
  });

  it('lets only the author cancel and only the seller accept or refuse', async () => {
    const id = market.item();
    const o = await made(market.anna.token, id, 7);
    expect(codeOf((await setStatus(market.pekka.token, id, o.id, 'cancelled')).body)).toBe('not_author');
    expect(codeOf((await setStatus(market.seller.token, id, o.id, 'cancelled')).body)).toBe('not_author');
    expect(codeOf((await setStatus(market.anna.token, id, o.id, 'accepted')).body)).toBe('not_seller');
    expect(codeOf((await setStatus(market.pekka.token, id, o.id, 'refused')).body)).toBe('not_seller');
    expect((await setStatus(market.anna.token, id, o.id, 'bogus')).status).toBe(400);
    expect((await setStatus(market.anna.token, id + 1000, o.id, 'cancelled')).status).toBe(404);

    const cancelled = await setStatus(market.anna.token, id, o.id, 'cancelled');
    expect(Offer.parse(cancelled.body).status).toBe('cancelled');
    expect((await setStatus(market.seller.token, id, o.id, 'accepted')).status).toBe(409);
    expect(tradesOf(market.server.service, id)).toEqual([]);

    const other = await made(market.pekka.token, id, 8);
    expect(Offer.parse((await setStatus(market.seller.token, id, other.id, 'refused')).body).status).toBe('refused');
    expect((await setStatus(market.pekka.token, id, other.id, 'cancelled')).status).toBe(409);
  });

  it('sells a whole auction on accept: the item closes, other offers expire and the leading bidder does not win', async () => {
    const id = market.item({ starting_price: 10 });
    placeBid(market.server.service, { itemId: id, bidderId: market.pekka.userId, amount: 30, automatic: true }, Date.now());
    const mine = await made(market.anna.token, id, 50);
    const theirs = await made(market.pekka.token, id, 40);
    expect((await setStatus(market.seller.token, id, mine.id, 'accepted')).status).toBe(200);
    expect(itemState(market.server.service, id).status).toBe('closed');
    expect(tradesOf(market.server.service, id)).toMatchObject([{ kind: 'offer', buyer_id: market.anna.userId, price: 50 }]);
    const list = OfferList.parse((await call(market.server.api(`/items/${id}/offers`), { token: market.seller.token })).body);
    expect(list.offers.find((o) => o.id === theirs.id)?.status).toBe('expired');
  });
});

describe('expiry', () => {
  it('expires pending offers when the item closes', () => {
    const t = Date.now();
    const id = market.item({ closing_time: t + HOUR });
    const o = createOffer(market.server.service, { itemId: id, authorId: market.anna.userId, amount: 5, message: null }, t);
    const status = () => market.server.service.db.prepare('SELECT status FROM offers WHERE id = ?').pluck().get(o.id);
    expect(status()).toBe('pending');
    closeItem(market.server.service, id, t + HOUR);
    expect(status()).toBe('expired');
    expectApiError(() => changeOfferStatus(market.server.service, { itemId: id, offerId: o.id, userId: market.seller.userId, status: 'accepted' }, t + HOUR), 409, 'offer_not_pending');
    expect(status()).toBe('expired');
  });

  it('expires an offer 48 hours after it was made, by the scheduler or when someone acts on it', () => {
    const t = Date.now();
    const id = market.item({ closing_time: t + 10 * DAY });
    const a = createOffer(market.server.service, { itemId: id, authorId: market.anna.userId, amount: 5, message: null }, t);
    const b = createOffer(market.server.service, { itemId: id, authorId: market.pekka.userId, amount: 6, message: null }, t);
    runTimedTransitions(market.server.service, t + 48 * HOUR - 1);
    const status = (offerId: number) => market.server.service.db.prepare('SELECT status FROM offers WHERE id = ?').pluck().get(offerId);
    expect(status(a.id)).toBe('pending');
    expectApiError(() => changeOfferStatus(market.server.service, { itemId: id, offerId: a.id, userId: market.anna.userId, status: 'cancelled' }, t + 48 * HOUR), 409, 'offer_not_pending');
    expect(status(a.id)).toBe('expired');
    runTimedTransitions(market.server.service, t + 48 * HOUR);
    expect(status(b.id)).toBe('expired');
  });
});
