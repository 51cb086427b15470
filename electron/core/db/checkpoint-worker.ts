// A checkpoint off the core's thread (issue 41): copies the WAL's committed frames into the cache
// file on a connection of its own (PASSIVE: readers and the session's connection go on), then
// posts what it did. A long write's commit leaves tens of megabytes of frames; SQLite's automatic
// checkpoint would copy them on the committing thread (240 to 690 ms after an import of 100,000
// rows at load 5 to 10). checkpoint.ts starts it.
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

const { path } = workerData as { path: string };
let db: Database.Database | null = null;
try {
  db = new Database(path, { fileMustExist: true });
  const [result] = db.pragma('wal_checkpoint(PASSIVE)') as Array<{ busy: number; log: number; checkpointed: number }>;
  parentPort?.postMessage({ ok: true, ...result });
} catch (error) {
  parentPort?.postMessage({ ok: false, problem: error instanceof Error ? error.message : String(error) });
} finally {
  db?.close();
}
