// What opening an account does before its cache is used: a half-made restore copy (and the backup's cache copied in for it) is removed
// (the live cache was never replaced: the swap is one rename), then a quick_check. A cache that
// fails it, or that SQLite cannot read as a database, is set aside under another name (never
// deleted) with a note in the account folder, so the app starts on an empty cache and the
// seller is offered the latest good backup (backup-service.ts `damage`).
import Database from 'better-sqlite3';
import { appendFileSync, existsSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { CACHE_NAME } from './backup-layout.ts';
import { INCOMING_SUFFIX, removeCacheFiles, RESTORING_SUFFIX } from './restore-backup.ts';

const DAMAGE_FILE = 'damaged.jsonl';
export const DamageNote = z.object({ at: z.number(), keptAs: z.string(), problem: z.string(), dismissed: z.boolean().optional() });
export type DamageNote = z.infer<typeof DamageNote>;

export type CheckOutcome = { ok: true } | { ok: false; note: DamageNote };

/** Runs at every open of an account, before the cache is opened for use. */
export function checkAtStart(folder: string, now = Date.now()): CheckOutcome {
  removeCacheFiles(join(folder, CACHE_NAME + RESTORING_SUFFIX));
  removeCacheFiles(join(folder, CACHE_NAME + INCOMING_SUFFIX));
  const cache = join(folder, CACHE_NAME);
  if (!existsSync(cache)) return { ok: true };
  const problem = quickCheck(cache);
  if (problem === null) return { ok: true };
  const keptAs = `${CACHE_NAME}.damaged-${new Date(now).toISOString().replace(/[:.]/g, '-')}`;
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(cache + suffix)) renameSync(cache + suffix, join(folder, keptAs + suffix));
  }
  const note: DamageNote = { at: now, keptAs, problem };
  appendFileSync(join(folder, DAMAGE_FILE), `${JSON.stringify(note)}\n`, { mode: 0o600 });
  return { ok: false, note };
}

/** null when the file passes quick_check; else what is wrong. */
export function quickCheck(path: string): string | null {
  let db: Database.Database | null = null;
  try {
    db = new Database(path, { fileMustExist: true });
    const rows = db.pragma('quick_check') as Array<Record<string, string>>;
    const problems = rows.map((r) => Object.values(r)[0] ?? '').filter((v) => v !== 'ok');
    return problems.length === 0 ? null : problems.slice(0, 3).join('; ');
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    // Only damage sets a file aside; a locked or unreadable file is a different failure, thrown on.
    if (/SQLITE_(CORRUPT|NOTADB)/.test(code)) return error instanceof Error ? error.message : code;
    throw error;
  } finally {
    db?.close();
  }
}

/** The notes of damaged caches set aside in this folder, newest first (dismissed ones left out). */
export function damageNotes(folder: string): DamageNote[] {
  const file = join(folder, DAMAGE_FILE);
  if (!existsSync(file)) return [];
  const notes: DamageNote[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      notes.push(DamageNote.parse(JSON.parse(line)));
    } catch {
      // A torn last line (a crash while appending) is skipped.
    }
  }
  const dismissed = new Set(notes.filter((n) => n.dismissed).map((n) => n.keptAs));
  return notes.filter((n) => !n.dismissed && !dismissed.has(n.keptAs)).sort((a, b) => b.at - a.at);
}

export function dismissDamage(folder: string, keptAs: string, now = Date.now()): void {
  appendFileSync(join(folder, DAMAGE_FILE), `${JSON.stringify({ at: now, keptAs, problem: '', dismissed: true } satisfies DamageNote)}\n`, { mode: 0o600 });
}
