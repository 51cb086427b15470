// A small seeded random source, so the demo data is the same on every machine and every run
// (only the times move with "now").
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(list: readonly T[]): T;
  /** A copy of the list in random order. */
  shuffle<T>(list: readonly T[]): T[];
  /** `count` distinct elements of the list (fewer when the list is shorter). */
  sample<T>(list: readonly T[], count: number): T[];
}

/** mulberry32: tiny, fast and good enough for demo data. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => {
    if (list.length === 0) throw new Error('pick from an empty list');
    return list[int(0, list.length - 1)] as T;
  };
  const shuffle = <T>(list: readonly T[]): T[] => {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = int(0, i);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick,
    shuffle,
    sample: (list, count) => shuffle(list).slice(0, count),
  };
}

/** Rounds a price to what a person would ask: whole euros, and 5s or 10s for bigger sums. */
export function roundPrice(price: number): number {
  if (price < 20) return Math.max(1, Math.round(price));
  if (price < 200) return Math.round(price / 5) * 5;
  if (price < 2000) return Math.round(price / 10) * 10;
  return Math.round(price / 100) * 100;
}
