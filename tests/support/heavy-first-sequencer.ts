// The order test files start in. With two workers the run ends when the last long file does; a
// clean checkout (CI) has no timings from earlier runs, and vitest then keeps the folders' order,
// so a crash test or a browser sweep could start last and run alone for minutes. Files known to
// be long start first (the browser tests, the crash tests, the simulated week, the 100,000-draft
// plans); the many short ones fill in beside them. With timings cached (a developer's repeated
// runs), vitest's own order (failed first, then longest) applies to the rest.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONG = [
  /\/tests\/e2e\/a11y-screens\./,
  /\/tests\/core\/(sync-)?crash\./,
  /\/tests\/core\/rules-week\./,
  /\/tests\/e2e\/keyboard-week\./,
  /\/tests\/e2e\//,
  /\/tests\/core\/grid-query-plan\./,
  /\/tests\/app\/core-process\./,
  /\/tests\/core\/photos-from-cameras\./,
  /\/tests\/core\/backup\/sigkill\./,
];

/** The place of a file in LONG (earlier starts first), or LONG.length for the rest. */
const rank = (file: TestSpecification) => {
  const index = LONG.findIndex((pattern) => pattern.test(file.moduleId));
  return index === -1 ? LONG.length : index;
};

export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array sort is stable: within a rank, vitest's order stays.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
