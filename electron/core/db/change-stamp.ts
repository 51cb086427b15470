// A stamp that moves whenever the cache file may have changed: a write on this connection moves
// total_changes(), a commit on another connection moves data_version. What is read from the cache
// can be kept while the stamp stays (the grid's count, the settings and the category tree).
import type { Db } from './open-account-db.ts';

export function changeStamp(db: Db): () => string {
  const stamp = db.prepare(`SELECT total_changes() || ':' || (SELECT data_version FROM pragma_data_version)`).pluck();
  return () => stamp.get() as string;
}

/**
 * `read()`, kept until the stamp moves. A value read inside an open transaction is not kept:
 * the transaction may be rolled back, and total_changes() never goes back.
 */
export function untilChanged<T>(db: Db, stamp: () => string, read: () => T): () => T {
  let kept: { stamp: string; value: T } | null = null;
  return () => {
    const now = stamp();
    if (kept !== null && kept.stamp === now) return kept.value;
    const value = read();
    kept = db.inTransaction ? null : { stamp: now, value };
    return value;
  };
}
