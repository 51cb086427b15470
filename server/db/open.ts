// Opens the service's SQLite file: pragmas (shared with the desktop core), custom functions, migrations.
import type Database from 'better-sqlite3';
import { openSqlite } from '../../shared/sqlite/open-database.ts';
import { MIGRATIONS, type Migration } from './migrations.ts';
import { stripHtml } from '../domain/text.ts';

export type Db = Database.Database;

/** The service's database file inside its data folder. */
export const DATABASE_FILE = 'market.sqlite';

export class DatabaseTooNewError extends Error {
  constructor(found: number, known: number) {
    super(`database schema version ${found} is newer than this code knows (${known})`);
  }
}

/** Opens (creating if needed) and migrates. `path` may be ':memory:'. */
export function openDatabase(path: string, migrations: readonly Migration[] = MIGRATIONS): Db {
  const db = openSqlite(path);
  db.function('strip_html', { deterministic: true }, (html: unknown) => stripHtml(typeof html === 'string' ? html : ''));
  migrate(db, migrations);
  cachePreparedStatements(db);
  return db;
}

/**
 * better-sqlite3 compiles the SQL on every prepare(), which cost more than the query itself on
 * the item GET path. Code prepares its statements where it uses them, so the connection keeps
 * them by SQL text. A cached statement is shared: its modes (pluck, raw, expand) are reset each
 * time it is handed out. Dynamic SQL (search) is bounded by clearing the cache when it is full.
 */
export function cachePreparedStatements(db: Db, limit = 2000): void {
  const compile = db.prepare.bind(db);
  const cache = new Map<string, Database.Statement>();
  const prepare = (sql: string): Database.Statement => {
    let statement = cache.get(sql);
    if (statement === undefined) {
      if (cache.size >= limit) cache.clear();
      statement = compile(sql);
      cache.set(sql, statement);
    } else if (statement.reader) {
      statement.raw(false);
      statement.pluck(false);
      statement.expand(false);
    }
    return statement;
  };
  db.prepare = prepare as Db['prepare'];
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

export function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS, upTo = Infinity): void {
  const known = migrations.at(-1)?.version ?? 0;
  const current = schemaVersion(db);
  if (current > known) throw new DatabaseTooNewError(current, known);
  for (const step of migrations) {
    if (step.version <= current || step.version > upTo) continue;
    const enforced = db.pragma('foreign_keys', { simple: true }) === 1;
    if (step.foreignKeysOff) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        step.run?.(db);
        db.exec(step.sql);
        if (step.foreignKeysOff) {
          const broken = db.pragma('foreign_key_check') as unknown[];
          if (broken.length > 0) throw new Error(`migration ${step.version} would break ${broken.length} foreign key(s)`);
        }
        db.pragma(`user_version = ${step.version}`);
      })();
    } finally {
      if (step.foreignKeysOff && enforced) db.pragma('foreign_keys = ON');
    }
  }
}
