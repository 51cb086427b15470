// The order test files start in: longest first, by the durations measured in a full run
// (tests/support/test-durations.json). With two workers the run ends when the last long file
// does, so a long file must never start last and run alone; a clean checkout (CI) has no timings
// of its own, hence the committed ones. Longest-first is the classic list-scheduling rule (LPT):
// with two workers its end is within a third of the best order's. A file not in the list yet (a
// new one) is placed as a median file is; a full run with TEST_DURATIONS=write brings the list up
// to date (tests/support/summary-reporter.ts).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const DURATIONS_FILE = new URL('./test-durations.json', import.meta.url);

/** Seconds each test file took in the last measured full run, by its path from the repository. */
export function measuredDurations(): Record<string, number> {
  return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
}

export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = measuredDurations();
    const known = Object.values(durations).sort((a, b) => a - b);
    const median = known[Math.floor(known.length / 2)] ?? 0;
    const seconds = (file: TestSpecification) => durations[relative(process.cwd(), file.moduleId)] ?? median;
    // Array sort is stable: files of equal duration keep vitest's order.
    return (await super.sort(files)).sort((a, b) => seconds(b) - seconds(a));
  }
}
