// The IPC contract's bulk status actions (shared/ipc/contract.ts merges them into IPC_METHODS): publish,
// schedule, close, relist and delete on a selection, what they would do and how far they got.
import { z } from 'zod';
import { BulkActionSchema, GridQueryInput, LocalIds } from './common.ts';

// ---- Bulk status actions ------------------------------------------------------------------

/**
 * Why an item cannot take a bulk action: gone (deleted meanwhile), status (its status does not
 * allow it; `status` says which), queued (a status change is already queued: `status` is where it
 * goes), missing / invalid (the offline validation of the badges: `field`), sold (relist takes
 * only unsold items), copied (relisted already: a copy of it is here).
 */
/** `unread`: known only from the marketplace's list summary, and its record could not be read (issue 38). */
export const ActionRefusalSchema = z.enum(['gone', 'status', 'queued', 'missing', 'invalid', 'sold', 'copied', 'unread']);
export type ActionRefusal = z.infer<typeof ActionRefusalSchema>;

const ItemRef = z.object({ localId: z.number().int(), title: z.string().nullable() });

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

export const bulkActionMethods = {
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
      /** Relist: of the ready ones, those known only from the list's summaries: their records are read first (issue 38). */
      toRead: z.number().int().optional(),
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
} as const;
