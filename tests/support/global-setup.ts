// Once per test run: a folder for what every end-to-end file shares and nothing changes during a
// run (the renderer's production build). Nothing is built here: a run of server tests alone pays
// nothing; the first e2e file that needs the renderer builds it (tests/e2e/shared-renderer.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's shared folder (removed at the end of the run). */
    runShared: string;
  }
}

export default function setup(project: TestProject): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'market-desk-run-'));
  project.provide('runShared', folder);
  return () => rmSync(folder, { recursive: true, force: true });
}
