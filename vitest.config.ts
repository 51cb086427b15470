import { defineConfig } from 'vitest/config';
import HeavyFirstSequencer from './tests/support/heavy-first-sequencer.ts';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // A folder per run for what the e2e files share (the renderer's build).
    globalSetup: ['./tests/support/global-setup.ts'],
    // Before each test file: the hooks that remove every test's temporary folders.
    setupFiles: ['./tests/support/each-file.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each test file starts its own server on port 0; two cores, so two workers.
    pool: 'forks',
    maxWorkers: 2,
    // A worker keeps its modules from one test file to the next: importing the core, the server
    // and their schemas again for each of some 150 files was 160 s of a run. Every test makes its
    // own state (folders, databases, servers, browser contexts); a file that needs modules fresh
    // takes its own copies (vi.resetModules, as tests/app/language-loading.test.ts).
    isolate: false,
    // Long files first, so none starts last and runs alone (see the sequencer).
    sequence: { sequencer: HeavyFirstSequencer },
    reporters: ['default', './tests/support/summary-reporter.ts'],
  },
});
