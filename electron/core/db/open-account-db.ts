// Opens one account's cache file: pragmas checked on every open (shared with the service), the
// functions the schema's triggers call, then the numbered migrations.
import type Database from 'better-sqlite3';
import { openSqlite } from '../../../shared/sqlite/open-database.ts';
import { htmlText } from './html-text.ts';
import { MIGRATIONS, type Migration } from './migrations.ts';

export type Db = Database.Database;

export class DatabaseTooNewError extends Error {
  readonly found: number;
  readonly known: number;
  constructor(found: number, known: number) {
    super(`the cache file has schema version ${found}, newer than this app knows (${known}); update the app`);
    this.name = 'DatabaseTooNewError';
    this.found = found;
    this.known = known;
  }
}

export interface OpenOptions {
  migrations?: readonly Migration[];
  /** Stop at this version (migration tests step one version at a time). */
  upTo?: number;
}

/** Opens (creating if needed) and migrates an account's cache. */
export function openAccountDb(path: string, options: OpenOptions = {}): Db {
  // synchronous=FULL matters most here: a lost commit is a local change the user was told was saved.
  const db = openSqlite(path);
  try {
    db.function('html_text', { deterministic: true }, htmlText);
    migrate(db, options.migrations ?? MIGRATIONS, options.upTo ?? Infinity);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

export function latestVersion(migrations: readonly Migration[] = MIGRATIONS): number {
  return migrations.at(-1)?.version ?? 0;
}

export function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS, upTo = Infinity): void {
  const known = latestVersion(migrations);
  const current = schemaVersion(db);
  if (current > known) throw new DatabaseTooNewError(current, known);
  for (const step of migrations) {
    if (step.version <= current || step.version > upTo) continue;
    db.transaction(() => {
      db.exec(step.sql);
      // PRAGMA takes no bound parameters; the version is an integer from our own table.
      db.pragma(`user_version = ${Math.trunc(step.version)}`);
    })();
  }
}
