// Where the last complete pull of each kind got to (`sync_marks`), in the service's own time: the
// `updated` of the service's answer when that pull began. An incremental pull asks only for what
// changed since; a mark is written after everything read before it has been committed.
import type { Db } from '../db/open-account-db.ts';

// 'restored': the cache was restored from a backup with nothing to tell what was sent since (a
// dead disk, another computer); its value is the backup's time (this computer's clock, ms). Until
// the next complete pull, a remote item no local item claims is matched against the local items
// the marketplace does not know yet (restore-reconcile.ts) before it is inserted.
export type MarkName = 'sales' | 'activity' | 'restored';

export function syncMarks(db: Db) {
  const get = db.prepare(`SELECT value FROM sync_marks WHERE name = ?`).pluck();
  const set = db.prepare(
    `INSERT INTO sync_marks (name, value, updated) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated = excluded.updated`,
  );
  const remove = db.prepare(`DELETE FROM sync_marks WHERE name = ?`);
  return {
    get: (name: MarkName): string | null => (get.get(name) as string | undefined) ?? null,
    set: (name: MarkName, value: string, now: number): void => void set.run(name, value, now),
    remove: (name: MarkName): void => void remove.run(name),
  };
}
export type SyncMarks = ReturnType<typeof syncMarks>;
