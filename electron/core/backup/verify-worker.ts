// One verification off the main thread: integrity_check of a 100,000-draft cache takes seconds of
// CPU, which on the main thread would hold every other call of the core. Opens the file, makes
// it a single self-contained file (journal_mode=DELETE: no -wal to carry along), runs
// integrity_check (or quick_check) and counts its rows.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { draftCount, tableCounts } from './table-counts.ts';
import type { VerifyReply, VerifyTask } from './verify.ts';
import { lowerThisThreadPriority } from '../host/background-thread.ts';

/** The prepared photo files the cache names (each once): what a backup keeps beside it. */
function photoFiles(db: Database.Database): string[] {
  const hasImages = db.prepare(`SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'images'`).pluck().get() === 1;
  if (!hasImages) return [];
  const paths = db.prepare(`SELECT file_path FROM images WHERE file_path IS NOT NULL UNION SELECT thumb_path FROM images WHERE thumb_path IS NOT NULL`).pluck().all() as string[];
  return paths;
}

function verify(task: VerifyTask): VerifyReply {
  let db: Database.Database | null = null;
  try {
    db = new Database(task.path, { fileMustExist: true });
    if (task.singleFile) db.pragma('journal_mode = DELETE');
    const rows = db.pragma(task.quick ? 'quick_check' : 'integrity_check') as Array<Record<string, string>>;
    const problems = rows.map((r) => Object.values(r)[0] ?? '').filter((v) => v !== 'ok');
    if (problems.length > 0) return { ok: false, problem: problems.slice(0, 5).join('; '), corrupt: true };
    const photos = task.photos ? photoFiles(db) : undefined;
    return { ok: true, counts: tableCounts(db), drafts: draftCount(db), schemaVersion: db.pragma('user_version', { simple: true }) as number, ...(photos ? { photos } : {}) };
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    return { ok: false, problem: error instanceof Error ? error.message : String(error), corrupt: /CORRUPT|NOTADB/.test(code), code };
  } finally {
    db?.close();
  }
}

lowerThisThreadPriority();
parentPort?.postMessage(verify(workerData as VerifyTask));
