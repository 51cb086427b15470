// Opens a SQLite file with the settings every database of the project relies on: the service's
// market file and each account's cache in the desktop core. Node only (better-sqlite3): it knows
// neither the service nor Electron, and the renderer never imports it.
import Database from 'better-sqlite3';
import { makeDatabaseFilePrivate } from './private-files.ts';

/** How long a statement waits for another connection's write lock before SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens (creating if needed) `path` in WAL mode with synchronous=FULL, foreign keys and a busy
 * timeout, and checks that they hold: a connection that cannot keep a promise of durability is
 * closed and refused rather than used. `path` may be ':memory:' (its journal stays 'memory').
 * The file and its -wal/-shm are owner-only (0600).
 * `connect` makes the connection (the service's keeps its prepared statements).
 */
export function openSqlite(path: string, connect: (path: string) => Database.Database = (file) => new Database(file)): Database.Database {
  makeDatabaseFilePrivate(path);
  const db = connect(path);
  try {
    db.pragma('journal_mode = WAL');
    // Set after EVERY open: synchronous is per connection, and reopening a WAL file leaves it at
    // NORMAL, which can lose the last commits on power loss after the caller was told they were saved.
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    assertPragmas(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function assertPragmas(db: Database.Database): void {
  const journal = db.pragma('journal_mode', { simple: true });
  // An in-memory database reports 'memory'; files must be in WAL.
  if (journal !== 'wal' && db.memory === false) throw new Error(`journal_mode is ${String(journal)}, expected wal`);
  if (db.pragma('synchronous', { simple: true }) !== 2) throw new Error('could not set synchronous = FULL');
  if (db.pragma('foreign_keys', { simple: true }) !== 1) throw new Error('could not enable foreign keys');
  if (db.pragma('busy_timeout', { simple: true }) !== BUSY_TIMEOUT_MS) throw new Error('could not set busy_timeout');
}
