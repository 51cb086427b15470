import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyBid, NO_BIDS, type AuctionRules, type AuctionState } from '../../server/domain/bidding/engine.ts';
import { defaultIncrease } from '../../server/domain/bidding/increase-table.ts';
import { maxima, ReferenceAuction, refIncrease, type RefItem } from '../support/bidding-reference.ts';

const CLOSING = 1_000_000;

const itemArb = fc.record({
  start: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 200_00 }), fc.constantFrom(9_99, 10_00, 49_99, 50_00, 100_00, 5_000_00)),
  increase: fc.option(fc.integer({ min: 1, max: 20_00 }), { nil: null }),
  reserve: fc.option(fc.integer({ min: 1, max: 2_000_00 }), { nil: null }),
});

/** A bid relative to the reference's minimum for that bidder: mostly at or above it, sometimes
 * under; times mostly before closing, a few at or after it. */
const stepArb = fc.record({
  bidder: fc.integer({ min: 1, max: 5 }),
  automatic: fc.boolean(),
  offset: fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 0, max: 50_00 }) },
    { weight: 2, arbitrary: fc.integer({ min: -5_00, max: -1 }) },
    { weight: 1, arbitrary: fc.constant(0) },
  ),
  lateBy: fc.oneof({ weight: 20, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 }) }),
});

const rulesFor = (item: RefItem): AuctionRules => ({
  saleMethod: 'auction',
  startingPrice: item.start,
  minimumIncrease: item.increase,
  reservePrice: item.reserve,
  buyNowPrice: null,
  closingTime: item.closing,
});

describe('plain and automatic bidding against the reference model', () => {
  it('agrees with the reference on every bid, plain or automatic, and keeps every invariant over thousands of sequences', () => {
    fc.assert(
      fc.property(itemArb, fc.array(stepArb, { minLength: 1, maxLength: 40 }), (base, steps) => {
        const item: RefItem = { ...base, closing: CLOSING };
        const rules = rulesFor(item);
        const reference = new ReferenceAuction(item);
        let state: AuctionState = NO_BIDS;
        steps.forEach((step, index) => {
          const time = step.lateBy === null ? index * 10 : CLOSING - 1 + step.lateBy;
          const amount = Math.max(1, reference.minimumFor(step.bidder) + step.offset);
          const before = state;
          const ref = reference.bid({ bidder: step.bidder, amount, automatic: step.automatic, time });
          const outcome = applyBid(rules, state, { bidderId: step.bidder, amount, automatic: step.automatic, time, seq: index + 1 });

          if (!ref.accepted) {
            expect(outcome.kind).toBe('refused');
            if (outcome.kind === 'refused') {
              expect(outcome.reason).toBe(ref.refusal);
              if (outcome.reason === 'too_low') expect(outcome.minimum).toBe(ref.minimum);
            }
            // Nothing is accepted at or after the closing instant.
            if (time >= CLOSING) expect(outcome).toEqual({ kind: 'refused', reason: 'closed' });
            return;
          }
          expect(time).toBeLessThan(CLOSING);
          expect(outcome.kind).toBe('bid');
          if (outcome.kind !== 'bid') return;
          state = outcome.state;
          expect(state.price).toBe(ref.price);
          expect(state.leader?.bidderId).toBe(ref.leader);
          expect(outcome.leading).toBe(ref.leader === step.bidder);

          // Invariants, stated directly.
          const ranked = maxima(reference.accepted);
          const top = ranked[0]!;
          const price = state.price!;
          expect(state.leader?.bidderId).toBe(top.bidder); // highest maximum, earliest on ties
          expect(state.leader?.max).toBe(top.max);
          expect(price).toBeLessThanOrEqual(top.max);
          expect(price).toBeGreaterThanOrEqual(item.start);
          if (before.price !== null) expect(price).toBeGreaterThanOrEqual(before.price);
          const lift = (p: number) => (item.reserve !== null && top.max >= item.reserve ? Math.max(p, item.reserve) : p);
          const leads = top.bidder === step.bidder;
          if (leads && !step.automatic) {
            // A plain bid that leads is placed as it is: the price is the amount bid.
            expect(price).toBe(amount);
            expect(outcome.recordedAmount).toBe(amount);
          } else if (leads && before.leader !== null && before.leader.bidderId === step.bidder) {
            // A leader raising their own secret maximum leaves the price, unless that meets the reserve.
            expect(price).toBe(lift(before.price!));
          } else if (ranked[1] !== undefined) {
            // An automatic bid taking the lead bids just above the next maximum; a leader who
            // stays answers the beaten bid by the increase, up to their maximum.
            const second = ranked[1].max;
            expect(price).toBe(lift(Math.min(second + refIncrease(item, second), top.max)));
          } else {
            expect(price).toBe(lift(item.start));
          }
          // The record of a beaten bid shows its own amount; a leading one the price.
          expect(outcome.recordedAmount).toBe(leads ? price : amount);
        });
      }),
      { numRuns: 3000 },
    );
  });

  it('uses the documented default increase table at every band edge', () => {
    const item: RefItem = { start: 0, increase: null, reserve: null, closing: CLOSING };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_00 }), (price) => {
        expect(defaultIncrease(price)).toBe(refIncrease(item, price));
      }),
      { numRuns: 2000 },
    );
    for (const edge of [0, 9_99, 10_00, 49_99, 50_00, 99_99, 100_00, 499_99, 500_00, 999_99, 1_000_00, 4_999_99, 5_000_00]) {
      expect(defaultIncrease(edge)).toBe(refIncrease(item, edge));
    }
  });
});

describe('the closing instant', () => {
  const rules = rulesFor({ start: 10_00, increase: null, reserve: null, closing: CLOSING });
  const at = (time: number) => applyBid(rules, NO_BIDS, { bidderId: 1, amount: 10_00, automatic: false, time, seq: 1 });

  it('takes a bid one millisecond before the closing time', () => {
    expect(at(CLOSING - 1).kind).toBe('bid');
  });

  it('refuses a bid exactly at the closing time', () => {
    expect(at(CLOSING)).toEqual({ kind: 'refused', reason: 'closed' });
  });

  it('refuses a bid one millisecond after the closing time', () => {
    expect(at(CLOSING + 1)).toEqual({ kind: 'refused', reason: 'closed' });
  });
});

describe('buy-now in the engine', () => {
  it('buys at the buy-now price at or above it and refuses under it', () => {
    const rules: AuctionRules = { saleMethod: 'buy-now', startingPrice: 0, minimumIncrease: null, reservePrice: null, buyNowPrice: 25_00, closingTime: CLOSING };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_00 }), (amount) => {
        const outcome = applyBid(rules, NO_BIDS, { bidderId: 1, amount, automatic: false, time: 0, seq: 1 });
        expect(outcome).toEqual(amount >= 25_00 ? { kind: 'buy', price: 25_00 } : { kind: 'refused', reason: 'too_low', minimum: 25_00 });
      }),
      { numRuns: 500 },
    );
  });
});
