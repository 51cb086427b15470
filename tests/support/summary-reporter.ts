// Prints one plain closing line, "N passed, N failed, N skipped", that CI reads after the run.
// With TEST_DURATIONS=write, a run also writes each file's duration into
// tests/support/test-durations.json (the order the sequencer starts files in; files not run keep
// their earlier figure, deleted ones go), so a full quiet run keeps that order true to the suite.
import { existsSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { measuredDurations } from './heavy-first-sequencer.ts';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (module.state() === 'failed' && module.children.size === 0) failed++;
    }
    if (process.env.TEST_DURATIONS === 'write') writeDurations(testModules);
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}

function writeDurations(testModules: ReadonlyArray<TestModule>): void {
  const durations = measuredDurations();
  for (const module of testModules) {
    durations[relative(process.cwd(), module.moduleId)] = Math.round(module.diagnostic().duration / 100) / 10;
  }
  // A file deleted since is left out.
  const sorted = Object.fromEntries(Object.entries(durations).filter(([file]) => existsSync(file)).sort(([, a], [, b]) => b - a));
  writeFileSync(new URL('./test-durations.json', import.meta.url), `${JSON.stringify(sorted, null, 1)}\n`);
}
