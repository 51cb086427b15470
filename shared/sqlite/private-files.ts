// Data folders and database files readable by their owner only (issue 9, finding 7): the service's
// data folder (users, password hashes, tokens' hashes, drafts) and the app's data folder with each
// account's cache hold nothing other local users should read. Folders are 0700 and database files
// 0600, also when they already existed with looser modes (made by an older version).
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and missing parents) if needed and makes it owner-only. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Makes a SQLite file and its -wal and -shm companions owner-only, creating the main file empty
 * first (SQLite then gives the companions the main file's mode). ':memory:' and URIs are left alone.
 */
export function makeDatabaseFilePrivate(path: string): void {
  if (path === ':memory:' || path === '' || path.startsWith('file:')) return;
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (existsSync(file)) chmodSync(file, PRIVATE_FILE_MODE);
  }
}
