// The IPC contract's market research (issue 39; shared/ipc/contract.ts merges it): a draft's research
// (comparable closed sales, figures, suggested prices, categories), category suggestions for a
// title, research in bulk with its progress, the request budget, and categories set from the
// suggestions on a selection (previewed, one undo step).
import { z } from 'zod';
import { CONDITIONS, SALE_METHODS } from '../items/item-fields.ts';
import { FieldValuesSchema, GridQueryInput, LocalId, LocalIds, RefusedItem } from './common.ts';
import { WriteCancelledSchema, WriteIdSchema } from './write-cancel.ts';

// The app's conditions and sale methods: the registry's options (the REST enums' twins).
const Condition = z.enum(CONDITIONS);
const SaleMethod = z.enum(SALE_METHODS);

/** Why research gave nothing new: working offline, the marketplace not reached, the budget spent, its rate limit, a failure, a title with no word to search by. */
export const ResearchUnavailableSchema = z.enum(['offline', 'unreachable', 'budget', 'rate-limited', 'failed', 'no-words']);

export const CategorySuggestionSchema = z.object({ categoryId: z.number().int(), share: z.number().min(0).max(1), count: z.number().int() });
export type CategorySuggestion = z.infer<typeof CategorySuggestionSchema>;

export const ResearchResultSchema = z.object({
  localId: z.number().int(),
  /** When the oldest answer it rests on was fetched (epoch ms); null when nothing was ever fetched. */
  fetchedAt: z.number().nullable(),
  /** The draft's title, category or condition changed since: this research was of something else. */
  stale: z.boolean(),
  unavailable: ResearchUnavailableSchema.nullable(),
  /** Requests sent to the marketplace for it now, and searches answered from the cache. */
  requests: z.number().int(),
  fromCache: z.number().int(),
  title: z.string(),
  categoryId: z.number().int().nullable(),
  condition: Condition.nullable(),
  stats: z.object({
    closed: z.number().int(),
    sold: z.number().int(),
    sellThrough: z.number().nullable(),
    median: z.number().nullable(),
    low: z.number().nullable(),
    high: z.number().nullable(),
    days: z.number().int(),
    basis: z.enum(['same-condition', 'any-condition']),
  }),
  suggestions: z.array(z.object({
    saleMethod: SaleMethod,
    price: z.number(),
    reason: z.object({ sold: z.number().int(), days: z.number().int(), low: z.number(), high: z.number(), median: z.number() }),
  })),
  /** Fewer sold comparables than a figure needs: no price is suggested. */
  tooFew: z.boolean(),
  categories: z.array(CategorySuggestionSchema),
  comparables: z.array(z.object({
    id: z.number().int(),
    title: z.string(),
    categoryId: z.number().int().nullable(),
    categoryName: z.string(),
    saleMethod: SaleMethod.nullable(),
    price: z.number(),
    bids: z.number().int(),
    sold: z.boolean(),
    closedAt: z.number().nullable(),
    /** Known when a search asked for one condition; null when the marketplace's list did not say. */
    condition: Condition.nullable(),
    similarity: z.number(),
  })),
});
export type ResearchResult = z.infer<typeof ResearchResultSchema>;

export const ResearchBudgetSchema = z.object({ dailyLimit: z.number().int(), used: z.number().int() });

export const BulkResearchStateSchema = z.enum(['running', 'waiting', 'done', 'cancelled', 'budget', 'offline']);
export const BulkResearchProgressSchema = z.object({
  jobId: z.string(),
  state: BulkResearchStateSchema,
  total: z.number().int(),
  done: z.number().int(),
  /** Researched drafts whose figures came out (the rest: too few matches, no words). */
  priced: z.number().int(),
  /** Requests sent by this run (identical searches once). */
  requests: z.number().int(),
  failed: z.number().int(),
  /** While waiting on the marketplace's rate limit: when the run goes on (epoch ms). */
  resumesAt: z.number().nullable(),
  budget: ResearchBudgetSchema,
});
export type BulkResearchProgress = z.infer<typeof BulkResearchProgressSchema>;

const Target = z.union([
  z.object({ localIds: LocalIds }).strict(),
  z.object({ query: GridQueryInput.omit({ offset: true, limit: true }) }).strict(),
]);

const CategoryChoice = z.object({ localId: LocalId, categoryId: z.number().int().positive() });

export const researchMethods = {
  /** Researches a draft now (the cache answers what is fresh; `refresh` asks again). */
  'research.draft': {
    input: z.object({ localId: LocalId, refresh: z.boolean().optional(), condition: Condition.nullable().optional() }),
    output: ResearchResultSchema,
  },
  /** The draft's last research as kept (stale when the draft changed since); null if never researched. */
  'research.last': { input: z.object({ localId: LocalId }), output: ResearchResultSchema.nullable() },
  /** The three likeliest categories for a title, with their share. */
  'research.categories': {
    input: z.object({ title: z.string().max(200), localId: LocalId.optional() }),
    output: z.object({ suggestions: z.array(CategorySuggestionSchema), requests: z.number().int(), unavailable: ResearchUnavailableSchema.nullable() }),
  },
  /** Starts researching a selection in the background (one run at a time); progress comes as research.progress. */
  'research.bulkStart': { input: z.object({ target: Target }), output: BulkResearchProgressSchema },
  'research.bulkCancel': { input: z.object({ jobId: z.string() }), output: BulkResearchProgressSchema.nullable() },
  /** The run going on or last ended, if any. */
  'research.bulkStatus': { input: z.object({}).strict(), output: BulkResearchProgressSchema.nullable() },
  'research.budget': { input: z.object({}).strict(), output: ResearchBudgetSchema },
  'research.setBudget': { input: z.object({ dailyLimit: z.number().int().min(1).max(100_000) }), output: ResearchBudgetSchema },
  /**
   * Each draft's likeliest category from the market (its kept research, else asked now): what
   * setting them would change, from the real bulk edit run in a rolled-back transaction.
   */
  'research.categoryPreview': {
    /** The drafts, or an import's (its undo step's id): then only those still without a category. */
    input: z.union([z.object({ localIds: LocalIds }).strict(), z.object({ importStep: z.number().int().positive() }).strict()]),
    output: z.object({
      selected: z.number().int(),
      changing: z.number().int(),
      choices: z.array(z.object({ localId: z.number().int(), title: z.string().nullable(), from: z.number().int().nullable(), suggestions: z.array(CategorySuggestionSchema) })),
      /** Drafts with no suggestion (no words, too few matches, offline). */
      without: z.number().int(),
      samples: z.array(z.object({ localId: z.number().int(), title: z.string().nullable(), before: FieldValuesSchema, after: FieldValuesSchema })),
      refused: z.array(RefusedItem),
    }),
  },
  /** Sets the chosen categories: all or nothing, one undo step. */
  'research.applyCategories': {
    /** `writeId` names it for drafts.cancelWrite. */
    input: z.object({ choices: z.array(CategoryChoice).min(1).max(100_000), writeId: WriteIdSchema.optional() }),
    output: z.object({ stepId: z.number().int().nullable(), changed: z.number().int(), cancelled: WriteCancelledSchema }),
  },
} as const;

export const researchEvents = {
  /** A bulk research run moved on (each draft done, a wait, its end). */
  'research.progress': BulkResearchProgressSchema,
} as const;
