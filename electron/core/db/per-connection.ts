// What a module prepares over a connection (its statements, its repositories), made once per
// connection and dropped with it: the long writes' connection gets its own (issue 41).
import type { Db } from './open-account-db.ts';

export function perConnection<R>(make: (db: Db) => R): (db: Db) => R {
  const made = new WeakMap<Db, R>();
  return (db) => {
    let r = made.get(db);
    if (r === undefined) {
      r = make(db);
      made.set(db, r);
    }
    return r;
  };
}
