// A push run's progress for the screens: rows done of the run's total (a create also takes the
// edits it folded in), and the photos it uploads (count and bytes), each as an event.
import type { Db } from '../db/open-account-db.ts';
import type { OutboxRow } from '../outbox/outbox.ts';
import type { OpOutcome, PhotoRun, SyncEvents, UploadPhase } from './events.ts';

export interface RunTally {
  applied: number;
  parked: number;
  deferred: number;
}

export function createRunProgress(db: Db, events: SyncEvents, candidates: Array<{ item_local_id: number; rows: number }>) {
  const total = candidates.reduce((n, c) => n + c.rows, 0);
  const candidateIds = JSON.stringify(candidates.map((c) => c.item_local_id));
  // Rows of this run still queued: those up to the newest row at the start, of the run's items.
  const maxId = db.prepare(`SELECT coalesce(max(id), 0) FROM outbox`).pluck().get() as number;
  const remainingOf = db.prepare(
    `SELECT count(*) FROM outbox WHERE id <= ? AND state = 'pending' AND item_local_id IN (SELECT value FROM json_each(?))`,
  ).pluck();
  // The photos this run will upload: queued uploads of the run's items whose image is prepared
  // and not on the marketplace yet (the same test addImage applies before it sends).
  const photos = db.prepare(
    `SELECT count(*) AS total, 0 AS done, 0 AS failed, coalesce(sum(i.bytes), 0) AS bytesTotal, 0 AS bytesDone
     FROM outbox o JOIN images i ON i.id = json_extract(o.payload, '$.imageId')
     WHERE o.kind = 'add-image' AND o.item_local_id IN (SELECT value FROM json_each(?))
       AND i.remote_id IS NULL AND i.prep_state = 'ready' AND i.file_path IS NOT NULL`,
  ).get(candidateIds) as PhotoRun;
  const tally: RunTally = { applied: 0, parked: 0, deferred: 0 };
  let done = 0;

  return {
    tally,
    get done() {
      return done;
    },
    total,
    started() {
      events.emit({ type: 'run-started', total, photos: { ...photos } });
    },
    /** A row's outcome: counted and said. */
    row(row: OutboxRow, outcome: OpOutcome) {
      done = total - (remainingOf.get(maxId, candidateIds) as number);
      if (outcome === 'applied' || outcome === 'dropped') tally.applied += 1;
      if (outcome === 'parked') tally.parked += 1;
      if (outcome === 'deferred' || outcome === 'outcome-unknown') tally.deferred += 1;
      events.emit({ type: 'progress', done, total, op: { outboxId: row.id, itemLocalId: row.item_local_id, kind: row.kind, outcome } });
    },
    /** The item's photo uploads as they go. */
    upload: (localId: number) => (imageId: number, phase: UploadPhase, bytes: number, error?: string) => {
      if (phase === 'uploaded') {
        photos.done += 1;
        photos.bytesDone += bytes;
      } else if (phase === 'failed') photos.failed += 1;
      // A photo added while the run goes (not counted at the start) still counts.
      photos.total = Math.max(photos.total, photos.done + photos.failed);
      photos.bytesTotal = Math.max(photos.bytesTotal, photos.bytesDone);
      events.emit({ type: 'image-upload', localId, imageId, phase, bytes, error: error ?? null, run: { ...photos } });
    },
  };
}
