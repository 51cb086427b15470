// Money in the bidding engine is whole cents (integers), so comparisons and sums are exact.
// The default minimum increase applies to items of regular sellers, who may not set
// `minimumIncrease`; premium sellers' items carry their own fixed increase.

export const toCents = (euros: number): number => Math.round(euros * 100);
export const toEuros = (cents: number): number => cents / 100;

/** True when `euros` has at most two decimals (a whole number of cents). */
export const isWholeCents = (euros: number): boolean => Math.abs(euros * 100 - Math.round(euros * 100)) < 1e-6;

/** One band of the default increase table: prices from `from` (inclusive) take `increase`. */
export interface IncreaseBand {
  from: number; // cents
  increase: number; // cents
}

/** The default table, lowest band first. Documented in the OpenAPI description of the bid route. */
export const DEFAULT_INCREASE_TABLE: readonly IncreaseBand[] = [
  { from: 0, increase: 50 },
  { from: 10_00, increase: 1_00 },
  { from: 50_00, increase: 2_00 },
  { from: 100_00, increase: 5_00 },
  { from: 500_00, increase: 10_00 },
  { from: 1_000_00, increase: 25_00 },
  { from: 5_000_00, increase: 50_00 },
];

/** The default increase at a price (cents). */
export function defaultIncrease(price: number): number {
  let increase = DEFAULT_INCREASE_TABLE[0]!.increase;
  for (const band of DEFAULT_INCREASE_TABLE) if (price >= band.from) increase = band.increase;
  return increase;
}

/** The table as text for the API description. */
export function describeIncreaseTable(): string {
  const rows = DEFAULT_INCREASE_TABLE.map((band, i) => {
    const next = DEFAULT_INCREASE_TABLE[i + 1];
    const range = next ? `${toEuros(band.from).toFixed(2)}–${toEuros(next.from - 1).toFixed(2)} €` : `${toEuros(band.from).toFixed(2)} € and up`;
    return `${range}: +${toEuros(band.increase).toFixed(2)} €`;
  });
  return rows.join('; ');
}
