// A test's child process started from one bundled file instead of through tsx: a crash test
// starts its child 50 times, and tsx's loader resolving and transpiling some hundred modules at
// every start cost about 1-3 s of CPU each time (most of the crash tests' run). esbuild bundles the
// child's own sources once per test file; packages stay imports (better-sqlite3 is native), so
// the bundle lives under node_modules/.cache where they resolve. A core worker's file is found
// beside the module that starts it (electron/core/host/start-worker.ts), which a bundle moves: the
// workers a long write starts (the account's writer thread, the checkpoint's) are bundled beside
// the child, as the shipped app has them beside its core. A child starting other workers is not
// for this.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CACHE = join(ROOT, 'node_modules', '.cache', 'test-children');
/** The workers a child's long writes start, by the names start-worker.ts looks for. */
const WORKERS = {
  'writer-thread': 'electron/core/writer/writer-thread.ts',
  'checkpoint-worker': 'electron/core/db/checkpoint-worker.ts',
};

/**
 * Bundles `entry` (a .ts file) and returns the .mjs file to run with plain `node`. Its folder is
 * named by the bundles' content: checkouts that share one node_modules (git worktrees) never run
 * each other's bundle of the same child, nor replace it while a test of theirs starts it.
 */
export async function builtChild(entry: string): Promise<string> {
  const name = basename(entry, '.ts');
  const { outputFiles } = await build({
    entryPoints: { [name]: entry, ...Object.fromEntries(Object.entries(WORKERS).map(([worker, path]) => [worker, join(ROOT, path)])) },
    write: false, outdir: 'out', bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning',
  });
  const hash = createHash('sha256');
  for (const file of outputFiles) hash.update(file.path).update(file.contents);
  const folder = join(CACHE, `${name}-${hash.digest('hex').slice(0, 16)}`);
  const child = join(folder, `${name}.mjs`);
  if (existsSync(child)) return child;
  // Written aside and renamed whole: a test file reading the bundle never sees half of one.
  const partial = `${folder}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  for (const file of outputFiles) {
    const base = basename(file.path, '.js');
    // The child is run as .mjs; the workers are started as `<name>.js`, as in the shipped app, and
    // are ES modules like the child: a package.json beside them says so for `.js`.
    writeFileSync(join(partial, base === name ? `${name}.mjs` : `${base}.js`), file.contents);
  }
  writeFileSync(join(partial, 'package.json'), '{ "type": "module" }\n');
  try {
    renameSync(partial, folder);
  } catch {
    // Another test file made the same folder first.
    rmSync(partial, { recursive: true, force: true });
  }
  return child;
}
