// What the comparable closed items say: how many sold, the sell-through, the median and the middle
// half of the sold prices, and a suggested price per sale method with its reason. Only items alike
// enough (their titles cover the draft's) count; the same condition when enough of them sold; the
// last 90 days when enough sold in them, else the last year, else everything found. Fewer than
// MIN_SOLD sales give no figure at all: "too few" is said, never a guess.
import type { Condition, SaleMethod } from '../../../shared/items/item-fields.ts';
import type { ClosedSale } from './research-port.ts';

export const MIN_SOLD = 3;
/** Enough sales to narrow to the draft's condition or to a shorter window. */
const ENOUGH = 5;
const DAY = 86_400_000;
const WINDOWS = [90, 365, 730] as const;

export interface Comparable extends ClosedSale {
  /** 0..1: how much of the draft's title it covers (finnish-words.ts titleSimilarity). */
  similarity: number;
  /** Known when a search asked for one condition; null otherwise (summaries do not say). */
  condition: Condition | null;
}

export interface MarketStats {
  /** Comparables counted (closed, in the window and basis). */
  closed: number;
  sold: number;
  /** sold / closed, 0..1; null without any closed. */
  sellThrough: number | null;
  median: number | null;
  /** The middle half of the sold prices: the lower and upper quartile. */
  low: number | null;
  high: number | null;
  /** The window, in days back from now. */
  days: number;
  /** 'same-condition': only the draft's condition; 'any-condition': every condition. */
  basis: 'same-condition' | 'any-condition';
}

export interface PriceSuggestion {
  saleMethod: SaleMethod;
  price: number;
  /** The figures of its one-sentence reason (the renderer words it). */
  reason: { sold: number; days: number; low: number; high: number; median: number };
}

/** Similar enough to count as the same thing sold. */
export const ALIKE = 0.75;

function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

const cents = (x: number) => Math.round(x * 100) / 100;

/** A price as a seller asks it: whole euros from 10 €, fives from 100 €, fifties from 1,000 €. */
export function askingPrice(x: number): number {
  if (x < 10) return Math.max(0.5, Math.round(x * 2) / 2);
  if (x < 100) return Math.round(x);
  if (x < 1000) return Math.round(x / 5) * 5;
  return Math.round(x / 50) * 50;
}

export function marketStats(comparables: readonly Comparable[], condition: Condition | null, now: number): { stats: MarketStats; suggestions: PriceSuggestion[]; tooFew: boolean } {
  const alike = comparables.filter((c) => c.similarity >= ALIKE);
  const sameCondition = condition === null ? [] : alike.filter((c) => c.condition === condition);
  const useSame = sameCondition.filter((c) => c.sold).length >= ENOUGH;
  const basis = useSame ? sameCondition : alike;
  const within = (days: number) => basis.filter((c) => c.closedAt === null || c.closedAt >= now - days * DAY);
  const days: number = WINDOWS.find((d) => within(d).filter((c) => c.sold).length >= ENOUGH) ?? 730;
  const closed = within(days);
  const prices = closed.filter((c) => c.sold).map((c) => c.price).sort((a, b) => a - b);
  const sold = prices.length;
  const tooFew = sold < MIN_SOLD;
  const median = tooFew ? null : cents(quantile(prices, 0.5));
  const low = tooFew ? null : cents(quantile(prices, 0.25));
  const high = tooFew ? null : cents(quantile(prices, 0.75));
  const stats: MarketStats = {
    closed: closed.length, sold, sellThrough: closed.length === 0 ? null : sold / closed.length, median, low, high, days,
    basis: useSame ? 'same-condition' : 'any-condition',
  };
  if (tooFew || median === null || low === null || high === null) return { stats, suggestions: [], tooFew };
  const reason = { sold, days, low, high, median };
  return {
    stats,
    tooFew,
    suggestions: [
      // A fixed price where half the buyers paid: the median.
      { saleMethod: 'buy-now', price: askingPrice(median), reason },
      // An auction starts where a quarter of them sold: bids carry it up from there.
      { saleMethod: 'auction', price: Math.max(0.5, askingPrice(low * 0.95)), reason },
    ],
  };
}
