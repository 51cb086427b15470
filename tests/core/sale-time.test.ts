// The dashboard dates each sale by when it happened, not by the scheduled closing time the
// service keeps when an item closes early.
import { describe, expect, it } from 'vitest';
import { saleTime, type SoldItemFacts } from '../../electron/core/seller/sale-time.ts';
import { factsOfItem } from '../../electron/core/sync/server-fields.ts';

const at = (iso: string) => Date.parse(iso);
const NOW = at('2026-11-20T12:00:00Z');
const facts = (changes: Partial<SoldItemFacts>): SoldItemFacts => ({
  sale_method: 'auction', buy_now_price: null, closing: at('2026-11-10T18:00:00+00:00'),
  offer_amount: null, offer_accepted: null, top_bid: null, last_bid: null, ...changes,
});

describe('the time of a sale', () => {
  it('is the closing time for an auction that ran its course, even when its last bid came days earlier', () => {
    expect(saleTime(facts({ top_bid: 40, last_bid: '2026-11-03T09:00:00+0000' }), NOW)).toBe(at('2026-11-10T18:00:00Z'));
  });

  it('is the buying bid for a buy-now item, though its scheduled closing time is later', () => {
    const bought = facts({ sale_method: 'buy-now', buy_now_price: 25, closing: at('2026-11-30T18:00:00+02:00'), top_bid: 25, last_bid: '2026-11-02T10:30:00+0200' });
    expect(saleTime(bought, NOW)).toBe(at('2026-11-02T08:30:00Z'));
    // Also after the scheduled time has passed.
    expect(saleTime(bought, at('2026-12-05T00:00:00Z'))).toBe(at('2026-11-02T08:30:00Z'));
  });

  it('is the bid that reached the buy-now price of an auction, also once the scheduled time has passed', () => {
    const hybrid = facts({ buy_now_price: 60, closing: at('2026-11-15T18:00:00+00:00'), top_bid: 60, last_bid: '2026-11-04T12:00:00+0000' });
    expect(saleTime(hybrid, NOW)).toBe(at('2026-11-04T12:00:00Z'));
  });

  it('is the last bid of an auction closed before its scheduled time', () => {
    const early = facts({ closing: at('2026-11-28T18:00:00+00:00'), top_bid: 30, last_bid: '2026-11-18T07:00:00+0000' });
    expect(saleTime(early, NOW)).toBe(at('2026-11-18T07:00:00Z'));
  });

  it('is the acceptance of the offer for a sale by offer, or the closing time if that is unknown', () => {
    const offer = facts({ sale_method: 'buy-now', offer_amount: 20, offer_accepted: '2026-11-06T15:00:00+0000', closing: at('2026-11-30T18:00:00+00:00') });
    expect(saleTime(offer, NOW)).toBe(at('2026-11-06T15:00:00Z'));
    expect(saleTime({ ...offer, offer_accepted: null }, NOW)).toBe(at('2026-11-30T18:00:00Z'));
  });

  it('is unknown when no time can be read', () => {
    expect(saleTime(facts({ closing: null, sale_method: 'buy-now' }), NOW)).toBeNull();
    // An unreadable closing time is unknown from the read on (the listing's facts keep epoch ms).
    expect(factsOfItem({ closesAt: 'soon' }).closesAt).toBeNull();
    expect(saleTime(facts({ closing: factsOfItem({ closesAt: 'soon' }).closesAt }), NOW)).toBeNull();
  });
});
