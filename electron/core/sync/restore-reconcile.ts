// After a restore with no live cache (a dead disk, another computer, an import), the restored
// cache does not know what was sent after its backup: a draft it holds as local, or whose create
// it holds as queued, may have been published since (and sold, and closed). The first complete
// pull after such a restore matches every remote item no local item claims, changed since the
// backup's time, against the local items the marketplace does not know yet, as publishing's
// outcome check does (reconcile.ts): a copy by its original, anything else by every value the
// create would send. A match is adopted into its local item (remote id, status, the service's
// copy) instead of being inserted as a second item; the creates, edits and status steps it has
// made moot are dropped, so nothing is created or published twice. Lowest local id first, each
// remote item adopted once: three identical drafts and one published copy leave two drafts.
// The mark (sync-marks.ts 'restored') goes once a complete listing has been read.
import { writeListingCopy } from '../api/listing-copy.ts';
import type { Db } from '../db/open-account-db.ts';
import { DRAFT_FIELDS, FIELD_SPECS, fromColumnValue, toColumnValue } from '../drafts/fields.ts';
import { factSets, factValues } from './listing-facts.ts';
import type { MarketListing } from './market-listing.ts';
import { fieldsAgree } from './reconcile.ts';
import { factsOfItem, fieldsOfServerItem, inputOf } from './server-fields.ts';

/** The two clocks (this computer's at the backup, the service's `updated`) may disagree by this much. */
export const CLOCK_MARGIN_MS = 60 * 60 * 1000;

const REACHED: Record<string, readonly string[]> = {
  preview: ['preview', 'published', 'waiting', 'closed'],
  published: ['published', 'waiting', 'closed'],
  closed: ['closed'],
};

type LocalRow = Record<string, unknown> & { local_id: number };

/** The earliest `updated` a remote item may have to be one of a restored cache's unsent items; null without such a restore. */
export function restoredSince(db: Db): number | null {
  const mark = db.prepare(`SELECT value FROM sync_marks WHERE name = 'restored'`).pluck().get() as string | undefined;
  return mark === undefined ? null : Number(mark) - CLOCK_MARGIN_MS;
}

/** Null when the cache holds no such restore (the common case: nothing is compared). */
export function restoredMatcher(db: Db): ((item: MarketListing, now: number) => boolean) | null {
  const since = restoredSince(db);
  if (since === null) return null;
  const titleColumn = FIELD_SPECS.title.column;
  const byTitle = db.prepare(`SELECT * FROM items WHERE remote_id IS NULL AND deleted_at IS NULL AND ${titleColumn} = ? ORDER BY local_id`);
  const copies = db.prepare(
    `SELECT i.* FROM items i WHERE i.remote_id IS NULL AND i.deleted_at IS NULL AND EXISTS (
       SELECT 1 FROM outbox o WHERE o.item_local_id = i.local_id AND o.kind = 'copy' AND json_extract(o.payload, '$.originalRemoteId') = ?)
     ORDER BY i.local_id`,
  );
  const isCopy = db.prepare(`SELECT 1 FROM outbox WHERE item_local_id = ? AND kind = 'copy'`).pluck();
  const rows = db.prepare(`SELECT id, kind, payload FROM outbox WHERE item_local_id = ?`);
  const dropRow = db.prepare(`DELETE FROM outbox WHERE id = ?`);
  const images = db.prepare(`SELECT id FROM images WHERE item_local_id = ? AND prep_state <> 'failed' AND remote_id IS NULL ORDER BY position, id`).pluck();
  const setImage = db.prepare(`UPDATE images SET remote_id = ? WHERE id = ?`);
  const pending = db.prepare(`SELECT count(*) FROM outbox WHERE item_local_id = ?`).pluck();

  function candidate(item: MarketListing): LocalRow | null {
    if (item.copyOf !== null) return (copies.get(item.copyOf) as LocalRow | undefined) ?? null;
    const title = item.fields.title;
    if (typeof title !== 'string') return null;
    for (const row of byTitle.all(title) as LocalRow[]) {
      if (isCopy.get(row.local_id) !== undefined) continue;
      const sent: Record<string, unknown> = {};
      for (const f of DRAFT_FIELDS) sent[f] = fromColumnValue(f, row[FIELD_SPECS[f].column]);
      if (fieldsAgree(item, inputOf(sent))) return row;
    }
    return null;
  }

  /** Adopts `item` into the local item it is (true), or leaves it to be inserted (false). Runs in the pull's transaction. */
  return (item, now) => {
    if (Date.parse(item.changedAt) < since) return false;
    const local = candidate(item);
    if (!local) return false;
    const remote = fieldsOfServerItem(item) as Record<string, unknown>;
    // The values the local item lacks are the service's (the next pull compares with them as base).
    const fill = DRAFT_FIELDS.filter((f) => local[FIELD_SPECS[f].column] === null && remote[f] !== undefined && remote[f] !== null);
    for (const row of rows.all(local.local_id) as Array<{ id: number; kind: string; payload: string }>) {
      // The create (and the edits it folds in) made this item; a status step the item has reached is done.
      const target = row.kind === 'set-status' ? (JSON.parse(row.payload) as { status: string }).status : null;
      if (row.kind === 'create' || row.kind === 'copy' || row.kind === 'edit' || (target !== null && REACHED[target]?.includes(item.status))) dropRow.run(row.id);
    }
    // Photos by position when the counts agree; a queued upload of one adopted is then dropped by the push.
    const mine = images.all(local.local_id) as number[];
    if (mine.length === item.photos.length) mine.forEach((id, i) => setImage.run(item.photos[i]!.id, id));
    const left = pending.get(local.local_id) as number;
    db.prepare(
      `UPDATE items SET ${fill.map((f) => `${FIELD_SPECS[f].column} = ?, `).join('')}remote_id = ?, status = ?, server_copy = ?, base = ?, ${factSets()},
         current_price = ?, bidder_count = ?, offer_count = ?, sync_state = ?, reject_reason = NULL, reject_field = NULL, reject_code = NULL, updated = ?
       WHERE local_id = ?`,
    ).run(
      ...fill.map((f) => toColumnValue(f, remote[f])), item.id, item.status, writeListingCopy(item), JSON.stringify(remote), ...factValues(factsOfItem(item)),
      item.currentPrice, item.bidderCount, item.offerCount, left > 0 ? 'queued' : 'synced', now, local.local_id,
    );
    return true;
  };
}

/**
 * Once a complete listing has been matched: a local draft kept on this computer (no publish
 * queued) that no remote item matched is not on the marketplace. Its restore's "checked before
 * sending" mark has been answered, so it is a local draft again, not "checking" for ever. A
 * draft whose publish is queued keeps its mark: the push lists the remote drafts once more
 * before its create. The 'restored' mark goes. In the pull's last transaction.
 */
export function settleRestored(db: Db, now: number): void {
  const held = `SELECT i.local_id FROM items i WHERE i.remote_id IS NULL AND i.deleted_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM outbox s WHERE s.item_local_id = i.local_id AND s.kind = 'set-status')`;
  db.transaction(() => {
    if (db.prepare(`DELETE FROM sync_marks WHERE name = 'restored'`).run().changes === 0) return;
    db.prepare(
      `UPDATE request_log SET outcome = 'failed', error = 'checked with the marketplace after the restore: not there', finished_at = ?
        WHERE path = 'restore' AND outcome = 'unknown' AND item_local_id IN (${held})`,
    ).run(now);
    db.prepare(
      `UPDATE items SET sync_state = 'local-only' WHERE sync_state = 'outcome-unknown' AND local_id IN (${held})
         AND NOT EXISTS (SELECT 1 FROM request_log r JOIN outbox o ON o.id = r.outbox_id WHERE o.item_local_id = items.local_id AND r.outcome IN ('sent','unknown'))`,
    ).run();
  })();
}
