// Opens the service's SQLite file: pragmas (shared with the desktop core), custom functions, migrations.
import Database from 'better-sqlite3';
import { openSqlite } from '../../shared/sqlite/open-database.ts';
import { statementCache, type StatementCache } from '../../shared/sqlite/statement-cache.ts';
import { DatabaseTooNewError, runMigrations, schemaVersion } from '../../shared/sqlite/migrations.ts';
import { MIGRATIONS, type Migration } from './migrations.ts';
import { stripHtml } from '../domain/text.ts';

export type Db = Database.Database;

/** The service's database file inside its data folder. */
export const DATABASE_FILE = 'market.sqlite';

export { DatabaseTooNewError, schemaVersion };

/** Opens (creating if needed) and migrates. `path` may be ':memory:'. */
export function openDatabase(path: string, migrations: readonly Migration[] = MIGRATIONS): Db {
  const db = openSqlite(path, (file) => new StatementCachingDatabase(file));
  db.function('strip_html', { deterministic: true }, (html: unknown) => stripHtml(typeof html === 'string' ? html : ''));
  migrate(db, migrations);
  return db;
}

/**
 * better-sqlite3 compiles the SQL on every prepare(), which cost more than the query itself on
 * the item GET path. Code prepares its statements where it uses them, so this connection keeps
 * them by SQL text: a subclass whose prepare() is the caching one (declared, not patched onto an
 * instance). A cached statement is shared: its modes (pluck, raw, expand) are reset each time it
 * is handed out. Dynamic SQL (search) is bounded by clearing the cache when it is full.
 */
export class StatementCachingDatabase extends Database {
  readonly #cache: StatementCache;

  constructor(path: string, limit = 2000) {
    super(path);
    this.#cache = statementCache(limit);
  }

  override prepare<P extends unknown[] | object = unknown[], R = unknown>(sql: string): Database.Statement<P, R> {
    let made = false;
    const statement = this.#cache(sql, () => {
      made = true;
      return super.prepare(sql);
    });
    if (!made && statement.reader) {
      statement.raw(false);
      statement.pluck(false);
      statement.expand(false);
    }
    return statement as unknown as Database.Statement<P, R>;
  }
}

export function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS, upTo = Infinity): void {
  runMigrations(db, migrations, { upTo, what: 'the service database' });
}
