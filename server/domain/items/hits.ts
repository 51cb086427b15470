// Item page hits for the search sort `hits`. Counting a hit must not cost a write per GET (the item
// GET is the hottest path), so hits are counted in memory and added to items.hits in one
// transaction every few seconds, when an item closes and when the service stops. A crash loses at
// most the last few seconds of hits: a popularity figure, not money.
import type { Db } from '../../db/open.ts';

const pending = new WeakMap<Db, Map<number, number>>();

export function countHit(db: Db, itemId: number): void {
  let counts = pending.get(db);
  if (!counts) {
    counts = new Map();
    pending.set(db, counts);
  }
  counts.set(itemId, (counts.get(itemId) ?? 0) + 1);
}

/** Writes the counted hits (of one item, or of all) to items.hits. */
export function flushHits(db: Db, itemId?: number): void {
  const counts = pending.get(db);
  if (!counts || counts.size === 0) return;
  const entries = itemId === undefined ? [...counts] : counts.has(itemId) ? [[itemId, counts.get(itemId) ?? 0] as const] : [];
  if (entries.length === 0) return;
  const update = db.prepare('UPDATE items SET hits = hits + ? WHERE id = ?');
  db.transaction(() => {
    for (const [id, count] of entries) update.run(count, id);
  })();
  for (const [id] of entries) counts.delete(id);
}

export const HIT_FLUSH_INTERVAL_MS = 5000;

export function startHitFlusher(db: Db, intervalMs = HIT_FLUSH_INTERVAL_MS): { stop(): void } {
  const timer = setInterval(() => flushHits(db), intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      flushHits(db);
    },
  };
}
