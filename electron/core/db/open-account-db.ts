// Opens one account's cache file: pragmas checked on every open (shared with the service), the
// functions the schema's triggers call, then the numbered migrations (shared/sqlite/migrations.ts).
import type Database from 'better-sqlite3';
import { openSqlite } from '../../../shared/sqlite/open-database.ts';
import { htmlText } from './html-text.ts';
import { titleSortKey } from './sort-key.ts';
import { MIGRATIONS, type Migration } from './migrations.ts';
import { DatabaseTooNewError, latestVersion as latestOf, runMigrations, schemaVersion } from '../../../shared/sqlite/migrations.ts';

export type Db = Database.Database;

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
    db.function('title_sort_key', { deterministic: true }, titleSortKey);
    migrate(db, options.migrations ?? MIGRATIONS, options.upTo ?? Infinity);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export { DatabaseTooNewError, schemaVersion };

export function latestVersion(migrations: readonly Migration[] = MIGRATIONS): number {
  return latestOf(migrations);
}

export function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS, upTo = Infinity): void {
  runMigrations(db, migrations, { upTo, what: 'the cache file' });
}
