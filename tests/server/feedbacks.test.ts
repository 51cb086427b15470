import { describe, expect, it } from 'vitest';
import { ErrorBody, Feedback, FeedbackList } from '../../shared/api/index.ts';
import { percentages } from '../../server/domain/trading/feedback-summary.ts';
import { placeBid } from '../../server/domain/trading/place-bid.ts';
import { call } from '../support/server.ts';
import { insertTradingItem, useTradingServer } from '../support/trading-fixtures.ts';

const market = useTradingServer('anna', 'pekka');

/** A buy-now item of the seller's, bought by `buyerId` (units of one item are separate trades). */
function boughtItem(buyerId: number, quantity = 1, purchases = 1): number {
  const id = market.item({ sale_method: 'buy-now', buy_now_price: 10, quantity });
  for (let i = 0; i < purchases; i++) {
    placeBid(market.server.service, { itemId: id, bidderId: buyerId, amount: 10, automatic: false, quantityMin: 1, quantityMax: 1 }, Date.now());
  }
  return id;
}

const leave = (token: string | undefined, userId: number, json: Record<string, unknown>) =>
  call(market.server.api(`/users/${userId}/feedbacks`), { token, json });
const codeOf = (body: unknown) => ErrorBody.parse(body).errors[0]?.code;

describe('leaving feedback', () => {
  it('lets each side of a trade leave one feedback, and refuses a second with 409', async () => {
    const item = boughtItem(market.anna.userId);
    const byBuyer = await leave(market.anna.token, market.seller.userId, { itemid: item, rating: 1, feedback: 'Quick delivery' });
    expect(byBuyer.status).toBe(201);
    expect(Feedback.parse(byBuyer.body)).toMatchObject({ author: 'anna', rating: 1, role: 1, feedback: 'Quick delivery', answer: null });
    const twice = await leave(market.anna.token, market.seller.userId, { itemid: item, rating: -1, feedback: 'Changed my mind' });
    expect(twice.status).toBe(409);
    expect(codeOf(twice.body)).toBe('feedback_exists');

    const bySeller = await leave(market.seller.token, market.anna.userId, { itemid: item, rating: 0, feedback: 'Paid late' });
    expect(Feedback.parse(bySeller.body)).toMatchObject({ author: 'seller', role: 2, rating: 0 });
  });

  it('allows one feedback per purchase when one item was bought twice', async () => {
    const item = boughtItem(market.anna.userId, 3, 2);
    expect((await leave(market.anna.token, market.seller.userId, { itemid: item, rating: 1, feedback: 'First' })).status).toBe(201);
    expect((await leave(market.anna.token, market.seller.userId, { itemid: item, rating: 1, feedback: 'Second' })).status).toBe(201);
    expect((await leave(market.anna.token, market.seller.userId, { itemid: item, rating: 1, feedback: 'Third' })).status).toBe(409);
  });

  it('refuses users who did not trade, no token, unknown users and items, and bad ratings', async () => {
    const item = boughtItem(market.anna.userId);
    const stranger = await leave(market.pekka.token, market.seller.userId, { itemid: item, rating: -1, feedback: 'Never met' });
    expect(stranger.status).toBe(403);
    expect(codeOf(stranger.body)).toBe('not_trading_partner');
    expect((await leave(market.anna.token, market.anna.userId, { itemid: item, rating: 1, feedback: 'Me' })).status).toBe(403);
    expect((await leave(undefined, market.seller.userId, { itemid: item, rating: 1, feedback: 'x' })).status).toBe(403);
    expect((await leave(market.anna.token, 999_999, { itemid: item, rating: 1, feedback: 'x' })).status).toBe(404);
    expect((await leave(market.anna.token, market.seller.userId, { itemid: 999_999, rating: 1, feedback: 'x' })).status).toBe(404);
    const bad = await leave(market.anna.token, market.seller.userId, { itemid: item, rating: 2, feedback: '' });
    expect(bad.status).toBe(400);
    expect(ErrorBody.parse(bad.body).errors.map((e) => e.field).sort()).toEqual(['feedback', 'rating']);
  });
});

describe('answering feedback', () => {
  it('lets the receiver answer once; anyone else gets 403', async () => {
    const item = boughtItem(market.pekka.userId);
    const fb = Feedback.parse((await leave(market.pekka.token, market.seller.userId, { itemid: item, rating: -1, feedback: 'Broken' })).body);
    const path = market.server.api(`/users/${market.seller.userId}/feedbacks/${fb.id}`);
    const byAuthor = await call(path, { method: 'PUT', token: market.pekka.token, json: { answer: 'No' } });
    expect(byAuthor.status).toBe(403);
    const res = await call(path, { method: 'PUT', token: market.seller.token, json: { answer: 'It was tested before shipping.' } });
    expect(res.status).toBe(200);
    expect(Feedback.parse(res.body).answer).toBe('It was tested before shipping.');
    const again = await call(path, { method: 'PUT', token: market.seller.token, json: { answer: 'Again' } });
    expect(again.status).toBe(409);
    expect((await call(market.server.api(`/users/${market.anna.userId}/feedbacks/${fb.id}`), { method: 'PUT', token: market.anna.token, json: { answer: 'x' } })).status).toBe(404);
    expect((await call(fb.links.self)).status).toBe(200);
  });
});

describe('the feedback list', () => {
  it('returns the received feedbacks with the summary of counts, balance and integer percentages', async () => {
    const receiver = await market.server.login('receiver');
    const ratings = [1, 1, 0];
    for (const rating of ratings) {
      const id = insertTradingItem(market.server.service, { seller_id: receiver.userId, sale_method: 'buy-now', buy_now_price: 5 });
      placeBid(market.server.service, { itemId: id, bidderId: market.anna.userId, amount: 5, automatic: false }, Date.now());
      expect((await leave(market.anna.token, receiver.userId, { itemid: id, rating, feedback: `rated ${rating}` })).status).toBe(201);
    }
    const res = await call(market.server.api(`/users/${receiver.userId}/feedbacks`));
    expect(res.status).toBe(200);
    const list = FeedbackList.parse(res.body);
    expect(list.totalCount).toBe(3);
    expect(list.title).toBe('Feedback for receiver');
    expect(list.summary).toEqual({
      balance: 2,
      feedbackCount: 3,
      positiveCount: 2,
      neutralCount: 1,
      negativeCount: 0,
      positivePercent: 67,
      neutralPercent: 33,
      negativePercent: 0,
    });
    expect(list.feedbacks.map((f) => f.feedback)).toEqual(['rated 0', 'rated 1', 'rated 1']);
    expect(list.links.next).toBeNull();
    expect((await call(market.server.api('/users/999999/feedbacks'))).status).toBe(404);
  });

  it('shows an empty summary with zero percentages for a user without feedback', async () => {
    const nobody = await market.server.addUser('nobody');
    const list = FeedbackList.parse((await call(market.server.api(`/users/${nobody}/feedbacks`))).body);
    expect(list.summary).toMatchObject({ feedbackCount: 0, positivePercent: 0, neutralPercent: 0, negativePercent: 0, balance: 0 });
  });

  it('rounds percentages so that they always add up to 100', () => {
    expect(percentages([1, 1, 1])).toEqual([34, 33, 33]);
    expect(percentages([1, 0, 2])).toEqual([33, 0, 67]);
    for (let a = 0; a < 8; a++) {
      for (let b = 0; b < 8; b++) {
        for (let c = 0; c < 8; c++) {
          if (a + b + c === 0) continue;
          expect(percentages([a, b, c]).reduce((x, y) => x + y, 0)).toBe(100);
        }
      }
    }
  });
});
