// A test's child process started from one bundled file instead of through tsx: a crash test
// starts its child 50 times, and tsx's loader resolving and transpiling some hundred modules at
// every start cost about 1-3 s of CPU each time (most of the crash tests' run). esbuild bundles the
// child's own sources once per test file; packages stay imports (better-sqlite3 is native), so
// the bundle lives under node_modules/.cache where they resolve. Only for children that start no
// worker of their own: a worker's file is found beside its module, which a bundle moves.
import { mkdirSync, renameSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { build } from 'esbuild';

const CACHE = resolve(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'test-children');

/** Bundles `entry` (a .ts file) and returns the .mjs file to run with plain `node`. */
export async function builtChild(entry: string): Promise<string> {
  mkdirSync(CACHE, { recursive: true });
  const outfile = join(CACHE, `${basename(entry, '.ts')}.mjs`);
  // Written aside and renamed: a test file reading the bundle never sees half of one.
  const partial = `${outfile}.${process.pid}.partial`;
  await build({ entryPoints: [entry], outfile: partial, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
  renameSync(partial, outfile);
  return outfile;
}
