// The outbox: local changes not yet sent, one row per change, in order per item. Rows are only
// ever written inside the transaction of the change they describe (callers pass the statement
// set of the same connection and are already inside db.transaction). Payloads are parsed with
// these schemas before they run, so a row that cannot be parsed is parked, not retried forever.
import { z } from 'zod';
import { LISTING_STEPS } from '../sync/market-listing.ts';
import type { Db } from '../db/open-account-db.ts';

const FieldValues = z.record(z.string(), z.unknown());

export const OUTBOX_PAYLOADS = {
  /** Create the remote draft (first phase of a create; publishing is a separate set-status). */
  create: z.object({ fields: FieldValues }),
  /** Set these fields to these values. */
  edit: z.object({ fields: FieldValues }),
  delete: z.object({}),
  'set-status': z.object({ status: z.enum(LISTING_STEPS) }),
  'add-image': z.object({ imageId: z.number().int() }),
  'remove-image': z.object({ imageId: z.number().int(), remoteId: z.number().int().nullable() }),
  'reorder-images': z.object({ imageIds: z.array(z.number().int()) }),
  'answer-question': z.object({ questionId: z.number().int(), answer: z.string() }),
  'offer-decision': z.object({ offerId: z.number().int(), decision: z.enum(['accepted', 'refused']) }),
  copy: z.object({ originalRemoteId: z.number().int() }),
  /** An offer decision made by a rule (electron/core/rules/rule-offer-op.ts); logId: its rule_log entry. */
  'rule-offer-decision': z.object({ offerId: z.number().int(), decision: z.enum(['accepted', 'refused']), logId: z.number().int() }),
} as const;

export type OutboxKind = keyof typeof OUTBOX_PAYLOADS;
export type OutboxPayload<K extends OutboxKind> = z.infer<(typeof OUTBOX_PAYLOADS)[K]>;

export interface OutboxRow {
  id: number;
  item_local_id: number;
  kind: string;
  payload: string;
  idempotency_key: string;
  attempts: number;
  next_attempt_at: number;
  state: 'pending' | 'parked';
  error: string | null;
  error_field: string | null;
  created: number;
  step_id: number | null;
}

/** A parsed row: its kind and that kind's payload, together (narrowing the kind narrows the payload). */
export type OutboxEntry<K extends OutboxKind = OutboxKind> = { [P in K]: { kind: P; payload: OutboxPayload<P> } }[K];

export type ParsedOutboxEntry = ({ ok: true } & OutboxEntry) | { ok: false; message: string };

/** Parses a stored row; never throws (a bad row is parked by the caller). */
export function parseOutboxEntry(row: Pick<OutboxRow, 'kind' | 'payload'>): ParsedOutboxEntry {
  if (!Object.hasOwn(OUTBOX_PAYLOADS, row.kind)) return { ok: false, message: `unknown outbox kind ${row.kind}` };
  const kind = row.kind as OutboxKind;
  let json: unknown;
  try {
    json = JSON.parse(row.payload);
  } catch {
    return { ok: false, message: `outbox payload of ${kind} is not JSON` };
  }
  const parsed = OUTBOX_PAYLOADS[kind].safeParse(json);
  // The payload was parsed by the schema of this very kind: kind and payload belong together.
  return parsed.success
    ? ({ ok: true, kind, payload: parsed.data } as ParsedOutboxEntry)
    : { ok: false, message: `outbox payload of ${kind}: ${parsed.error.issues[0]?.message ?? 'invalid'}` };
}

/**
 * 128 random bits, fixed when the change is recorded, so every retry of it (also after a crash)
 * sends the same Idempotency-Key.
 */
export const NEW_IDEMPOTENCY_KEY = `lower(hex(randomblob(16)))`;

/** Prepared statements of the outbox for one connection. */
export function outboxStatements(db: Db) {
  const insert = db.prepare(
    `INSERT INTO outbox (item_local_id, kind, payload, idempotency_key, created, step_id)
     VALUES (?, ?, ?, ${NEW_IDEMPOTENCY_KEY}, ?, ?)`,
  );
  const fanOut = db.prepare(
    `INSERT INTO outbox (item_local_id, kind, payload, idempotency_key, created, step_id)
     SELECT value, ?, ?, ${NEW_IDEMPOTENCY_KEY}, ?, ? FROM json_each(?) ORDER BY key`,
  );
  const fanOutEach = db.prepare(
    `INSERT INTO outbox (item_local_id, kind, payload, idempotency_key, created, step_id)
     SELECT value ->> 0, ?, value ->> 1, ${NEW_IDEMPOTENCY_KEY}, ?, ? FROM json_each(?) ORDER BY key`,
  );
  return {
    /** Must run inside the transaction of the change it records. */
    enqueue<K extends OutboxKind>(itemLocalId: number, kind: K, payload: OutboxPayload<K>, now: number, stepId: number | null = null): number {
      if (!db.inTransaction) throw new Error('an outbox row must be written in the transaction of its change');
      return Number(insert.run(itemLocalId, kind, JSON.stringify(payload), now, stepId).lastInsertRowid);
    },
    /** One row per item with the same payload, in one statement (bulk paths). Same rule. */
    enqueueMany<K extends OutboxKind>(itemLocalIds: readonly number[], kind: K, payload: OutboxPayload<K>, now: number, stepId: number | null = null): number {
      if (!db.inTransaction) throw new Error('an outbox row must be written in the transaction of its change');
      return fanOut.run(kind, JSON.stringify(payload), now, stepId, JSON.stringify(itemLocalIds)).changes;
    },
    /** One row per item with its own payload, in one statement (per-draft bulk paths). Same rule. */
    enqueueEach<K extends OutboxKind>(entries: ReadonlyArray<readonly [number, OutboxPayload<K>]>, kind: K, now: number, stepId: number | null = null): number {
      if (!db.inTransaction) throw new Error('an outbox row must be written in the transaction of its change');
      return fanOutEach.run(kind, now, stepId, JSON.stringify(entries)).changes;
    },
  };
}

/** Read side: what is queued, for the UI and the sync engine. */
export function outboxReads(db: Db) {
  const forItem = db.prepare(`SELECT * FROM outbox WHERE item_local_id = ? ORDER BY id`);
  const countPending = db.prepare(`SELECT count(*) AS n FROM outbox WHERE state = 'pending'`);
  return {
    forItem: (itemLocalId: number) => forItem.all(itemLocalId) as OutboxRow[],
    pendingCount: () => (countPending.get() as { n: number }).n,
  };
}

/**
 * What the queue means to the seller. `pending`/`parked`: every outbox row. `toSend`: the pending
 * rows the sync will send (a local draft's rows go only once its publish is queued: just-in-time
 * creation). `keptLocal`: local drafts whose changes stay on this computer until published.
 */
export function queueCounts(db: Db) {
  // Read from the pending rows, each with whether its item is held: the cost follows the queue,
  // not the cache (it read every local draft, 100,000 after an import, at each status: 150 ms).
  const counts = db.prepare(
    `WITH pending AS MATERIALIZED (
       SELECT o.item_local_id AS item,
         EXISTS (SELECT 1 FROM items i WHERE i.local_id = o.item_local_id AND i.remote_id IS NULL AND i.deleted_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM outbox s WHERE s.item_local_id = i.local_id AND s.kind = 'set-status')) AS held
       FROM outbox o WHERE o.state = 'pending')
     SELECT
       (SELECT count(*) FROM pending) AS pending,
       (SELECT count(*) FROM outbox WHERE state = 'parked') AS parked,
       (SELECT count(*) FROM pending WHERE NOT held) AS toSend,
       (SELECT count(DISTINCT item) FROM pending WHERE held) AS keptLocal`,
  );
  return (): { pending: number; parked: number; toSend: number; keptLocal: number } =>
    db.open ? (counts.get() as { pending: number; parked: number; toSend: number; keptLocal: number }) : { pending: 0, parked: 0, toSend: 0, keptLocal: 0 };
}
