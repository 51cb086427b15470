// The IPC contract's draft methods and events (shared/ipc/contract.ts merges them into IPC_METHODS and
// IPC_EVENTS): the grid's pages, a draft's values, bulk edits, price and text rules, undo.
import { z } from 'zod';
import { WriteCancelledSchema, WriteIdSchema } from './write-cancel.ts';
import { BulkActionSchema, Changes, Empty, FieldValuesSchema, GridQueryInput, LocalId, LocalIds, Ok, ProblemSchema, RefusedItem, SyncStateSchema } from './common.ts';

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
  /** Its English name, for English screens; null where the tree has none (then categoryName). */
  categoryNameEn: z.string().nullable().optional(),
  imageCount: z.number().int(),
  /** The draft's last market research (issue 39): the median of the sold prices (null: too few), how many sold, when. */
  market: z.object({ median: z.number().nullable(), sold: z.number().int(), fetchedAt: z.number() }).nullable().optional(),
  /** Offline validation against the cached settings and limits (none for an item shown from its list summary: its fields are not known). */
  problems: z.array(ProblemSchema),
  /**
   * Issue 38: the item is shown from the marketplace's list summary only; these fields are not
   * known yet (not empty): the grid and the editor say so, and its record is read when needed.
   * Absent once the whole record is in the cache.
   */
  detailsMissing: z.array(z.string()).optional(),
  updated: z.number(),
});
export type DraftRow = z.infer<typeof DraftRowSchema>;

/** Why undo left an item of a bulk action as it is: live (already sent: on the marketplace), sending (in flight now), changed (edited since), gone. */
export const UndoSkipSchema = z.enum(['live', 'sending', 'changed', 'gone']);
export type UndoSkip = z.infer<typeof UndoSkipSchema>;

const BulkStepSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['bulk-edit', 'csv-import', 'bulk-action']),
  /** The bulk action of a 'bulk-action' step. */
  action: BulkActionSchema.optional(),
  itemCount: z.number().int(),
  created: z.number(),
  undoneAt: z.number().nullable(),
});

// ---- Bulk rules ----------------------------------------------------------------------------

const Euros = z.number().min(0).max(10_000_000);
const PriceRuleSchema = z.object({
  /** market: from the draft's current market research (issue 39): `basis` times `factor`. */
  op: z.enum(['set', 'raise', 'lower', 'market']),
  amount: Euros.optional(),
  percent: z.number().min(0).max(1000).optional(),
  /** Cents the new price ends in (90: 12,90). */
  ending: z.number().int().min(0).max(99).optional(),
  floor: Euros.optional(),
  ceiling: Euros.optional(),
  /** market: the lower quartile, the median or the upper quartile of the sold prices. */
  basis: z.enum(['low', 'median', 'high']).optional(),
  /** market: the figure times this. */
  factor: z.number().min(0.1).max(10).optional(),
}).refine((r) => (r.op === 'market' ? r.amount === undefined && r.percent === undefined : r.op === 'set' ? r.amount !== undefined : (r.amount === undefined) !== (r.percent === undefined)), 'give an amount, or for a raise or a cut an amount or a percentage')
  .refine((r) => r.floor === undefined || r.ceiling === undefined || r.floor <= r.ceiling, 'the floor is above the ceiling');
const TextField = z.enum(['title', 'description']);
const TextRuleSchema = z.discriminatedUnion('op', [
  z.object({ field: TextField, op: z.literal('replace'), find: z.string().min(1).max(1000), replace: z.string().max(1000), caseInsensitive: z.boolean().optional() }),
  z.object({ field: TextField, op: z.enum(['prepend', 'append', 'set']), text: z.string().max(100_000) }),
]);
export const BulkRulesSchema = z.object({ price: PriceRuleSchema.optional(), text: z.array(TextRuleSchema).max(10).optional() });
export type BulkRulesInput = z.infer<typeof BulkRulesSchema>;

export const draftMethods = {
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
  /** Applies a bulk edit: all or nothing, one undo step; `writeId` names it for drafts.cancelWrite. */
  'drafts.bulkEdit': {
    input: z.object({ localIds: LocalIds, changes: Changes, writeId: WriteIdSchema.optional() }),
    output: z.object({ stepId: z.number().int().nullable(), changed: z.number().int(), cancelled: WriteCancelledSchema }),
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
  /** Applies price rules and text changes: all or nothing, one undo step; `writeId` names it for drafts.cancelWrite. */
  'drafts.applyRules': {
    input: z.object({ localIds: LocalIds, rules: BulkRulesSchema, writeId: WriteIdSchema.optional() }),
    output: z.object({ stepId: z.number().int().nullable(), changed: z.number().int(), cancelled: WriteCancelledSchema }),
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
} as const;

export const draftEvents = {
  /** Items changed in the cache (by this or another window, an import, the sync). */
  'drafts.changed': z.object({ localIds: z.array(z.number().int()).nullable(), reason: z.string() }),
  /**
   * How far a bulk change under way got (a bulk edit, price and text rules, a template, categories
   * from the market): a few reports a second while the writer works; its answer ends it.
   */
  'drafts.writeProgress': z.object({ kind: z.enum(['bulk-edit', 'apply-rules', 'apply-template', 'apply-categories', 'undo']), done: z.number().int().min(0), total: z.number().int().min(0) }),
} as const;
