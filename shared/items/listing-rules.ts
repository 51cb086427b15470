// The seller's listing rules in the app's words: for each field of the item-field registry the
// marketplace lets this seller use, whether it is allowed and required (and its bounds where the
// marketplace bounds it per seller). The adapter maps the marketplace's settings document onto it
// (electron/core/api/rules-mapping.ts); validation, the CSV check and the editor read only this.
import { z } from 'zod';
import { REST_FIELD_NAMES, type RestFieldName } from './item-fields.ts';

export const FieldRule = z.object({ allowed: z.boolean(), required: z.boolean() });
export const BoundedFieldRule = FieldRule.extend({ min: z.number().int(), max: z.number().int() });
export type FieldRule = z.infer<typeof FieldRule>;
export type BoundedFieldRule = z.infer<typeof BoundedFieldRule>;

/** Registry fields no seller setting governs (the sale method's fixed rules do). */
export const UNRULED_FIELDS = ['buyNowPrice', 'startingPrice', 'deliveryPrice', 'isLocationAbroad'] as const satisfies readonly RestFieldName[];
/** Fields whose rule has per-seller bounds: the quantity, and the open days per sale method. */
type ShapedField = 'quantity' | 'openDays';
/** Every other registry field the marketplace knows has a plain allowed/required rule. */
export type SimpleRuleField = Exclude<RestFieldName, (typeof UNRULED_FIELDS)[number] | ShapedField>;

const UNRULED: ReadonlySet<RestFieldName> = new Set([...UNRULED_FIELDS, 'quantity', 'openDays']);
export const SIMPLE_RULE_FIELDS = REST_FIELD_NAMES.filter((f) => !UNRULED.has(f)) as SimpleRuleField[];

const simpleRules = Object.fromEntries(SIMPLE_RULE_FIELDS.map((f) => [f, FieldRule])) as Record<SimpleRuleField, typeof FieldRule>;

export const ListingRules = z.object({
  ...simpleRules,
  quantity: BoundedFieldRule,
  /** The open days' bounds for each sale method. */
  openDays: z.object({ auction: BoundedFieldRule, 'buy-now': BoundedFieldRule }),
  /** How many photos a listing has. */
  images: BoundedFieldRule,
  /** Whether the category must be at least of the second (section) or third (sub) level. */
  sectionCategory: FieldRule,
  subCategory: FieldRule,
});
export type ListingRules = z.infer<typeof ListingRules>;
