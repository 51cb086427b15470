// The engine's reads and writes of the cache. In-memory decisions follow the commit: every
// outcome of a request is written in one transaction (remote id with the row's removal, a park
// with the item's rejection), so a crash between two statements cannot half-apply it.
import { readListingCopy, writeListingCopy } from '../api/listing-copy.ts';
import type { Db } from '../db/open-account-db.ts';
import { DRAFT_FIELDS, FIELD_SPECS, toColumnValue } from '../drafts/fields.ts';
import type { SyncState } from '../drafts/sync-state.ts';
import type { OutboxRow } from '../outbox/outbox.ts';
import { factSets, factValues } from './listing-facts.ts';
import type { MarketListing } from './market-listing.ts';
import type { ListingStatus, MarketOffer } from './marketplace-types.ts';
import { factsOfItem, fieldsOfServerItem } from './server-fields.ts';

export type LogOutcome = 'ok' | 'rejected' | 'failed' | 'unknown';

export interface PendingItem {
  item_local_id: number;
  first_id: number;
  rows: number;
}

export function syncRepository(db: Db) {
  const s = {
    pendingItems: db.prepare(
      // A rejected item waits for the user; once they change it (state queued), its parked row
      // gets another chance. Conflicts wait for the user's choice.
      `SELECT o.item_local_id, min(o.id) AS first_id, count(*) AS rows FROM outbox o
       WHERE NOT EXISTS (SELECT 1 FROM items i WHERE i.local_id = o.item_local_id AND i.sync_state IN ('rejected','conflict'))
       GROUP BY o.item_local_id ORDER BY first_id`,
    ),
    countPending: db.prepare(`SELECT count(*) FROM outbox WHERE state = 'pending'`).pluck(),
    countParked: db.prepare(`SELECT count(*) FROM outbox WHERE state = 'parked'`).pluck(),
    nextRow: db.prepare(`SELECT * FROM outbox WHERE item_local_id = ? ORDER BY id LIMIT 1`),
    rowsOf: db.prepare(`SELECT * FROM outbox WHERE item_local_id = ? ORDER BY id`),
    hasStatusRow: db.prepare(`SELECT count(*) FROM outbox WHERE item_local_id = ? AND kind = 'set-status'`).pluck(),
    deleteRow: db.prepare(`DELETE FROM outbox WHERE id = ?`),
    deleteFoldedEdits: db.prepare(`DELETE FROM outbox WHERE item_local_id = ? AND kind = 'edit' AND id <= ?`),
    park: db.prepare(`UPDATE outbox SET state = 'parked', error = ?, error_field = ?, attempts = attempts + 1 WHERE id = ?`),
    unpark: db.prepare(`UPDATE outbox SET state = 'pending', error = NULL, error_field = NULL, next_attempt_at = 0 WHERE id = ?`),
    defer: db.prepare(`UPDATE outbox SET attempts = attempts + ?, next_attempt_at = ? WHERE id = ?`),
    item: db.prepare(`SELECT * FROM items WHERE local_id = ?`),
    setState: db.prepare(`UPDATE items SET sync_state = ?, reject_reason = ?, reject_field = ?, reject_code = ? WHERE local_id = ?`),
    setRemote: db.prepare(
      // An item read only from its summary keeps its summary as its copy and base: an answer
      // taken as its base would hide every field it lacks from the full read that fills them in.
      `UPDATE items SET remote_id = ?, status = ?, server_copy = CASE WHEN detail = 'full' THEN ? ELSE server_copy END,
         base = CASE WHEN detail = 'full' THEN ? ELSE base END, ${factSets(`detail = 'full'`)}, current_price = ?, bidder_count = ?, offer_count = ? WHERE local_id = ?`,
    ),
    setStatus: db.prepare(`UPDATE items SET status = ? WHERE local_id = ?`),
    // The listing's status and units left, also in the marketplace's copy (the next summary is
    // compared with it); its other fields (and `base`) wait for the next full read.
    copyOf: db.prepare(`SELECT remote_id, server_copy FROM items WHERE local_id = ?`),
    reflectListing: db.prepare(`UPDATE items SET status = ?, units_left = ?, server_copy = ? WHERE local_id = ?`),
    hardDelete: db.prepare(`DELETE FROM items WHERE local_id = ?`),
    deleteOutboxOf: db.prepare(`DELETE FROM outbox WHERE item_local_id = ?`),
    claimedRemoteIds: db.prepare(`SELECT remote_id FROM items WHERE remote_id IS NOT NULL`).pluck(),
    image: db.prepare(`SELECT id, item_local_id, remote_id, file_path, bytes, prep_state FROM images WHERE id = ?`),
    imagesOf: db.prepare(`SELECT id, remote_id FROM images WHERE item_local_id = ? AND prep_state <> 'failed' ORDER BY position, id`),
    setImageRemote: db.prepare(`UPDATE images SET remote_id = ? WHERE id = ?`),
    knownImageRemoteIds: db.prepare(`SELECT remote_id FROM images WHERE item_local_id = ? AND remote_id IS NOT NULL`).pluck(),
    logSent: db.prepare(
      `INSERT INTO request_log (item_local_id, outbox_id, method, path, idempotency_key, outcome, sent_at) VALUES (?, ?, ?, ?, ?, 'sent', ?)`,
    ),
    logFinish: db.prepare(`UPDATE request_log SET status = ?, outcome = ?, error = ?, finished_at = ? WHERE id = ?`),
    logDone: db.prepare(
      `INSERT INTO request_log (item_local_id, outbox_id, method, path, idempotency_key, status, outcome, error, sent_at, finished_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    unfinishedSend: db.prepare(
      `SELECT count(*) FROM request_log WHERE outbox_id = ? AND outcome IN ('sent','unknown')`,
    ).pluck(),
    closeUnfinished: db.prepare(`UPDATE request_log SET outcome = 'ok', finished_at = ? WHERE outbox_id = ? AND outcome IN ('sent','unknown')`),
    answerDone: db.prepare(`UPDATE questions SET answer = ?, answered = ?, pending_answer = NULL, record = ? WHERE remote_id = ?`),
    offerDone: db.prepare(`UPDATE offers SET status = ?, pending_decision = NULL, changed_at = ?, record = ? WHERE remote_id = ?`),
    rowsLeft: db.prepare(`SELECT count(*) FROM outbox WHERE item_local_id = ?`).pluck(),
    syncedIfSending: db.prepare(`UPDATE items SET sync_state = 'synced', reject_reason = NULL, reject_field = NULL WHERE local_id = ? AND sync_state = 'sending'`),
    remoteDraftsKnown: db.prepare(`SELECT count(*) FROM items WHERE remote_id IS NOT NULL AND status = 'draft'`).pluck(),
  };

  type LogEntry = { row: Pick<OutboxRow, 'id' | 'item_local_id' | 'idempotency_key'>; method: string; path: string; status: number | null; outcome: LogOutcome; error: string | null; sentAt: number; finishedAt: number };
  /**
   * Audit entries of a row's requests that need no marker (PUT, DELETE), kept until the row's
   * attempt ends and written in the transaction that records its end (completion, park, defer):
   * no commit of their own (synchronous=FULL makes each one cost). A crash loses only entries of
   * requests whose repeat has the same effect.
   */
  const logBuffer = new Map<number, LogEntry[]>();
  const flushLog = (rowId: number) => {
    const entries = logBuffer.get(rowId);
    if (!entries) return;
    logBuffer.delete(rowId);
    for (const e of entries) s.logDone.run(e.row.item_local_id, e.row.id, e.method, e.path, e.row.idempotency_key, e.status, e.outcome, e.error, e.sentAt, e.finishedAt);
  };
  // The item's last row done: it is synced, in the same transaction (no commit of its own).
  const syncedIfDone = (localId: number) => {
    if ((s.rowsLeft.get(localId) as number) === 0) s.syncedIfSending.run(localId);
  };

  // No item is legitimately 'sending' when a run starts (runs are single-flight): one left so
  // by a crash gets the state its rows say.
  const recoverSending = db.prepare(
    `UPDATE items SET sync_state = CASE
       WHEN EXISTS (SELECT 1 FROM outbox o JOIN request_log r ON r.outbox_id = o.id
                    WHERE o.item_local_id = items.local_id AND r.outcome IN ('sent','unknown')) THEN 'outcome-unknown'
       WHEN EXISTS (SELECT 1 FROM outbox o WHERE o.item_local_id = items.local_id)
         THEN CASE WHEN remote_id IS NULL THEN 'local-only' ELSE 'queued' END
       ELSE 'synced' END
     WHERE sync_state = 'sending'`,
  );

  return {
    recoverSending: () => recoverSending.run().changes,
    pendingItems: () => s.pendingItems.all() as PendingItem[],
    counts: () => ({ pending: s.countPending.get() as number, parked: s.countParked.get() as number }),
    nextRow: (localId: number) => s.nextRow.get(localId) as OutboxRow | undefined,
    rowsOf: (localId: number) => s.rowsOf.all(localId) as OutboxRow[],
    hasStatusRow: (localId: number) => (s.hasStatusRow.get(localId) as number) > 0,
    item: (localId: number) => s.item.get(localId) as (Record<string, unknown> & { local_id: number; remote_id: number | null; status: string; sync_state: SyncState; deleted_at: number | null; base: string | null }) | undefined,
    claimedRemoteIds: () => new Set(s.claimedRemoteIds.all() as number[]),
    image: (id: number) => s.image.get(id) as { id: number; item_local_id: number; remote_id: number | null; file_path: string | null; bytes: number | null; prep_state: string } | undefined,
    imagesOf: (localId: number) => s.imagesOf.all(localId) as Array<{ id: number; remote_id: number | null }>,
    knownImageRemoteIds: (localId: number) => new Set(s.knownImageRemoteIds.all(localId) as number[]),
    hadUnfinishedSend: (outboxId: number) => (s.unfinishedSend.get(outboxId) as number) > 0,

    /** Written only when it changes (a row's completion may have said synced already). */
    setState(localId: number, state: SyncState, reason: string | null = null, field: string | null = null, code: string | null = null) {
      const now = s.item.get(localId) as { sync_state: string; reject_reason: string | null; reject_field: string | null; reject_code: string | null } | undefined;
      if (now && now.sync_state === state && now.reject_reason === reason && now.reject_field === field && now.reject_code === code) return;
      s.setState.run(state, reason, field, code, localId);
    },

    /** Before the request: committed, so a crash mid-request leaves a 'sent' entry to reconcile. */
    logSent(row: Pick<OutboxRow, 'id' | 'item_local_id' | 'idempotency_key'>, method: string, path: string, now: number): number {
      return Number(s.logSent.run(row.item_local_id, row.id, method, path, row.idempotency_key, now).lastInsertRowid);
    },
    logFinish(logId: number, status: number | null, outcome: LogOutcome, error: string | null, now: number) {
      s.logFinish.run(status, outcome, error, now, logId);
    },
    /** A request that needs no marker before it (see `logged`): written with the row's outcome. */
    logDone(row: Pick<OutboxRow, 'id' | 'item_local_id' | 'idempotency_key'>, method: string, path: string, status: number | null, outcome: LogOutcome, error: string | null, sentAt: number, finishedAt: number) {
      const entries = logBuffer.get(row.id) ?? [];
      entries.push({ row, method, path, status, outcome, error, sentAt, finishedAt });
      logBuffer.set(row.id, entries);
    },

    /** A create or copy that reached the service: remote id, and the rows it covered, in one transaction. */
    completeCreate: db.transaction((row: OutboxRow, item: MarketListing, foldedUpTo: number, finishedAt: number) => {
      // The audit entry closes in the same transaction: 'sent' without a remote id after a crash
      // always means "reconcile first".
      flushLog(row.id);
      s.closeUnfinished.run(finishedAt, row.id);
      s.setRemote.run(item.id, item.status, writeListingCopy(item), JSON.stringify(fieldsOfServerItem(item)), ...factValues(factsOfItem(item)), item.currentPrice, item.bidderCount, item.offerCount, row.item_local_id);
      s.deleteRow.run(row.id);
      if (foldedUpTo > 0) s.deleteFoldedEdits.run(row.item_local_id, foldedUpTo);
      syncedIfDone(row.item_local_id);
    }),

    completeRow: db.transaction((row: OutboxRow, item: MarketListing | null) => {
      flushLog(row.id);
      if (item) s.setRemote.run(item.id, item.status, writeListingCopy(item), JSON.stringify(fieldsOfServerItem(item)), ...factValues(factsOfItem(item)), item.currentPrice, item.bidderCount, item.offerCount, row.item_local_id);
      s.deleteRow.run(row.id);
      syncedIfDone(row.item_local_id);
    }),

    completeImageUpload: db.transaction((row: OutboxRow, imageId: number, remoteImageId: number, finishedAt: number) => {
      flushLog(row.id);
      s.closeUnfinished.run(finishedAt, row.id);
      s.setImageRemote.run(remoteImageId, imageId);
      s.deleteRow.run(row.id);
      syncedIfDone(row.item_local_id);
    }),

    completeAnswer: db.transaction((row: OutboxRow, questionId: number, answer: string | null, answered: string | null, record: string) => {
      flushLog(row.id);
      s.answerDone.run(answer, answered, record, questionId);
      s.deleteRow.run(row.id);
      syncedIfDone(row.item_local_id);
    }),

    completeOffer: db.transaction((row: OutboxRow, offer: MarketOffer) => {
      flushLog(row.id);
      s.offerDone.run(offer.state, offer.changedAt, offer.record, offer.id);
      s.deleteRow.run(row.id);
      syncedIfDone(row.item_local_id);
    }),

    completeDelete: db.transaction((row: OutboxRow) => {
      flushLog(row.id);
      s.deleteOutboxOf.run(row.item_local_id);
      s.hardDelete.run(row.item_local_id);
    }),

    /** code: the service's (or the API client's) machine code, for the seller's words; null for a local failure. */
    park: db.transaction((row: OutboxRow, message: string, field: string | null, code: string | null = null) => {
      flushLog(row.id);
      s.park.run(message, field, row.id);
      s.setState.run('rejected', message, field, code, row.item_local_id);
    }),

    unpark(row: OutboxRow) {
      s.unpark.run(row.id);
    },

    /** Fields a later queued edit of the same item sets again (the later value wins). */
    fieldsSetLater(row: OutboxRow): Set<string> {
      const out = new Set<string>();
      for (const later of s.rowsOf.all(row.item_local_id) as OutboxRow[]) {
        if (later.id <= row.id || later.kind !== 'edit') continue;
        for (const k of Object.keys((JSON.parse(later.payload) as { fields?: object }).fields ?? {})) out.add(k);
      }
      return out;
    },

    defer: db.transaction((row: OutboxRow, nextAttemptAt: number, countAttempt: boolean) => {
      flushLog(row.id);
      s.defer.run(countAttempt ? 1 : 0, nextAttemptAt, row.id);
    }),

    /** What a decision on an offer learnt of its listing (status, units left), before its next full read. */
    reflectListing(localId: number, status: ListingStatus, unitsLeft: number | null) {
      const row = s.copyOf.get(localId) as { remote_id: number | null; server_copy: string | null } | undefined;
      if (!row) return;
      const copy = readListingCopy(row.server_copy) ?? { id: row.remote_id ?? 0, status, fields: {} };
      s.reflectListing.run(status, unitsLeft, writeListingCopy({ ...copy, status, unitsLeft }), localId);
    },

    /** Remote drafts this cache knows of (the service may hold more, made elsewhere). */
    remoteDraftsKnown: () => s.remoteDraftsKnown.get() as number,

    /** The local values of the editable fields (what a create sends). */
    currentFields(localId: number): Record<string, unknown> {
      const row = s.item.get(localId) as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const f of DRAFT_FIELDS) {
        const v = row[FIELD_SPECS[f].column];
        if (v !== null && v !== undefined) out[f] = FIELD_SPECS[f].kind === 'list' ? JSON.parse(String(v)) : v;
      }
      return out;
    },
    toColumnValue,
  };
}

export type SyncRepository = ReturnType<typeof syncRepository>;
