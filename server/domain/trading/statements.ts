// Prepared statements kept per database for the bid path, which runs thousands of times a minute
// under load: compiling the SQL each time cost more than running it.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/open.ts';

const caches = new WeakMap<Db, Map<string, Statement>>();

export function prepared(db: Db, sql: string): Statement {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    cache.set(sql, statement);
  }
  return statement;
}
