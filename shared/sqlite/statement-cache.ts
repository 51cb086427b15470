// The one statement cache of the project. better-sqlite3 compiles SQL on every prepare(), which
// costs more than running a short query; code that runs a statement often keeps it here, by its
// SQL text or by a key it builds the SQL from (a set of fields). Bounded: SQL built from a query's
// shape (search filters) cannot grow it without end; when full it starts again empty.
import type Database from 'better-sqlite3';

/** The statement for `key`, made by `make` the first time (and again after the cache was full). */
export type StatementCache = (key: string, make: () => Database.Statement) => Database.Statement;

export function statementCache(limit = 1000): StatementCache {
  const statements = new Map<string, Database.Statement>();
  return (key, make) => {
    let statement = statements.get(key);
    if (statement === undefined) {
      if (statements.size >= limit) statements.clear();
      statement = make();
      statements.set(key, statement);
    }
    return statement;
  };
}
