// The IPC contract's sync methods and events (shared/ipc/contract.ts merges them into IPC_METHODS and
// IPC_EVENTS): the sync's status, its problems, its progress and what a pull found new.
import { z } from 'zod';
import { Empty, LocalId, Ok, SyncStateSchema } from './common.ts';

const SyncNoticeKind = z.enum(['offline', 'not-signed-in', 'signed-out', 'sign-in-failed', 'failed', 'waiting']);

/**
 * How far the app has read the seller's shop (issue 38): a first sync takes every listing from the
 * sales list's pages, then reads the full records of open, scheduled and sold items; the unsold
 * closed ones are read when the seller needs one, or slowly in the background. Null in the status
 * when everything has been read and no listing is going.
 */
export const ShopReadingSchema = z.object({
  /** A listing of the whole shop is going: listings in the cache so far, of the marketplace's count. */
  listing: z.object({ listed: z.number().int().min(0), total: z.number().int().min(0) }).nullable(),
  /** Open, scheduled and sold items: records read since this reading began, and left to read. */
  first: z.object({ read: z.number().int().min(0), left: z.number().int().min(0) }),
  /** Of those left, the sold ones (the Sales figures wait for their buyers and units). */
  soldLeft: z.number().int().min(0),
  /** Unsold closed items shown from their summaries: read when opened, copied or relisted, or in the background. */
  laterLeft: z.number().int().min(0),
  /** The marketplace asked to wait (429, or 503 with Retry-After) until then (epoch ms): nothing is asked before. */
  waitUntil: z.number().nullable(),
});
export type ShopReading = z.infer<typeof ShopReadingSchema>;
export const SyncStatusSchema = z.object({
  /** Which implementation runs: 'offline-only' for an account that cannot sign in, else the engine. */
  engine: z.enum(['offline-only', 'engine']),
  online: z.boolean(),
  /** The user's "work offline" switch. */
  offline: z.boolean(),
  running: z.boolean(),
  /** Every pending outbox row (what the core holds). */
  queueLength: z.number().int(),
  /** Of those, the changes the sync will send ("changes waiting"): a local draft's wait until it is published. */
  toSend: z.number().int(),
  /** Local drafts whose changes stay on this computer until they are published. */
  keptLocal: z.number().int(),
  parked: z.number().int(),
  lastRunAt: z.number().nullable(),
  /** English, for logs; the renderer words `notice`. */
  message: z.string().nullable(),
  /** What `message` says, for the seller's words: its kind and the failure's code (shared/api/error-codes.ts). */
  notice: z.object({ kind: SyncNoticeKind, code: z.string().nullable() }).nullable().optional(),
  /** How far the shop has been read (absent from an older core, null once everything is read). */
  shop: ShopReadingSchema.nullable().optional(),
});
export type SyncStatus = z.infer<typeof SyncStatusSchema>;

const ConflictValue = z.unknown();
export const SyncProblemsSchema = z.object({
  rejected: z.array(z.object({ localId: z.number().int(), title: z.string().nullable(), field: z.string().nullable(), reason: z.string().nullable(), code: z.string().nullable(), value: ConflictValue })),
  conflicts: z.array(z.object({
    localId: z.number().int(),
    title: z.string().nullable(),
    fields: z.array(z.object({ field: z.string(), local: ConflictValue, remote: ConflictValue })),
  })),
  unknown: z.array(z.object({ localId: z.number().int(), title: z.string().nullable() })),
  /** Published with a future list time: on the marketplace, listed by it at `listTime` (not a problem; shown beside them). */
  scheduled: z.array(z.object({ localId: z.number().int(), title: z.string().nullable(), listTime: z.string().nullable() })),
});
export type SyncProblems = z.infer<typeof SyncProblemsSchema>;

/** What a pull found new on the marketplace: the first few entries, and how many in all. */
export const SyncNewsSchema = z.object({
  entries: z.array(z.object({
    kind: z.enum(['question', 'offer', 'sale', 'bid']),
    itemId: z.number().int(),
    title: z.string().nullable(),
    /** The question; for an offer or a sale, the same in English (logs): the app words amount and author. */
    text: z.string(),
    /** An offer's or a sale's euros. */
    amount: z.number().nullable().optional(),
    /** Who made the offer or the bid. */
    author: z.string().nullable().optional(),
  })).max(20),
  questions: z.number().int(),
  offers: z.number().int(),
  sales: z.number().int(),
  /** New bids on the seller's items (absent from an older core: none). */
  bids: z.number().int().optional(),
});
export type SyncNews = z.infer<typeof SyncNewsSchema>;

/** The photos a sync run uploads: counted when its push starts, advanced as each one ends. */
const PhotoRunSchema = z.object({
  total: z.number().int().min(0),
  done: z.number().int().min(0),
  failed: z.number().int().min(0),
  bytesTotal: z.number().int().min(0),
  bytesDone: z.number().int().min(0),
});
export type PhotoRun = z.infer<typeof PhotoRunSchema>;

export const syncMethods = {
  /** Rejected items (with the service's reason and field), conflicts field by field, unknown outcomes. */
  'sync.problems': { input: Empty, output: SyncProblemsSchema },
  'sync.resolve': {
    input: z.object({ localId: LocalId, choices: z.record(z.string().max(50), z.enum(['local', 'remote'])) }),
    output: Ok,
  },
  'sync.status': { input: Empty, output: SyncStatusSchema },
  'sync.now': { input: Empty, output: SyncStatusSchema },
  'sync.setOffline': { input: z.object({ offline: z.boolean() }), output: SyncStatusSchema },
} as const;

export const syncEvents = {
  /**
   * Each photo the sync sends to the marketplace: 'uploading' when its request starts (bytes: its
   * size), then 'uploaded' (committed with its remote id) or 'failed' (error; a retryable failure
   * is sent again by a later run). run: the photos of the current push run so far.
   */
  'images.upload': z.object({
    localId: z.number().int(),
    imageId: z.number().int(),
    phase: z.enum(['uploading', 'uploaded', 'failed']),
    bytes: z.number().int().min(0),
    error: z.string().optional(),
    run: PhotoRunSchema,
  }),
  /** photos: present during a run that uploads photos (and in its final, not-running event). */
  'sync.progress': z.object({ running: z.boolean(), done: z.number().int(), total: z.number().int(), phase: z.string(), photos: PhotoRunSchema.optional() }),
  'sync.itemState': z.object({
    localId: z.number().int(),
    syncState: SyncStateSchema,
    reason: z.string().nullable(),
    field: z.string().nullable(),
    /** The refusal's machine code, for the seller's words (reason is English). */
    code: z.string().nullable().optional(),
  }),
  'sync.online': z.object({ online: z.boolean(), offline: z.boolean() }),
  /** New questions, offers and sales a pull found (never on a first pull): notifications and badges. */
  'sync.news': SyncNewsSchema,
  /** How far the shop has been read, as it moves (null: everything read). */
  'sync.shop': ShopReadingSchema.nullable(),
} as const;
