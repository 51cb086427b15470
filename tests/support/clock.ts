// A clock for code that takes `now`: real time plus the jumps the test makes, so a test moves
// past a backoff instead of sleeping it out (time never goes backwards).
export interface TestClock {
  now: () => number;
  /** Moves the clock forward to `at` (nothing when it is already there). */
  advanceTo(at: number): void;
}

export function testClock(): TestClock {
  let skew = 0;
  const now = () => Date.now() + skew;
  return { now, advanceTo: (at) => { skew += Math.max(0, at - now()); } };
}
