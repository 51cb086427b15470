// A test's child process started from one bundled file instead of through tsx: a crash test
// starts its child 50 times, and tsx's loader resolving and transpiling some hundred modules at
// every start cost about 1-3 s of CPU each time (most of the crash tests' run). esbuild bundles the
// child's own sources once per test file; packages stay imports (better-sqlite3 is native), so
// the bundle lives under node_modules/.cache where they resolve. Only for children that start no
// worker of their own: a worker's file is found beside its module, which a bundle moves.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { build } from 'esbuild';

const CACHE = resolve(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'test-children');

/**
 * Bundles `entry` (a .ts file) and returns the .mjs file to run with plain `node`. The file is
 * named by its content: checkouts that share one node_modules (git worktrees) never run each
 * other's bundle of the same child, nor replace it while a test of theirs starts it.
 */
export async function builtChild(entry: string): Promise<string> {
  mkdirSync(CACHE, { recursive: true });
  const { outputFiles } = await build({ entryPoints: [entry], write: false, outfile: 'child.mjs', bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
  const code = outputFiles[0]!.contents;
  const outfile = join(CACHE, `${basename(entry, '.ts')}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  if (existsSync(outfile)) return outfile;
  // Written aside and renamed: a test file reading the bundle never sees half of one.
  const partial = `${outfile}.${process.pid}.partial`;
  writeFileSync(partial, code);
  renameSync(partial, outfile);
  return outfile;
}
