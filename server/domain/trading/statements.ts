// Prepared statements for the bid path, which runs thousands of times a minute under load:
// compiling the SQL each time cost more than running it. The service's connection keeps every
// statement by its text (StatementCachingDatabase in db/open.ts, the one statement cache), so this
// is its prepare(); a statement handed out again has its modes (pluck, raw) reset.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/open.ts';

export function prepared(db: Db, sql: string): Statement {
  return db.prepare(sql);
}
