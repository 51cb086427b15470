// The IPC contract's listing-template methods (shared/ipc/contract.ts spreads them into IPC_METHODS). Made
// from the contract's own pieces, handed over by ipc.ts, so there is one schema of each.
import { z } from 'zod';
import { APP_LOCALES } from '../format/app-locale.ts';
import { TEMPLATE_LIMITS, TEMPLATE_PLACEHOLDERS } from '../items/listing-templates.ts';
import { WriteCancelledSchema, WriteIdSchema } from './write-cancel.ts';

interface Pieces<F extends z.ZodType, P extends z.ZodType, R extends z.ZodType> {
  localId: z.ZodNumber;
  localIds: z.ZodType<number[]>;
  /** The grid's query without its page (GridQueryInput of ipc.ts). */
  gridFilter: F;
  fieldValues: z.ZodType<Record<string, string | number | string[] | null>>;
  problem: P;
  /** A draft a bulk change cannot take, with its problems (RefusedItem of ipc.ts). */
  refusedItem: R;
}

export const TemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The template's values by field (the description with its placeholders); absent: left as each draft has it. */
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string()), z.null()])),
  created: z.number(),
  updated: z.number(),
});
export type ListingTemplateRow = z.infer<typeof TemplateSchema>;

/** How the app's language writes what the placeholders quote: money, and the condition's words. */
export const PlaceholderWordsSchema = z.object({
  locale: z.enum(APP_LOCALES),
  conditions: z.record(z.string().max(40), z.string().max(100)),
});

const TemplateWarningSchema = z.discriminatedUnion('kind', [
  /** A field only auctions use, set on drafts that sell at a buy-now price. */
  z.object({ kind: z.literal('auction-only'), field: z.string(), count: z.number().int() }),
  /** A placeholder whose field is empty on some drafts: its part of the description is left out. */
  z.object({ kind: z.literal('empty-placeholder'), placeholder: z.enum(TEMPLATE_PLACEHOLDERS), count: z.number().int() }),
]);

export function templateMethods<F extends z.ZodType, P extends z.ZodType, R extends z.ZodType>(p: Pieces<F, P, R>) {
  /** The drafts to apply to: their ids, or the grid's query (every matching draft, read in pages). */
  const selection = z.union([z.object({ localIds: p.localIds }).strict(), z.object({ query: p.gridFilter }).strict()]);
  const apply = z.object({
    id: z.number().int().positive(),
    selection,
    /** replace: the template's values win; fill-empty: only fields a draft has not set take them. */
    mode: z.enum(['replace', 'fill-empty']).default('replace'),
    words: PlaceholderWordsSchema,
  });
  const name = z.string().max(TEMPLATE_LIMITS.name * 2);
  return {
    /** The active account's templates, by name. */
    'templates.list': { input: z.object({}).strict(), output: z.array(TemplateSchema) },
    /**
     * Creates (no id) or replaces a template. Name 1-60 characters after trimming, unique ignoring
     * case; values checked as a draft's; only the documented placeholders. Refused whole.
     */
    'templates.save': {
      input: z.object({ id: z.number().int().positive().optional(), name, fields: z.record(z.string(), z.unknown()) }).strict(),
      output: TemplateSchema,
    },
    /** A new template of a draft's values (not its title, SKU, list and closing times). */
    'templates.fromDraft': { input: z.object({ localId: p.localId, name }).strict(), output: TemplateSchema },
    'templates.delete': { input: z.object({ id: z.number().int().positive() }).strict(), output: z.object({ ok: z.literal(true) }) },
    /** What applying would do: each changing draft's before and after (up to 200), the drafts left alone and why, warnings. */
    'templates.preview': {
      input: apply,
      output: z.object({
        selected: z.number().int(),
        changing: z.number().int(),
        samples: z.array(z.object({ localId: z.number().int(), title: z.string().nullable(), before: p.fieldValues, after: p.fieldValues })),
        refused: z.array(p.refusedItem),
        /** Published, closed or other items: only drafts and previews change. */
        notEditable: z.object({
          count: z.number().int(),
          items: z.array(z.object({ localId: z.number().int(), title: z.string().nullable(), status: z.string() })),
        }),
        warnings: z.array(TemplateWarningSchema),
      }),
    },
    /** Applies a template to the drafts and previews of a selection: all or nothing on them, one undo step. */
    'templates.apply': {
      /** `writeId` names it for drafts.cancelWrite. */
      input: apply.extend({ writeId: WriteIdSchema.optional() }),
      output: z.object({ stepId: z.number().int().nullable(), changed: z.number().int(), notEditable: z.number().int(), cancelled: WriteCancelledSchema }),
    },
    /** A new local draft with the template's values. */
    'templates.newDraft': {
      input: z.object({ id: z.number().int().positive(), words: PlaceholderWordsSchema }).strict(),
      output: z.object({ localId: z.number().int(), problems: z.array(p.problem) }),
    },
  } as const;
}
