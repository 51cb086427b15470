import { describe, expect, it } from 'vitest';
import { BidResult, ErrorBody } from '../../shared/api/index.ts';
import { call } from '../support/server.ts';
import { itemState, tradesOf, useTradingServer } from '../support/trading-fixtures.ts';

const market = useTradingServer('anna', 'pekka');

const bid = (token: string, itemId: number, json: Record<string, unknown>) =>
  call(market.server.api(`/items/${itemId}/bids`), { token, json });

describe('buying at the buy-now price', () => {
  it('buys a single unit with a bid at the buy-now price, records the trade once and closes the item', async () => {
    const id = market.item({ sale_method: 'buy-now', buy_now_price: 25 });
    const low = await bid(market.anna.token, id, { bid: 24.99 });
    expect(low.status).toBe(400);
    expect(ErrorBody.parse(low.body).errors[0]!.messages[0]).toContain('25.00');

    const res = await bid(market.anna.token, id, { bid: 30 });
    expect(res.status).toBe(201);
    const body = BidResult.parse(res.body);
    expect(body.purchasedQuantity).toBe(1);
    expect(body.bid.amount).toBe(25);
    expect(body.item.status).toBe('closed');
    expect(tradesOf(market.server.service, id)).toMatchObject([{ kind: 'buy-now', buyer_id: market.anna.userId, quantity: 1, price: 25 }]);

    const after = await bid(market.pekka.token, id, { bid: 25 });
    expect(after.status).toBe(409);
    expect(tradesOf(market.server.service, id)).toHaveLength(1);
  });

  it('requires quantityMin and quantityMax when more than one unit is listed, naming each', async () => {
    const id = market.item({ sale_method: 'buy-now', buy_now_price: 5, quantity: 5 });
    const res = await bid(market.anna.token, id, { bid: 5 });
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(res.body).errors.map((e) => e.field).sort()).toEqual(['quantityMax', 'quantityMin']);
    const reversed = await bid(market.anna.token, id, { bid: 5, quantityMin: 3, quantityMax: 2 });
    expect(reversed.status).toBe(400);
    expect(itemState(market.server.service, id).quantity_left).toBe(5);
  });

  it('takes as many units as are left within the range and closes the item when none is left', async () => {
    const id = market.item({ sale_method: 'buy-now', buy_now_price: 5, quantity: 5 });
    const first = BidResult.parse((await bid(market.anna.token, id, { bid: 5, quantityMin: 2, quantityMax: 3 })).body);
    expect(first.purchasedQuantity).toBe(3);
    expect(first.item.status).toBe('published');
    expect(itemState(market.server.service, id).quantity_left).toBe(2);

    const tooMany = await bid(market.pekka.token, id, { bid: 5, quantityMin: 3, quantityMax: 4 });
    expect(tooMany.status).toBe(409);
    expect(ErrorBody.parse(tooMany.body).errors[0]!.code).toBe('quantity_unavailable');

    const rest = await call(market.server.api(`/items/${id}/bids`), {
      token: market.pekka.token,
      form: { bid: '5', quantityMin: '1', quantityMax: '4' },
    });
    expect(rest.status).toBe(201);
    const body = BidResult.parse(rest.body);
    expect(body.purchasedQuantity).toBe(2);
    expect(body.item.status).toBe('closed');
    const trades = tradesOf(market.server.service, id);
    expect(trades.map((t) => [t.buyer_id, t.quantity])).toEqual([
      [market.anna.userId, 3],
      [market.pekka.userId, 2],
    ]);
    expect(itemState(market.server.service, id)).toMatchObject({ quantity_left: 0, sold_quantity: 5, status: 'closed' });
  });

  it('lets a plain bid at the buy-now price buy an auction outright, but not an automatic one', async () => {
    const id = market.item({ starting_price: 10, buy_now_price: 100 });
    const automatic = BidResult.parse((await bid(market.anna.token, id, { bid: 150, automate: 1 })).body);
    expect(automatic.purchasedQuantity).toBeNull();
    expect(automatic.item.currentPrice).toBe(10);

    const plain = BidResult.parse((await bid(market.pekka.token, id, { bid: 100 })).body);
    expect(plain.purchasedQuantity).toBe(1);
    expect(plain.item).toMatchObject({ status: 'closed', currentPrice: 100 });
    // Bought outright: pekka is the buyer, and closing recorded no auction win for anna.
    expect(tradesOf(market.server.service, id)).toMatchObject([{ kind: 'buy-now', buyer_id: market.pekka.userId, price: 100 }]);
  });
});
