// An account cache of many drafts, written once and then copied (grid-query-plan.test.ts's
// 100,000: some 20 s of writing on a quiet machine, minutes beside a busy one; a copy of its
// 87 MB, well under a second). Kept under node_modules/.cache, named by what makes its content:
// the bundle of the code that writes it (many-drafts-child.ts: the schema's migrations, the
// writes, the category tree; built-child.ts names the bundle by its hash), better-sqlite3's
// version (its SQLite), the count and the drafts' clock. A change to any of them writes a new one;
// a clean checkout (CI) writes it at its first use, as the test did before.
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { builtChild } from './built-child.ts';

const CACHE = resolve(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'test-drafts');
const CHILD = join(import.meta.dirname, 'many-drafts-child.ts');
/** The drafts' clock (insertManyDrafts' `now`): fixed, so that one file serves every run. */
export const MANY_DRAFTS_NOW = Date.UTC(2026, 0, 5, 12);
/** A kept cache unused this long goes when a new one is written (each is some 87 MB; checkouts sharing node_modules may use several). */
const UNUSED_MS = 3 * 24 * 3600_000;

/** Copies a cache of `count` drafts (insertManyDrafts at MANY_DRAFTS_NOW) to `target`, writing it first if none is kept. */
export async function copyManyDrafts(count: number, target: string): Promise<void> {
  copyFileSync(await keptCache(count), target);
}

async function keptCache(count: number): Promise<string> {
  const child = await builtChild(CHILD);
  const sqlite = (createRequire(import.meta.url)('better-sqlite3/package.json') as { version: string }).version;
  const file = join(CACHE, `${basename(child, '.mjs')}-sqlite${sqlite}-${count}-${MANY_DRAFTS_NOW}.sqlite`);
  if (existsSync(file)) {
    // Its time says when it was last used (see forgetUnused).
    const now = new Date();
    utimesSync(file, now, now);
    return file;
  }
  mkdirSync(CACHE, { recursive: true });
  // Two files on two workers (grid-query-plan, select-all-slices) may ask for it at once on a
  // clean checkout: one writes it, the other waits for its rename instead of writing it too.
  if (!(await tookTheWrite(file))) return keptCache(count);
  try {
    return await writeCache(file, child, count);
  } finally {
    rmSync(`${file}.writing`, { recursive: true, force: true });
  }
}

/**
 * True when this process is the one to write `file`; false once another process has written it
 * (or given up: then the caller asks again). A writer that died leaves its mark behind, which the
 * next asker removes (the mark names the writer's pid).
 */
async function tookTheWrite(file: string): Promise<boolean> {
  const mark = `${file}.writing`;
  for (;;) {
    try {
      mkdirSync(mark);
      writeFileSync(join(mark, 'pid'), String(process.pid));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (existsSync(file)) return false;
    if (!writerAlive(mark)) {
      rmSync(mark, { recursive: true, force: true });
      continue;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function writerAlive(mark: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(mark, 'pid'), 'utf8'));
  } catch {
    // The mark is being made this moment (its pid not yet written), unless it is old.
    try {
      return Date.now() - statSync(mark).mtimeMs < 60_000;
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function writeCache(file: string, child: string, count: number): Promise<string> {
  forgetUnused();
  // Written aside and renamed: a test in another checkout never copies half of one.
  const partial = join(CACHE, `partial-${process.pid}-${Date.now()}`);
  mkdirSync(partial);
  try {
    const written = join(partial, 'cache.sqlite');
    await promisify(execFile)(process.execPath, [child, written, String(count), String(MANY_DRAFTS_NOW)]);
    if (existsSync(`${written}-wal`)) throw new Error('the drafts cache kept a WAL file after closing');
    renameSync(written, file);
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return file;
}

/** Removes the kept caches no run has used for UNUSED_MS (written for code since changed). */
function forgetUnused(): void {
  for (const name of readdirSync(CACHE)) {
    const path = join(CACHE, name);
    if (name.endsWith('.sqlite') && Date.now() - statSync(path).mtimeMs > UNUSED_MS) rmSync(path, { force: true });
  }
}
