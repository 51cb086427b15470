// A seeded random source for tests whose randomness IS the test (where a kill lands): the seed is
// printed, so a failing run is replayed with TEST_SEED=<seed> (as the fault plan's seed replays
// its faults). Without TEST_SEED every run draws a new seed.
import { mulberry32 } from './fault-plan.ts';

export function seededRandom(label: string): { seed: number; random: () => number } {
  const fromEnv = process.env.TEST_SEED;
  const seed = fromEnv !== undefined && fromEnv !== '' ? Number(fromEnv) >>> 0 : Math.floor(Math.random() * 2 ** 32) >>> 0;
  console.log(`${label}: seed ${seed} (replay with TEST_SEED=${seed})`);
  return { seed, random: mulberry32(seed) };
}
