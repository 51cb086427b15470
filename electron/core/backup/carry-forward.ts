// What the cache knew after the backup was taken, carried into the restored copy so that nothing
// is sent twice (the outbox rules of electron/core/sync/): the live cache's audit log says which
// queued changes reached the marketplace since. Outbox ids are AUTOINCREMENT and never reused,
// so a restored row and a live log entry with the same outbox id are the same change.
//  - a change the live log records as done ('ok'): not sent again; a create's or an upload's
//    remote id is adopted from the live cache (the item, its status and its last server copy);
//  - a change whose outcome was unknown ('sent'/'unknown'): marked unknown here too, so the
//    engine reconciles it (lists the remote drafts, adopts a match) before sending it again;
//  - with no live cache (a dead disk), every queued create and upload is marked unknown, and the
//    cache is marked 'restored' (sync/restore-reconcile.ts): its first complete pull matches the
//    remote items no local item claims against the local items not yet on the marketplace, so a
//    draft published after the backup is adopted, never created again. A live cache that is not
//    this backup's own continuation (a new computer's fresh cache, one that started empty after
//    damage, even after a pull: its local ids name other items) counts as none.
// The pull marks are cleared: the next pull is a complete one (it reads every listing, finds
// what was published or removed since, and inserts nothing twice).
import type { Db } from '../db/open-account-db.ts';
import { FACT_COLUMNS } from '../sync/listing-facts.ts';

/** With the listing's facts (sync/listing-facts.ts) as the live cache holds them. */
type LiveItem = { local_id: number; remote_id: number; status: string; server_copy: string | null; base: string | null }
  & Record<(typeof FACT_COLUMNS)[number], string | number | null>;
interface LiveImage { id: number; source_sha256: string | null; remote_id: number }
interface LiveLog { outbox_id: number; outcome: string }

export interface LiveState {
  /** Read once, as they come (a shop of 100,000 listings is not held in memory). */
  items: Iterable<LiveItem>;
  images: Iterable<LiveImage>;
  logs: LiveLog[];
  outboxSeq: number;
  /** Creation times of the live cache's oldest and newest items: local ids are never reused, so the same id made at another time is another item. */
  lineage: Array<{ local_id: number; created: number }>;
}

/** Items compared at each end of the live cache's numbering. */
const LINEAGE_SAMPLE = 500;

/** A query read when it is walked, not when the state is made (one statement walks at a time). */
const lazily = <T>(read: () => IterableIterator<T>): Iterable<T> => ({ [Symbol.iterator]: read });

/** Read from the live cache (a read-only connection of the restore's worker: adopt-rows.ts) as it is carried forward. */
export function readLiveState(db: Db): LiveState {
  return {
    items: lazily(() => db.prepare(`SELECT local_id, remote_id, status, server_copy, base, ${FACT_COLUMNS.join(', ')} FROM items WHERE remote_id IS NOT NULL`).iterate() as IterableIterator<LiveItem>),
    images: lazily(() => db.prepare(`SELECT id, source_sha256, remote_id FROM images WHERE remote_id IS NOT NULL`).iterate() as IterableIterator<LiveImage>),
    logs: db.prepare(`SELECT outbox_id, outcome FROM request_log WHERE outbox_id IS NOT NULL AND outcome IN ('ok','sent','unknown')`).all() as LiveLog[],
    outboxSeq: outboxSeq(db),
    // The oldest and the newest items tell (a fresh cache numbers its own from 1): bounded, so a
    // shop of 100,000 drafts costs the restore no long read while other calls wait.
    lineage: db.prepare(
      `SELECT local_id, created FROM (SELECT local_id, created FROM items ORDER BY local_id LIMIT ${LINEAGE_SAMPLE})
       UNION SELECT local_id, created FROM (SELECT local_id, created FROM items ORDER BY local_id DESC LIMIT ${LINEAGE_SAMPLE})`,
    ).all() as Array<{ local_id: number; created: number }>,
  };
}

const outboxSeq = (db: Db) => (db.prepare(`SELECT seq FROM sqlite_sequence WHERE name = 'outbox'`).pluck().get() as number | undefined) ?? 0;

/**
 * The live cache is the backup's own cache, later: its outbox numbering has gone at least as far,
 * and every item both hold by the same local id was made at the same moment; they share an item,
 * or the live cache holds none at all while its numbering went on from the backup's (everything
 * deleted since). When unsure, it is not: the path for no live cache is the careful one
 * (everything is checked with the marketplace), never one that sends twice.
 */
export function continuesBackup(restored: Db, live: LiveState): boolean {
  const seq = outboxSeq(restored);
  if (live.outboxSeq < seq) return false;
  if (live.lineage.length === 0) return seq > 0;
  const created = restored.prepare(`SELECT created FROM items WHERE local_id = ?`).pluck();
  let shared = 0;
  for (const it of live.lineage) {
    const mine = created.get(it.local_id) as number | undefined;
    if (mine === undefined) continue;
    if (mine !== it.created) return false;
    shared += 1;
  }
  return shared > 0;
}

export interface CarryResult {
  /** Queued changes the live cache had sent: removed, not sent again. */
  alreadySent: number;
  /** Queued changes marked unknown: reconciled with the marketplace before any is sent. */
  toReconcile: number;
  /** Items given the remote id the live cache had learnt since the backup. */
  adopted: number;
}

/** `backupTime`: when the backup was taken (this computer's clock), the mark's time after a restore with no live cache. */
export function carryForward(restored: Db, given: LiveState | null, now: number, backupTime: number): CarryResult {
  const result: CarryResult = { alreadySent: 0, toReconcile: 0, adopted: 0 };
  const live = given && continuesBackup(restored, given) ? given : null;
  const rows = restored.prepare(`SELECT id, item_local_id, kind, idempotency_key, payload FROM outbox ORDER BY id`).all() as Array<{ id: number; item_local_id: number; kind: string; idempotency_key: string; payload: string }>;
  const markUnknown = restored.prepare(
    `INSERT INTO request_log (item_local_id, outbox_id, method, path, idempotency_key, outcome, error, sent_at)
     VALUES (?, ?, 'POST', 'restore', ?, 'unknown', 'restored from a backup: checked with the marketplace before sending', ?)`,
  );
  const restoredUnfinished = restored.prepare(`SELECT count(*) FROM request_log WHERE outbox_id = ? AND outcome IN ('sent','unknown')`).pluck();
  const touched = new Set<number>();
  restored.transaction(() => {
    if (live) {
      const itemBy = restored.prepare(`SELECT local_id, remote_id FROM items WHERE local_id = ?`);
      const remoteTaken = restored.prepare(`SELECT local_id FROM items WHERE remote_id = ?`).pluck();
      const adopt = restored.prepare(`UPDATE items SET remote_id = ?, status = ?, server_copy = ?, base = ?, ${FACT_COLUMNS.map((c) => `${c} = ?`).join(', ')} WHERE local_id = ?`);
      for (const it of live.items) {
        const mine = itemBy.get(it.local_id) as { local_id: number; remote_id: number | null } | undefined;
        if (!mine || (mine.remote_id !== null && mine.remote_id !== it.remote_id)) continue;
        const holder = remoteTaken.get(it.remote_id) as number | undefined;
        if (holder !== undefined && holder !== it.local_id) continue;
        adopt.run(it.remote_id, it.status, it.server_copy, it.base, ...FACT_COLUMNS.map((c) => it[c]), it.local_id);
        if (mine.remote_id === null) {
          result.adopted += 1;
          touched.add(it.local_id);
        }
      }
      const imageBy = restored.prepare(`SELECT id, source_sha256, remote_id FROM images WHERE id = ?`);
      const adoptImage = restored.prepare(`UPDATE images SET remote_id = ? WHERE id = ?`);
      for (const im of live.images) {
        const mine = imageBy.get(im.id) as LiveImage | { remote_id: null; source_sha256: string | null } | undefined;
        if (mine && mine.remote_id === null && mine.source_sha256 === im.source_sha256) adoptImage.run(im.remote_id, im.id);
      }
      const done = new Set(live.logs.filter((l) => l.outcome === 'ok').map((l) => l.outbox_id));
      const unknown = new Set(live.logs.filter((l) => l.outcome !== 'ok').map((l) => l.outbox_id));
      const drop = restored.prepare(`DELETE FROM outbox WHERE id = ?`);
      for (const row of rows) {
        if (done.has(row.id)) {
          drop.run(row.id);
          result.alreadySent += 1;
          touched.add(row.item_local_id);
        } else if (unknown.has(row.id) && (restoredUnfinished.get(row.id) as number) === 0) {
          markUnknown.run(row.item_local_id, row.id, row.idempotency_key, now);
          result.toReconcile += 1;
          touched.add(row.item_local_id);
        }
      }
      // Ids stay never reused across the restore: later rows number after the live cache's.
      restored.prepare(`UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'outbox'`).run(live.outboxSeq);
    } else {
      for (const row of rows) {
        if ((row.kind === 'create' || row.kind === 'copy' || row.kind === 'add-image') && (restoredUnfinished.get(row.id) as number) === 0) {
          markUnknown.run(row.item_local_id, row.id, row.idempotency_key, now);
          result.toReconcile += 1;
          touched.add(row.item_local_id);
        }
      }
    }
    // The state of each item this changed, from its queue: an unknown outcome first, then queued,
    // then synced (it is on the marketplace); others keep theirs.
    const state = restored.prepare(
      `UPDATE items SET sync_state = CASE
         WHEN sync_state IN ('rejected','conflict') THEN sync_state
         WHEN EXISTS (SELECT 1 FROM outbox o JOIN request_log r ON r.outbox_id = o.id WHERE o.item_local_id = items.local_id AND r.outcome IN ('sent','unknown')) THEN 'outcome-unknown'
         WHEN EXISTS (SELECT 1 FROM outbox o WHERE o.item_local_id = items.local_id) THEN 'queued'
         WHEN remote_id IS NOT NULL THEN 'synced'
         ELSE sync_state END
       WHERE local_id = ?`,
    );
    for (const id of touched) state.run(id);
    for (const table of ['sync_marks', 'sync_cursors']) {
      const exists = restored.prepare(`SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?`).pluck().get(table) === 1;
      if (exists) restored.prepare(`DELETE FROM ${table}`).run();
    }
    // Migrated to this app's schema before this runs: sync_marks exists.
    if (!live) restored.prepare(`INSERT INTO sync_marks (name, value, updated) VALUES ('restored', ?, ?)`).run(String(backupTime), now);
  })();
  return result;
}
