import { defineConfig } from 'vitest/config';
import HeavyFirstSequencer from './tests/support/heavy-first-sequencer.ts';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // A folder per run for what the e2e files share (the renderer's build).
    globalSetup: ['./tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each test file starts its own server on port 0; two cores, so two workers.
    pool: 'forks',
    maxWorkers: 2,
    // Long files first, so none starts last and runs alone (see the sequencer).
    sequence: { sequencer: HeavyFirstSequencer },
    reporters: ['default', './tests/support/summary-reporter.ts'],
  },
});
