// The IPC contract's automation methods (shared/ipc/contract.ts spreads them into IPC_METHODS): offer and
// relist rules, saved groups, staggered schedules, the rules log and the switch that pauses all.
// Made from the contract's own pieces, handed over by ipc.ts, so there is one schema of each.
import { z } from 'zod';
import { RULE_LOG_REASONS } from '../screens/rule-log-words.ts';

interface Pieces<F extends z.ZodType> {
  localIds: z.ZodType<number[]>;
  /** The grid's query without its page (GridQueryInput of ipc.ts). */
  gridFilter: F;
}

export const RuleScopeSchema = z.enum(['shop', 'group', 'template', 'item']);
export type RuleScope = z.infer<typeof RuleScopeSchema>;

const Money = z.number().min(0).max(10_000_000);
const Percent = z.number().min(0).max(1000);
const MinuteOfDay = z.number().int().min(0).max(1439);

export const OfferRuleInputSchema = z.object({
  scope: RuleScopeSchema,
  /** shop: 0; group: the saved group's id; template: the listing template's id; item: the item's local id. */
  scopeId: z.number().int().min(0),
  acceptAmount: Money.nullable().default(null),
  /** Of the item's buy-now price. */
  acceptPercent: Percent.nullable().default(null),
  refuseAmount: Money.nullable().default(null),
  refusePercent: Percent.nullable().default(null),
  /** Quiet hours, minutes after midnight in the marketplace's zone; both or neither. */
  quietFrom: MinuteOfDay.nullable().default(null),
  quietTo: MinuteOfDay.nullable().default(null),
  enabled: z.boolean().default(true),
});
export type OfferRuleInput = z.input<typeof OfferRuleInputSchema>;
export type OfferRuleValues = z.output<typeof OfferRuleInputSchema>;
export const OfferRuleSchema = OfferRuleInputSchema.extend({ id: z.number().int(), created: z.number(), updated: z.number() });
export type OfferRule = z.infer<typeof OfferRuleSchema>;

export const RelistRuleInputSchema = z.object({
  scope: RuleScopeSchema,
  scopeId: z.number().int().min(0),
  maxTimes: z.number().int().min(1).max(50),
  stepAmount: Money.nullable().default(null),
  stepPercent: z.number().min(0).max(90).nullable().default(null),
  floorPrice: Money.nullable().default(null),
  /** The hour (marketplace's zone) the relisted copy goes on sale; null: as soon as it is made. */
  hour: z.number().int().min(0).max(23).nullable().default(null),
  enabled: z.boolean().default(true),
});
export type RelistRuleInput = z.input<typeof RelistRuleInputSchema>;
export type RelistRuleValues = z.output<typeof RelistRuleInputSchema>;
export const RelistRuleSchema = RelistRuleInputSchema.extend({ id: z.number().int(), created: z.number(), updated: z.number() });
export type RelistRule = z.infer<typeof RelistRuleSchema>;

export const RuleLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.number(),
  ruleKind: z.enum(['offer', 'relist', 'schedule']),
  ruleId: z.number().int().nullable(),
  itemLocalId: z.number().int().nullable(),
  itemRemoteId: z.number().int().nullable(),
  title: z.string().nullable(),
  offerId: z.number().int().nullable(),
  action: z.enum(['accept', 'refuse', 'leave', 'hold', 'relist', 'skip', 'schedule']),
  outcome: z.enum(['queued', 'done', 'moot', 'failed', 'none']),
  /** What the rule saw and what was sent (amounts, thresholds, the request). */
  detail: z.record(z.string(), z.unknown()),
});
export type RuleLogEntry = z.infer<typeof RuleLogEntrySchema>;

const Word = z.string().min(1).max(120);
const words = <K extends string>(keys: readonly K[]) => z.object(Object.fromEntries(keys.map((k) => [k, Word])) as Record<K, typeof Word>);
/** The rules log CSV's words, from the renderer's catalog in the seller's language (the core knows none). */
export const RuleLogWordsSchema = z.object({
  headings: words(['time', 'rule', 'action', 'outcome', 'item', 'title', 'offer', 'amount', 'buyer', 'reason', 'details']),
  ruleKinds: words(['offer', 'relist', 'schedule']),
  actions: words(['accept', 'refuse', 'leave', 'hold', 'relist', 'skip', 'schedule']),
  outcomes: words(['queued', 'done', 'moot', 'failed', 'none']),
  reasons: words(RULE_LOG_REASONS),
  /** Labels of a detail: a relisted copy's prices, a start and an end, which relisting; an item not yet on the marketplace. */
  details: words(['price', 'listTime', 'closingTime', 'generation', 'local']),
}).strict();
export type RuleLogWords = z.infer<typeof RuleLogWordsSchema>;

export const OfferVerdictSchema = z.object({
  offerId: z.number().int(),
  itemLocalId: z.number().int(),
  title: z.string().nullable(),
  amount: z.number(),
  author: z.string(),
  ruleId: z.number().int().nullable(),
  decision: z.enum(['accept', 'refuse', 'leave', 'hold']),
  /** hold: why nothing is sent now (quiet hours, no unit left). */
  reason: z.string().nullable(),
});
export type OfferVerdict = z.infer<typeof OfferVerdictSchema>;

const StaggerInput = z.object({
  /** When the first item goes on sale (`YYYY-MM-DD HH:MM:SS`, the marketplace's zone). */
  start: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
  /** One every N minutes, or spread evenly over a window of N minutes (first at start, last at its end). */
  spacing: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('every'), minutes: z.number().int().min(1).max(7 * 24 * 60) }),
    z.object({ kind: z.literal('window'), minutes: z.number().int().min(1).max(14 * 24 * 60) }),
  ]),
});

export function rulesMethods<F extends z.ZodType>(p: Pieces<F>) {
  const target = z.union([
    z.object({ localIds: p.localIds }).strict(),
    z.object({ query: p.gridFilter }).strict(),
    z.object({ groupId: z.number().int().positive() }).strict(),
  ]);
  const GroupSchema = z.object({ id: z.number().int(), name: z.string(), query: p.gridFilter, position: z.number().int(), count: z.number().int() });
  const Ok = z.object({ ok: z.literal(true) });
  const Id = z.object({ id: z.number().int().positive() }).strict();
  return {
    /** Every rule, the pause switch, and the plain words of what runs where. */
    'rules.list': {
      input: z.object({}).strict(),
      output: z.object({ offerRules: z.array(OfferRuleSchema), relistRules: z.array(RelistRuleSchema), paused: z.boolean() }),
    },
    /** What an offer rule would do to the offers waiting now, before it is saved. */
    'rules.previewOfferRule': { input: OfferRuleInputSchema, output: z.object({ verdicts: z.array(OfferVerdictSchema) }) },
    /** Saves (creates or replaces the rule of that scope) and applies it to the waiting offers. */
    'rules.saveOfferRule': { input: OfferRuleInputSchema, output: z.object({ rule: OfferRuleSchema, queued: z.number().int() }) },
    'rules.deleteOfferRule': { input: Id, output: Ok },
    'rules.saveRelistRule': { input: RelistRuleInputSchema, output: RelistRuleSchema },
    'rules.deleteRelistRule': { input: Id, output: Ok },
    /** Pauses or resumes every rule of the account (what the marketplace runs itself is not affected). */
    'rules.setPaused': { input: z.object({ paused: z.boolean() }).strict(), output: Ok },
    /** Runs the rules now over the cache (the sync runs them after each pull). */
    'rules.runNow': { input: z.object({}).strict(), output: z.object({ queued: z.number().int(), relisted: z.number().int() }) },
    /** The log, newest first, filtered. */
    'rules.log': {
      input: z.object({
        ruleKind: z.enum(['offer', 'relist', 'schedule']).optional(),
        action: z.string().max(20).optional(),
        text: z.string().max(200).optional(),
        limit: z.number().int().min(1).max(1000).default(200),
      }).strict(),
      output: z.object({ entries: z.array(RuleLogEntrySchema), total: z.number().int() }),
    },
    /** The whole log as CSV in the seller's language (UTF-8 with BOM; `;`, decimal commas and Finnish times for Finnish). */
    'rules.exportLog': { input: z.object({ locale: z.enum(['fi', 'en']), words: RuleLogWordsSchema }).strict(), output: z.object({ csv: z.string(), rows: z.number().int() }) },
    /** Saved groups with their live counts. */
    'groups.list': { input: z.object({}).strict(), output: z.array(GroupSchema) },
    'groups.save': {
      input: z.object({ id: z.number().int().positive().optional(), name: z.string().min(1).max(80), query: p.gridFilter }).strict(),
      output: GroupSchema,
    },
    'groups.delete': { input: Id, output: Ok },
    /** Every item a target names (ids, a grid query, a saved group), for bulk actions. */
    'groups.ids': { input: z.object({ target }).strict(), output: z.array(z.number().int()) },
    /** Each item's start and end if the selection were scheduled so; and the items it cannot take, with why. */
    'schedule.preview': {
      input: StaggerInput.extend({ target }),
      output: z.object({
        items: z.array(z.object({ localId: z.number().int(), title: z.string().nullable(), listTime: z.string(), closingTime: z.string().nullable() })),
        refused: z.array(z.object({ localId: z.number().int(), title: z.string().nullable(), reason: z.string(), field: z.string().nullable() })),
      }),
    },
    /** Queues the staggered publish (each item's list time, then its publish): one undo step. */
    'schedule.run': { input: StaggerInput.extend({ target }), output: z.object({ stepId: z.number().int().nullable(), changed: z.number().int(), refused: z.number().int() }) },
  } as const;
}

/** The rules' push events. */
export const ruleEvents = {
  /** Decisions the rules just made (logged): for notifications and the Rules screen's log. */
  'rules.activity': z.object({ decided: z.number().int(), entries: z.array(RuleLogEntrySchema) }),
} as const;
