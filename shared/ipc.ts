// The ONE typed contract between the renderer and the core: every method with its input and
// output schema, every push event with its payload schema. Electron main, the preload, web mode
// and the renderer's bridge are all derived from it. Inputs are parsed where they arrive (main
// or the web server), never trusted because the types compile.
import { z } from 'zod';
import { CannedAnswerSchema, CannedAnswersSchema } from './canned-answers-schema.ts';
import { UserSettings } from './api/users.ts';
import { ITEM_FIELD_NAMES, type ItemFieldName } from './item-fields.ts';
import { CORE_ERROR_REASONS, PROBLEM_RULES, type CoreErrorReason, type ProblemParams } from './problem-rules.ts';
import { IPC_EVENT_NAMES, IPC_METHOD_NAMES, type IpcEventName, type IpcMethodName } from './ipc-names.ts';
import { importMappingMethods } from './ipc-import-mappings.ts';
import { RuleLogEntrySchema, rulesMethods } from './ipc-rules.ts';
import { templateMethods } from './ipc-templates.ts';
import { backupEvents, backupMethods } from './ipc-backup.ts';

export { IPC_EVENT_NAMES, IPC_METHOD_NAMES, isIpcEventName, isIpcMethodName, type IpcEventName, type IpcMethodName } from './ipc-names.ts';

// ---- Shared pieces ------------------------------------------------------------------------

export const SyncStateSchema = z.enum(['local-only', 'queued', 'sending', 'outcome-unknown', 'synced', 'rejected', 'conflict']);
const ProblemParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
/** code: the severity; rule and params: what is wrong, in words by the renderer's describer; message: English, for logs. */
export const ProblemSchema = z.object({
  field: z.string(),
  code: z.enum(['invalid', 'not-allowed', 'required']),
  rule: z.enum(PROBLEM_RULES),
  params: ProblemParamsSchema.optional(),
  message: z.string(),
});
export type IpcProblem = z.infer<typeof ProblemSchema>;

/** What exactly a core error or a refused item is about (shared/problem-rules.ts), for the seller's sentence. */
export const ErrorDetailSchema = z.object({ reason: z.enum(CORE_ERROR_REASONS), params: ProblemParamsSchema.optional() });
/** Why a photo was refused or failed: a rule of PROBLEM_RULES with its params (the file's name, a limit). */
const PhotoIssueSchema = z.object({ rule: z.enum(PROBLEM_RULES), params: ProblemParamsSchema });
/** An item a bulk change cannot take: the English reason (logs), its problems and detail (the seller's words). */
const RefusedItem = z.object({ localId: z.number().int(), reason: z.string(), problems: z.array(ProblemSchema).optional(), detail: ErrorDetailSchema.optional() });

const FieldValue = z.union([z.string(), z.number(), z.array(z.string()), z.null()]);
/** A draft's values by field name (ItemInput names); absent = not set. */
export const FieldValuesSchema = z.record(z.string(), FieldValue);
/** Changes as the user typed them: the core parses each against ItemInput. */
const Changes = z.record(z.string(), z.unknown());
const LocalId = z.number().int().positive();
const LocalIds = z.array(LocalId).min(1).max(100_000);

export const GridSortSchema = z.enum([
  'updated', 'price', 'title', 'status', 'closing', 'relevance', 'recent', 'sku', 'note', 'buyNowPrice', 'startingPrice', 'quantity', 'category', 'openDays',
]);

/** One row of the drafts grid: the item's values plus what the badges show. */
export const DraftRowSchema = z.object({
  localId: z.number().int(),
  remoteId: z.number().int().nullable(),
  status: z.string(),
  syncState: SyncStateSchema,
  rejectReason: z.string().nullable(),
  rejectField: z.string().nullable(),
  /** The refusal's machine code (the service's error code or the API client's): the renderer words it; rejectReason is English. */
  rejectCode: z.string().nullable(),
  fields: FieldValuesSchema,
  /** The name of the category (fields.categoryId) in the cached tree; null without one or when the tree lacks it. */
  categoryName: z.string().nullable(),
  imageCount: z.number().int(),
  /** Offline validation against the cached settings and limits. */
  problems: z.array(ProblemSchema),
  updated: z.number(),
});
export type DraftRow = z.infer<typeof DraftRowSchema>;

// ---- Bulk status actions ------------------------------------------------------------------

/** The grid's bulk status actions (publish, schedule at a list time, close, relist unsold, delete drafts). */
export const BulkActionSchema = z.enum(['publish', 'schedule', 'close', 'relist', 'delete']);
export type BulkAction = z.infer<typeof BulkActionSchema>;
/**
 * Why an item cannot take a bulk action: gone (deleted meanwhile), status (its status does not
 * allow it; `status` says which), queued (a status change is already queued: `status` is where it
 * goes), missing / invalid (the offline validation of the badges: `field`), sold (relist takes
 * only unsold items), copied (relisted already: a copy of it is here).
 */
export const ActionRefusalSchema = z.enum(['gone', 'status', 'queued', 'missing', 'invalid', 'sold', 'copied']);
export type ActionRefusal = z.infer<typeof ActionRefusalSchema>;
/** Why undo left an item of a bulk action as it is: live (already sent: on the marketplace), sending (in flight now), changed (edited since), gone. */
export const UndoSkipSchema = z.enum(['live', 'sending', 'changed', 'gone']);
export type UndoSkip = z.infer<typeof UndoSkipSchema>;

const ItemRef = z.object({ localId: z.number().int(), title: z.string().nullable() });

const BulkStepSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['bulk-edit', 'csv-import', 'bulk-action']),
  /** The bulk action of a 'bulk-action' step. */
  action: BulkActionSchema.optional(),
  itemCount: z.number().int(),
  created: z.number(),
  undoneAt: z.number().nullable(),
});

/** The seller's non-destructive edits of a photo: a clockwise turn, then a crop in fractions of the turned picture. */
const Fraction = z.number().min(0).max(1);
export const ImageEditsSchema = z.object({
  rotate: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]),
  crop: z.object({ x: Fraction, y: Fraction, width: z.number().gt(0).max(1), height: z.number().gt(0).max(1) })
    .refine((c) => c.x + c.width <= 1.000001 && c.y + c.height <= 1.000001, { message: 'the crop must lie inside the photo' })
    .nullable(),
});
export type ImageEdits = z.infer<typeof ImageEditsSchema>;

/**
 * Where a file's bytes are: a handle for a file the seller handed over in this session (Electron:
 * picked or dropped; main keeps its path, the window only the handle), or a streamed upload to
 * web mode's local process (POST /upload; the id names its temporary file). A path the window
 * writes itself ('path') is refused by the core: files come only by the seller's hand.
 */
export const ImageSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('path'), path: z.string().min(1).max(4096) }),
  z.object({ kind: z.literal('upload'), id: z.string().regex(/^[a-f0-9]{32}$/) }),
  z.object({ kind: z.literal('handle'), id: z.string().regex(/^[a-f0-9]{32}$/) }),
]);
export type ImageSource = z.infer<typeof ImageSourceSchema>;

const ImageSchema = z.object({
  /** Local image id; negative for a photo only the marketplace holds (pulled items): -(its remote id). */
  id: z.number().int(),
  position: z.number().int(),
  state: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  /** A data: URL of the 256 px thumbnail (the renderer loads nothing from disk or network). */
  thumbnail: z.string().nullable(),
  error: z.string().nullable(),
  /** local: added here (editable); remote: a photo of a pulled item, shown from the service's thumbnail. */
  origin: z.enum(['local', 'remote']),
  edits: ImageEditsSchema,
});

const AccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The marketplace's address; null for the local drafts, which are on no marketplace. */
  baseUrl: z.string().nullable(),
  active: z.boolean(),
  /** The marketplace user signed in with; the password stays with the shell. */
  username: z.string().nullable(),
  signedIn: z.boolean(),
});

const PreferencesSchema = z.object({
  theme: z.enum(['system', 'light', 'dark']),
  pageSize: z.number().int().min(50).max(1000),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

const SyncNoticeKind = z.enum(['offline', 'not-signed-in', 'signed-out', 'sign-in-failed', 'failed']);
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
});
export type SyncStatus = z.infer<typeof SyncStatusSchema>;

const Empty = z.object({}).strict();
const Ok = z.object({ ok: z.literal(true) });

const GridQueryInput = z.object({
  text: z.string().max(500).optional(),
  status: z.array(z.string().max(20)).max(10).optional(),
  syncState: z.array(SyncStateSchema).max(10).optional(),
  categoryId: z.number().int().positive().optional(),
  saleMethod: z.enum(['auction', 'buy-now']).optional(),
  // Saved groups' filters (shared/ipc-rules.ts, electron/core/rules/saved-groups.ts).
  noBids: z.boolean().optional(),
  noPhotos: z.boolean().optional(),
  endingWithinHours: z.number().min(0).max(24 * 60).optional(),
  closesBefore: z.number().optional(),
  priceMin: z.number().min(0).optional(),
  priceMax: z.number().min(0).optional(),
  skuPrefix: z.string().max(100).optional(),
  noteText: z.string().max(200).optional(),
  ruleApplied: z.boolean().optional(),
  sort: GridSortSchema.optional(),
  direction: z.enum(['asc', 'desc']).optional(),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(1000).default(200),
});
export type GridQueryInput = z.input<typeof GridQueryInput>;

/**
 * The items a bulk action works on: ids, or the grid's whole query (Ctrl+A on 100,000 rows sends
 * the query, never every id); the core resolves it in pages.
 */
const ActionTarget = z.union([
  z.object({ localIds: LocalIds }).strict(),
  z.object({ query: GridQueryInput.omit({ offset: true, limit: true }) }).strict(),
]);
/** A scheduled list time, as the service reads it (`YYYY-MM-DD HH:MM:SS`, the service's zone). */
const ListTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
const ActionInput = z.object({ action: BulkActionSchema, target: ActionTarget, listTime: ListTime.optional() })
  .refine((v) => (v.action === 'schedule') === (v.listTime !== undefined), { message: 'a schedule takes a list time, other actions none', path: ['listTime'] });
export type BulkActionInput = z.input<typeof ActionInput>;

const Amount = z.number().nullable();
/** An item's values that canned answers may quote ({title} {price} {deliveryTerms}...). */
const ItemFactsSchema = z.object({
  title: z.string().nullable(),
  price: Amount,
  buyNowPrice: Amount,
  currentPrice: Amount,
  deliveryPrice: Amount,
  deliveryTerms: z.string().nullable(),
  paymentTerms: z.string().nullable(),
});
export type ItemFacts = z.infer<typeof ItemFactsSchema>;

export const QuestionRowSchema = z.object({
  questionId: z.number().int(),
  itemId: z.number().int(),
  localId: z.number().int(),
  question: z.string(),
  author: z.string(),
  created: z.string(),
  answer: z.string().nullable(),
  /** Typed here and waiting in the outbox: not on the marketplace yet. */
  pendingAnswer: z.string().nullable(),
  item: ItemFactsSchema,
  /** The item's cached status, and when it closes (epoch ms; null when unknown). */
  itemStatus: z.string(),
  closesAt: z.number().nullable(),
});
export type QuestionRow = z.infer<typeof QuestionRowSchema>;

export const OfferRowSchema = z.object({
  offerId: z.number().int(),
  itemId: z.number().int(),
  localId: z.number().int(),
  title: z.string().nullable(),
  amount: z.number(),
  message: z.string().nullable(),
  author: z.string(),
  status: z.string(),
  pendingDecision: z.enum(['accepted', 'refused']).nullable(),
  /** Epoch ms; null when the service's time could not be read. */
  expiresAt: z.number().nullable(),
  currentPrice: Amount,
  buyNowPrice: Amount,
  saleMethod: z.string().nullable(),
  quantity: z.number().int().nullable(),
  /** When the item closes (epoch ms; null when unknown). */
  closesAt: z.number().nullable(),
});
export type OfferRow = z.infer<typeof OfferRowSchema>;

/** The seller's canned answers of the active account; custom false while the defaults are used. */
export const CannedListSchema = z.object({ answers: z.array(CannedAnswerSchema), custom: z.boolean() });
export type CannedList = z.infer<typeof CannedListSchema>;

export const SalesFilterSchema = z.enum(['all', 'open', 'closed', 'waiting', 'draft']);
export type SalesFilter = z.infer<typeof SalesFilterSchema>;
export const SalesRowSchema = z.object({
  localId: z.number().int(),
  remoteId: z.number().int().nullable(),
  title: z.string().nullable(),
  status: z.string(),
  syncState: SyncStateSchema,
  saleMethod: z.string().nullable(),
  startingPrice: Amount,
  currentPrice: Amount,
  buyNowPrice: Amount,
  bidderCount: z.number().int(),
  offerCount: z.number().int(),
  closesAt: z.number().nullable(),
});
export type SalesRow = z.infer<typeof SalesRowSchema>;

export const DashboardSchema = z.object({
  /** Monday of each ISO week (YYYY-MM-DD), oldest first, the last 12 weeks. */
  weeks: z.array(z.object({ week: z.string(), sold: z.number().int(), revenue: z.number() })),
  sellThrough: z.object({ closed: z.number().int(), sold: z.number().int() }),
  byCategory: z.array(z.object({ categoryId: z.number().int(), title: z.string(), sold: z.number().int(), average: z.number() })),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/** One sale: a closed item that sold (see electron/core/seller/sold-items.ts). */
export const SaleKindSchema = z.enum(['auction', 'buy-now', 'offer']);
export type SaleKind = z.infer<typeof SaleKindSchema>;
export const SoldRowSchema = z.object({
  localId: z.number().int(),
  remoteId: z.number().int().nullable(),
  title: z.string().nullable(),
  /** Epoch ms. */
  soldAt: z.number(),
  buyer: z.string().nullable(),
  price: z.number(),
  kind: SaleKindSchema,
});
export type SoldRow = z.infer<typeof SoldRowSchema>;
/** A range of sale times, epoch ms, [from, to); null: open on that side. */
const SalesRange = { from: z.number().nullable(), to: z.number().nullable() };
const Words = z.string().min(1).max(100);

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

// ---- Bulk rules ----------------------------------------------------------------------------

const Euros = z.number().min(0).max(10_000_000);
const PriceRuleSchema = z.object({
  op: z.enum(['set', 'raise', 'lower']),
  amount: Euros.optional(),
  percent: z.number().min(0).max(1000).optional(),
  /** Cents the new price ends in (90: 12,90). */
  ending: z.number().int().min(0).max(99).optional(),
  floor: Euros.optional(),
  ceiling: Euros.optional(),
}).refine((r) => (r.op === 'set' ? r.amount !== undefined : (r.amount === undefined) !== (r.percent === undefined)), 'give an amount, or for a raise or a cut an amount or a percentage')
  .refine((r) => r.floor === undefined || r.ceiling === undefined || r.floor <= r.ceiling, 'the floor is above the ceiling');
const TextField = z.enum(['title', 'description']);
const TextRuleSchema = z.discriminatedUnion('op', [
  z.object({ field: TextField, op: z.literal('replace'), find: z.string().min(1).max(1000), replace: z.string().max(1000), caseInsensitive: z.boolean().optional() }),
  z.object({ field: TextField, op: z.enum(['prepend', 'append', 'set']), text: z.string().max(100_000) }),
]);
export const BulkRulesSchema = z.object({ price: PriceRuleSchema.optional(), text: z.array(TextRuleSchema).max(10).optional() });
export type BulkRulesInput = z.infer<typeof BulkRulesSchema>;

// ---- Spreadsheets -------------------------------------------------------------------------

/** A file's bytes, base64 (about 50 MB of file at most); the app sends a reference (source) instead. */
const SpreadsheetBytes = z.string().max(70_000_000);
export const ColumnMappingSchema = z.record(z.string().max(500), z.enum(ITEM_FIELD_NAMES as [ItemFieldName, ...ItemFieldName[]]).nullable());
const SpreadsheetFactsSchema = z.object({
  format: z.enum(['csv', 'xlsx']),
  encoding: z.enum(['UTF-8', 'UTF-8 with BOM', 'Windows-1252']).nullable(),
  separator: z.enum(['comma', 'semicolon', 'tab']).nullable(),
  rows: z.number().int(),
  headings: z.array(z.string()),
});
export type SpreadsheetFacts = z.infer<typeof SpreadsheetFactsSchema>;
/** One refused or flagged row of an import: the file's column, its cell and the reason. */
export const ImportProblemSchema = z.object({
  row: z.number().int(),
  field: z.string().nullable(),
  /** English, as in the saved report; the screen words rule and params. */
  message: z.string(),
  rule: z.enum(PROBLEM_RULES),
  params: ProblemParamsSchema.optional(),
  column: z.string().optional(),
  value: z.string().optional(),
  /** flagged: imported with this value left empty; refused (or absent): the row was not imported. */
  severity: z.enum(['refused', 'flagged']).optional(),
});

// ---- Methods ------------------------------------------------------------------------------

export const IPC_METHODS = {
  'drafts.page': {
    input: GridQueryInput,
    output: z.object({ total: z.number().int(), offset: z.number().int(), rows: z.array(DraftRowSchema) }),
  },
  /** Every matching id in grid order (select all, shift-select across pages not yet loaded). */
  'drafts.ids': { input: GridQueryInput.omit({ offset: true, limit: true }), output: z.array(z.number().int()) },
  'drafts.get': { input: z.object({ localId: LocalId }), output: DraftRowSchema },
  'drafts.create': {
    input: z.object({ fields: Changes.default({}) }),
    output: z.object({ localId: z.number().int(), problems: z.array(ProblemSchema) }),
  },
  'drafts.update': {
    input: z.object({ localId: LocalId, changes: Changes }),
    output: z.object({ changed: FieldValuesSchema, problems: z.array(ProblemSchema) }),
  },
  'drafts.delete': { input: z.object({ localId: LocalId }), output: Ok },
  /** What a bulk edit would do, computed by running it in a transaction that is rolled back. */
  'drafts.bulkPreview': {
    input: z.object({ localIds: LocalIds, changes: Changes }),
    output: z.object({
      selected: z.number().int(),
      changing: z.number().int(),
      /** Per field: how many items get a different value. */
      perField: z.record(z.string(), z.number().int()),
      samples: z.array(z.object({ localId: z.number().int(), title: z.string().nullable(), before: FieldValuesSchema, after: FieldValuesSchema })),
      refused: z.array(RefusedItem),
      /** Fields that do not apply to some of the selection (a starting price on buy-now drafts). */
      warnings: z.array(z.object({ field: z.string(), count: z.number().int(), message: z.string() })),
    }),
  },
  'drafts.bulkEdit': {
    input: z.object({ localIds: LocalIds, changes: Changes }),
    output: z.object({ stepId: z.number().int().nullable(), changed: z.number().int() }),
  },
  /** What price rules and text changes would do: every changing draft's before and after (up to 200), refusals, warnings. */
  'drafts.rulesPreview': {
    input: z.object({ localIds: LocalIds, rules: BulkRulesSchema }),
    output: z.object({
      selected: z.number().int(),
      changing: z.number().int(),
      samples: z.array(z.object({ localId: z.number().int(), title: z.string().nullable(), before: FieldValuesSchema, after: FieldValuesSchema })),
      refused: z.array(RefusedItem),
      /** Drafts a rule does not fit (no sale method, nothing to replace): left as they are. */
      warnings: z.array(z.object({ rule: z.enum(['price', 'title', 'description']), count: z.number().int(), message: z.string() })),
    }),
  },
  /** Applies price rules and text changes: all or nothing, one undo step. */
  'drafts.applyRules': {
    input: z.object({ localIds: LocalIds, rules: BulkRulesSchema }),
    output: z.object({ stepId: z.number().int().nullable(), changed: z.number().int() }),
  },
  /**
   * What a bulk status action would do: how many items it changes, and the ones it cannot, grouped
   * by reason (the badges' offline validation and the status rules) with a count and a few titles.
   */
  'drafts.actionPreview': {
    input: ActionInput,
    output: z.object({
      action: BulkActionSchema,
      selected: z.number().int(),
      ready: z.number().int(),
      /** Publish: of the ready ones, those with a future list time (scheduled, listed then). */
      scheduled: z.number().int(),
      samples: z.array(ItemRef).max(5),
      refused: z.array(z.object({
        reason: ActionRefusalSchema,
        field: z.string().nullable(),
        status: z.string().nullable(),
        count: z.number().int(),
        samples: z.array(ItemRef).max(3),
      })),
    }),
  },
  /** Runs a bulk status action on the items that can take it: queued in the outbox, one undo step. */
  'drafts.runAction': {
    input: ActionInput,
    output: z.object({ stepId: z.number().int().nullable(), changed: z.number().int(), refused: z.number().int() }),
  },
  /**
   * How far the sync has carried a bulk action's step: of the changes it sends (total), sent (left
   * the outbox), failed (refused by the service, parked), waiting (still queued). A relist's copies
   * and the deletes of drafts only this computer knew send nothing and are not counted.
   */
  'drafts.actionProgress': {
    input: z.object({ stepId: z.number().int().positive() }),
    output: z.object({ total: z.number().int(), sent: z.number().int(), failed: z.number().int(), waiting: z.number().int() }),
  },
  'drafts.lastStep': { input: Empty, output: BulkStepSchema.nullable() },
  'drafts.undo': {
    input: z.object({ stepId: z.number().int().positive().optional() }),
    output: z.object({
      stepId: z.number().int(),
      restored: z.number().int(),
      skipped: z.array(z.object({ localId: z.number().int(), field: z.string().optional(), reason: z.string(), code: UndoSkipSchema.optional() })),
      /** The bulk action undone, for a step of the grid's bulk actions. */
      action: BulkActionSchema.optional(),
    }),
  },
  /** Live validation in the editor: the draft's saved values with `changes` applied, nothing written. */
  'drafts.validate': {
    input: z.object({ localId: LocalId.optional(), changes: Changes.default({}) }),
    output: z.object({ problems: z.array(ProblemSchema) }),
  },
  /** Queues publishing (draft -> preview -> published on the service); a listTime in the future schedules the listing. */
  'drafts.publish': { input: z.object({ localId: LocalId }), output: z.object({ status: z.string() }) },
  /** Queues closing a published item. */
  'drafts.close': { input: z.object({ localId: LocalId }), output: z.object({ status: z.string() }) },
  /** A new local draft copied from a closed item (created on the service with originalId). */
  'drafts.copyClosed': { input: z.object({ localId: LocalId }), output: z.object({ localId: z.number().int() }) },
  /** The status a queued, not yet sent status change will give the item; null when none is queued. */
  'drafts.queuedStatus': { input: z.object({ localId: LocalId }), output: z.object({ status: z.string().nullable() }) },
  /** The cached category tree (all three levels), in display order. */
  'categories.list': {
    input: Empty,
    output: z.array(z.object({ id: z.number().int(), parentId: z.number().int(), level: z.number().int(), title: z.string() })),
  },
  /** What a spreadsheet file is (format, encoding, separator) and the headings that need a field. */
  'csv.inspect': {
    input: z.object({ base64: SpreadsheetBytes.optional(), source: ImageSourceSchema.optional(), fileName: z.string().max(500).optional() })
      .refine((v) => (v.base64 === undefined) !== (v.source === undefined), 'give the file by reference (source) or its bytes'),
    output: SpreadsheetFactsSchema.extend({
      /** Headings that are no field name, in file order. */
      unknown: z.array(z.string()),
      /** For each unknown heading: the remembered or suggested field, null = left out. */
      mapping: ColumnMappingSchema,
      /** True when this header set was mapped before (the mapping is the seller's). */
      remembered: z.boolean(),
    }),
  },
  /** Imports a CSV (text, or bytes in any supported encoding) or an .xlsx workbook as new drafts. */
  'csv.import': {
    input: z.object({
      text: z.string().max(50_000_000).optional(),
      base64: SpreadsheetBytes.optional(),
      /** The file by reference, as photos: a path (Electron) or web mode's streamed upload, removed once read. */
      source: ImageSourceSchema.optional(),
      fileName: z.string().max(500).optional(),
      mapping: ColumnMappingSchema.optional(),
      /** The seller's language, for the saved report's separator (`;` in Finnish). */
      locale: z.enum(['fi', 'en']).optional(),
    }).refine((v) => [v.text, v.base64, v.source].filter((x) => x !== undefined).length === 1, 'give the file by reference (source), its bytes or its text'),
    output: z.object({
      imported: z.number().int(),
      stepId: z.number().int().nullable(),
      errors: z.array(ImportProblemSchema),
      /** What was found in the file; null for text handed over as text. */
      file: SpreadsheetFactsSchema.nullable(),
      /** The report as CSV, for the seller to save. */
      reportCsv: z.string(),
    }),
  },
  'csv.export': {
    /** `locale`: the seller's language, the file's separator and decimal mark (`;` and `12,5` in Finnish). */
    input: z.object({ localIds: z.array(LocalId).max(100_000).optional(), locale: z.enum(['fi', 'en']).optional() }),
    output: z.object({ fileName: z.string(), text: z.string(), rows: z.number().int() }),
  },
  /** The drafts (or the given items) as an Excel workbook, base64. */
  'xlsx.export': {
    input: z.object({ localIds: z.array(LocalId).max(100_000).optional() }),
    output: z.object({ fileName: z.string(), base64: z.string(), rows: z.number().int() }),
  },
  /**
   * Files by reference, never their bytes: a path (Electron) or a streamed upload (web mode). A
   * file that is no photo, or one over the draft's photo limit, comes back 'refused' with a
   * sentence for the seller and takes no slot. key: the caller's, echoed in results and events.
   */
  'images.add': {
    input: z.object({
      localId: LocalId,
      files: z.array(z.object({ name: z.string().min(1).max(255), key: z.string().max(64).optional(), source: ImageSourceSchema })).min(1).max(100),
    }),
    output: z.array(z.object({
      file: z.string(), key: z.string().optional(), outcome: z.enum(['added', 'duplicate', 'failed', 'refused']), imageId: z.number().int().nullable(), error: z.string().optional(), issue: PhotoIssueSchema.optional(),
    })),
  },
  /** Sets a photo's rotation and crop (non-destructive: the prepared photo is kept, the upload is made from it). */
  'images.edit': { input: z.object({ imageId: z.number().int().positive(), edits: ImageEditsSchema }), output: ImageSchema },
  /** The photo turned by the seller's rotation, not cropped (what the crop view draws on): a data: URL, at most 1024 px. */
  'images.original': { input: z.object({ imageId: z.number().int().positive() }), output: z.object({ dataUrl: z.string(), width: z.number().int(), height: z.number().int() }) },
  'images.list': { input: z.object({ localId: LocalId }), output: z.array(ImageSchema) },
  'images.reorder': { input: z.object({ localId: LocalId, imageIds: z.array(z.number().int().positive()).max(100) }), output: Ok },
  'images.remove': { input: z.object({ imageId: z.number().int().positive() }), output: Ok },
  'settings.get': {
    input: Empty,
    output: z.object({
      /** The account's cached user settings (UserSettings), null before the first pull. */
      userSettings: z.record(z.string(), z.unknown()).nullable(),
      /** Their item rules, checked by the core against the API's schema; null before the first pull. */
      itemRules: UserSettings.shape.item.nullable(),
      preferences: PreferencesSchema,
    }),
  },
  'settings.setPreferences': { input: PreferencesSchema.partial(), output: PreferencesSchema },
  'accounts.list': { input: Empty, output: z.array(AccountSchema) },
  'accounts.add': {
    input: z.object({ name: z.string().trim().min(1).max(100), baseUrl: z.url({ protocol: /^https?$/ }).max(500) }),
    output: AccountSchema,
  },
  'accounts.switch': { input: z.object({ id: z.string().max(100) }), output: AccountSchema },
  /** Stores the password with the shell after the marketplace accepted it; the sync starts. */
  'accounts.signIn': {
    input: z.object({ id: z.string().max(100), username: z.string().trim().min(1).max(100), password: z.string().min(1).max(500) }),
    output: AccountSchema,
  },
  /** Questions on the seller's items from the cache: unanswered first, newest first. */
  'questions.list': { input: Empty, output: z.array(QuestionRowSchema) },
  'questions.answer': { input: z.object({ questionId: z.number().int().positive(), answer: z.string().trim().min(1).max(255) }), output: Ok },
  /**
   * Several answers at once (one canned answer filled per question): each queued in the outbox
   * like a single answer; a question that cannot take one (already answered, gone) is reported
   * by its error code and the others go on.
   */
  'questions.answerMany': {
    input: z.object({ answers: z.array(z.object({ questionId: z.number().int().positive(), answer: z.string().trim().min(1).max(255) })).min(1).max(500) }),
    output: z.object({ answered: z.number().int(), refused: z.array(z.object({ questionId: z.number().int(), code: z.string(), reason: z.string() })) }),
  },
  'cannedAnswers.list': { input: Empty, output: CannedListSchema },
  /**
   * Replaces the whole list (add, rename, edit, delete and order in one call). At most 50; name
   * 1-60 and text 1-255 characters after trimming; names unique ignoring case; only the
   * placeholders of shared/canned-answers.ts. A refused list writes nothing; the error names
   * the field (answers.2.text).
   */
  'cannedAnswers.save': { input: z.object({ answers: CannedAnswersSchema }).strict(), output: CannedListSchema },
  /** Back to the defaults (the stored list is removed). */
  'cannedAnswers.reset': { input: Empty, output: CannedListSchema },
  ...importMappingMethods({ columnMapping: ColumnMappingSchema }),
  ...templateMethods({
    localId: LocalId, localIds: LocalIds, gridFilter: GridQueryInput.omit({ offset: true, limit: true }), fieldValues: FieldValuesSchema, problem: ProblemSchema, refusedItem: RefusedItem,
  }),
  ...rulesMethods({ localIds: LocalIds, gridFilter: GridQueryInput.omit({ offset: true, limit: true }) }),
  /** Pending offers on the seller's items from the cache, those expiring first. */
  'offers.list': { input: Empty, output: z.array(OfferRowSchema) },
  'offers.decide': {
    input: z.object({ offerIds: z.array(z.number().int().positive()).min(1).max(500), decision: z.enum(['accepted', 'refused']) }),
    output: z.object({ decided: z.number().int(), refused: z.array(z.object({ offerId: z.number().int(), reason: z.string() })) }),
  },
  'sales.list': {
    input: z.object({ status: SalesFilterSchema.default('all'), limit: z.number().int().min(1).max(2000).default(500) }),
    output: z.object({ total: z.number().int(), rows: z.array(SalesRowSchema), counts: z.record(SalesFilterSchema, z.number().int()) }),
  },
  'sales.dashboard': { input: Empty, output: DashboardSchema },
  /** The sales (sold items) whose sale time is in the range, newest first. */
  'sales.sold': { input: z.object(SalesRange), output: z.array(SoldRowSchema) },
  /**
   * The given sales (in the order given: the screen's filter and sort) as a CSV file: UTF-8 with
   * a BOM; Finnish: `;` separator and decimal commas, English: `,` and decimal points. The words
   * are the renderer's, from its catalog.
   */
  'sales.exportCsv': {
    input: z.object({
      localIds: z.array(LocalId).max(100_000),
      locale: z.enum(['fi', 'en']),
      timeZone: z.string().max(100).optional(),
      words: z.object({
        headings: z.object({ date: Words, item: Words, buyer: Words, price: Words, status: Words }),
        kinds: z.object({ auction: Words, 'buy-now': Words, offer: Words }),
      }),
    }),
    output: z.object({ fileName: z.string(), text: z.string(), rows: z.number().int() }),
  },
  /** One picture per item for lists (the first local photo, else the marketplace's first, cached); null when none. */
  'items.thumbnails': {
    input: z.object({ localIds: z.array(LocalId).max(500) }),
    output: z.array(z.object({ localId: z.number().int(), thumbnail: z.string().nullable() })),
  },
  /** Rejected items (with the service's reason and field), conflicts field by field, unknown outcomes. */
  'sync.problems': { input: Empty, output: SyncProblemsSchema },
  'sync.resolve': {
    input: z.object({ localId: LocalId, choices: z.record(z.string().max(50), z.enum(['local', 'remote'])) }),
    output: Ok,
  },
  'sync.status': { input: Empty, output: SyncStatusSchema },
  'sync.now': { input: Empty, output: SyncStatusSchema },
  'sync.setOffline': { input: z.object({ offline: z.boolean() }), output: SyncStatusSchema },
  /** Only https: URLs, opened in the system browser (Electron); web mode reports it. */
  'shell.openExternal': { input: z.object({ url: z.url({ protocol: /^https$/ }).max(2000) }), output: Ok },
  /**
   * A desktop notification, worded by the renderer in the seller's language (what a sync found
   * new); the desktop shell shows it and brings the window forward on a click. Web mode's page
   * notifies through the browser instead, so there it shows nothing.
   */
  'shell.notify': { input: z.object({ title: z.string().min(1).max(300), body: z.string().max(2000) }), output: Ok },
  ...backupMethods,
} as const satisfies Record<IpcMethodName, { input: z.ZodType; output: z.ZodType }>;

// ---- Push events --------------------------------------------------------------------------

/** The photos a sync run uploads: counted when its push starts, advanced as each one ends. */
const PhotoRunSchema = z.object({
  total: z.number().int().min(0),
  done: z.number().int().min(0),
  failed: z.number().int().min(0),
  bytesTotal: z.number().int().min(0),
  bytesDone: z.number().int().min(0),
});
export type PhotoRun = z.infer<typeof PhotoRunSchema>;

export const IPC_EVENTS = {
  /** Items changed in the cache (by this or another window, an import, the sync). */
  'drafts.changed': z.object({ localIds: z.array(z.number().int()).nullable(), reason: z.string() }),
  'images.progress': z.object({
    localId: z.number().int(),
    file: z.string(),
    key: z.string().optional(),
    phase: z.enum(['reading', 'preparing', 'added', 'duplicate', 'failed', 'refused']),
    done: z.number().int(),
    total: z.number().int(),
    /** English, for logs; the seller reads `issue` in words. */
    error: z.string().optional(),
    issue: PhotoIssueSchema.optional(),
  }),
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
  /** How far a spreadsheet import got: read, its rows checked (done of total), written. */
  'csv.progress': z.object({ phase: z.enum(['reading', 'checking', 'writing']), done: z.number().int().min(0), total: z.number().int().min(0) }),
  'accounts.switched': AccountSchema,
  /**
   * The core's process stopped (a crash, or killed) and was started again: calls that were in
   * flight answered 'core-restarted' (try again); every change answered before is kept.
   */
  'core.restarted': z.object({ restarts: z.number().int().min(1) }),
  ...backupEvents,
  /** Decisions the rules just made (logged): for notifications and the Rules screen's log. */
  'rules.activity': z.object({ decided: z.number().int(), entries: z.array(RuleLogEntrySchema) }),
} as const satisfies Record<IpcEventName, z.ZodType>;

// ---- Derived types --------------------------------------------------------------------------

export type IpcInput<K extends IpcMethodName> = z.input<(typeof IPC_METHODS)[K]['input']>;
export type IpcParsedInput<K extends IpcMethodName> = z.output<(typeof IPC_METHODS)[K]['input']>;
export type IpcOutput<K extends IpcMethodName> = z.output<(typeof IPC_METHODS)[K]['output']>;
export type IpcEventPayload<E extends IpcEventName> = z.output<(typeof IPC_EVENTS)[E]>;

export interface IpcError {
  /** A CORE_ERROR_CODES code (shared/problem-rules.ts). */
  code: string;
  /** English, for logs: the renderer words the error from its code, reason, params and field. */
  message: string;
  field?: string;
  reason?: CoreErrorReason;
  params?: ProblemParams;
  /** Per item problems of a refused draft, bulk or import change. */
  items?: Array<{ localId: number; reason?: string; detail?: z.infer<typeof ErrorDetailSchema>; problems: IpcProblem[] }>;
}
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

// The name lists of ipc-names.ts and the schema tables above must hold the same names.
for (const name of IPC_METHOD_NAMES) if (!(name in IPC_METHODS)) throw new Error(`IPC method ${name} has no schema`);
for (const name of IPC_EVENT_NAMES) if (!(name in IPC_EVENTS)) throw new Error(`IPC event ${name} has no schema`);
if (Object.keys(IPC_METHODS).length !== IPC_METHOD_NAMES.length || Object.keys(IPC_EVENTS).length !== IPC_EVENT_NAMES.length) {
  throw new Error('shared/ipc.ts and shared/ipc-names.ts list different names');
}
