// The IPC contract's pieces that several domains use (shared/ipc/contract.ts merges the domains' tables
// into IPC_METHODS and IPC_EVENTS; each domain's file is shared/ipc/<domain>.ts).
import { z } from 'zod';
import { CORE_ERROR_REASONS, PROBLEM_RULES } from '../screens/problem-rules.ts';

// ---- Shared pieces ------------------------------------------------------------------------

export const SyncStateSchema = z.enum(['local-only', 'queued', 'sending', 'outcome-unknown', 'synced', 'rejected', 'conflict']);
export const ProblemParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
/** code: the severity; rule and params: what is wrong, in words by the renderer's describer; message: English, for logs. */
export const ProblemSchema = z.object({
  field: z.string(),
  code: z.enum(['invalid', 'not-allowed', 'required']),
  rule: z.enum(PROBLEM_RULES),
  params: ProblemParamsSchema.optional(),
  message: z.string(),
});
export type IpcProblem = z.infer<typeof ProblemSchema>;

/** What exactly a core error or a refused item is about (shared/screens/problem-rules.ts), for the seller's sentence. */
export const ErrorDetailSchema = z.object({ reason: z.enum(CORE_ERROR_REASONS), params: ProblemParamsSchema.optional() });
/** An item a bulk change cannot take: the English reason (logs), its problems and detail (the seller's words). */
export const RefusedItem = z.object({ localId: z.number().int(), reason: z.string(), problems: z.array(ProblemSchema).optional(), detail: ErrorDetailSchema.optional() });

const FieldValue = z.union([z.string(), z.number(), z.array(z.string()), z.null()]);
/** A draft's values by field name (ItemInput names); absent = not set. */
export const FieldValuesSchema = z.record(z.string(), FieldValue);
/** Changes as the user typed them: the core parses each against ItemInput. */
export const Changes = z.record(z.string(), z.unknown());
export const LocalId = z.number().int().positive();
/** The most local ids one call takes (a selection of every draft of a big shop). */
export const MAX_LOCAL_IDS = 100_000;
/**
 * One to MAX_LOCAL_IDS local ids, each checked as LocalId is, in one loop: zod's array of
 * LocalId took 10 to 30 ms for 100,000 ids (180 ms on its first call) on the core's thread,
 * where a bulk edit of a whole shop arrives (issue 41); this takes under 1 ms. A wrong id is
 * named by its place, as before.
 */
export const LocalIds = z.custom<number[]>((value) => Array.isArray(value), { message: 'expected an array of local ids' }).superRefine((ids, ctx) => {
  if (ids.length < 1) ctx.addIssue({ code: 'custom', message: 'expected at least one local id' });
  if (ids.length > MAX_LOCAL_IDS) ctx.addIssue({ code: 'custom', message: `expected at most ${MAX_LOCAL_IDS} local ids` });
  for (let i = 0; i < ids.length; i++) {
    const id: unknown = ids[i];
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
      ctx.addIssue({ code: 'custom', message: 'expected a local id (a positive whole number)', path: [i] });
      return;
    }
  }
});

export const GridSortSchema = z.enum([
  'updated', 'price', 'title', 'status', 'closing', 'relevance', 'recent', 'sku', 'note', 'buyNowPrice', 'startingPrice', 'quantity', 'category', 'categoryEn', 'openDays',
]);

/** The grid's bulk status actions (publish, schedule at a list time, close, relist unsold, delete drafts). */
export const BulkActionSchema = z.enum(['publish', 'schedule', 'close', 'relist', 'delete']);
export type BulkAction = z.infer<typeof BulkActionSchema>;

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

export const Empty = z.object({}).strict();
export const Ok = z.object({ ok: z.literal(true) });

export const GridQueryInput = z.object({
  text: z.string().max(500).optional(),
  status: z.array(z.string().max(20)).max(10).optional(),
  syncState: z.array(SyncStateSchema).max(10).optional(),
  categoryId: z.number().int().positive().optional(),
  saleMethod: z.enum(['auction', 'buy-now']).optional(),
  // Saved groups' filters (shared/ipc/rules.ts, electron/core/rules/saved-groups.ts).
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

// ---- Merging the domains' tables ----------------------------------------------------------

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/**
 * The domains' tables as one (IPC_METHODS, IPC_EVENTS). A name defined by two domains throws: a
 * spread would silently keep the last one.
 */
export function mergeDomains<T extends readonly object[]>(...tables: T): UnionToIntersection<T[number]> {
  const merged: Record<string, unknown> = {};
  for (const table of tables) {
    for (const [name, value] of Object.entries(table)) {
      if (Object.hasOwn(merged, name)) throw new Error(`IPC name ${name} is defined twice`);
      merged[name] = value;
    }
  }
  return merged as UnionToIntersection<T[number]>;
}
