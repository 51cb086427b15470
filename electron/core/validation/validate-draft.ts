// Offline validation of a draft: the fixed limits (LIMITS, ItemInput), the per-user rules of the
// cached ListingRules, the sale-method rules of ItemInput (POST /items) and its types. Pure: no database, no clock.
//
// Problems have three codes: 'invalid' (the value itself is wrong), 'not-allowed' (this user may
// not set the field) and 'required' (missing, which only matters when publishing: a draft may be
// incomplete). Saving refuses a change that introduces new non-required problems.
import { LIMITS } from '../../../shared/items/marketplace-limits.ts';
import type { BoundedFieldRule, FieldRule, ListingRules } from '../../../shared/items/listing-rules.ts';
import type { ProblemParams, ProblemRule } from '../../../shared/screens/problem-rules.ts';
import { DRAFT_FIELDS, parseFieldValue, type DraftField, type DraftFields, type ParsedValue, type ValueIssue } from '../drafts/fields.ts';

export type ProblemCode = 'invalid' | 'not-allowed' | 'required';
/**
 * field is a draft field, or 'images' for the image count. code is the severity (what blocks
 * saving or publishing); rule and params say what is wrong, for the seller's sentence (the
 * renderer's describer); message is the same in English, for logs and tests.
 */
export interface Problem {
  field: DraftField | 'images';
  code: ProblemCode;
  rule: ProblemRule;
  params?: ProblemParams;
  message: string;
}

export interface ValidationContext {
  /** The seller's cached listing rules; null before the first pull (then only fixed rules apply). */
  rules: ListingRules | null;
  /** Images of the draft, for the per-user image count bounds. */
  imageCount?: number;
  /** Level (1-3) of a cached category, undefined when the category is not cached. */
  categoryLevel?: (id: number) => number | undefined;
}

/** Rules that govern exactly one draft field, whatever the sale method (the others are applied below). */
const SIMPLE_RULES = [
  'title', 'description', 'condition', 'deliveryMethods', 'deliveryTerms', 'paymentMethods', 'paymentTerms',
  'identificationRequired', 'minimumFeedback', 'republish', 'saleMethod', 'listTime', 'closingTime', 'vat',
  'marginalTax', 'offersAllowed',
] as const satisfies ReadonlyArray<keyof ListingRules & DraftField>;

/** Flags whose default is not "set": using them means the non-default value. */
const FLAG_DEFAULTS: Partial<Record<DraftField, number>> = {
  isLocationAbroad: 0, identificationRequired: 0, republish: 0, marginalTax: 0, offersAllowed: 1,
};

function isSet(draft: DraftFields, field: DraftField): boolean {
  const value = draft[field];
  if (value === null || value === undefined || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  const flagDefault = FLAG_DEFAULTS[field];
  return flagDefault === undefined || value !== flagDefault;
}

/** Every problem of a draft: the type of each value, then the rules between fields and the seller's rules. */
export function validateDraft(draft: DraftFields, ctx: ValidationContext): Problem[] {
  const problems: Problem[] = [];
  checkTypes(draft, collector(problems));
  return validateRules(draft, ctx, problems);
}

function collector(problems: Problem[], withRequired = true): Add {
  return (field, code, rule, message, params) => {
    if (code === 'required' && !withRequired) return;
    if (!problems.some((p) => p.field === field && p.code === code)) problems.push({ field, code, rule, ...(params ? { params } : {}), message });
  };
}

/**
 * The rules only, assuming each value already has its type (edits parse the changed values
 * first, and an unchanged value cannot gain a type problem): cheap enough to run on every row
 * of a bulk edit before and after the change.
 */
export interface RuleOptions {
  /** Report missing fields (default true); they never refuse a change. */
  withRequired?: boolean;
  /**
   * Evaluate the single-field rules only for these fields. Exact for comparing a draft before
   * and after a change of these fields: a single-field rule of an unchanged field gives the
   * same answer both times.
   */
  singleFieldRulesFor?: ReadonlySet<DraftField>;
}

export function validateRules(draft: DraftFields, ctx: ValidationContext, problems: Problem[] = [], options: RuleOptions = {}): Problem[] {
  const add = collector(problems, options.withRequired ?? true);
  const only = options.singleFieldRulesFor;
  const s = ctx.rules;
  const auction = draft.saleMethod === 'auction';
  const buyNow = draft.saleMethod === 'buy-now';

  if (s) {
    for (const field of SIMPLE_RULES) {
      if (only && !only.has(field)) continue;
      applyRule(draft, field, s[field], add);
    }
    if (auction) applyRule(draft, 'minimumIncrease', s.minimumIncrease, add);
    if (!buyNow) applyRule(draft, 'reservePrice', s.reservePrice, add);
    applyRule(draft, 'categoryId', s.categoryId, add);
    if (draft.isLocationAbroad !== 1) applyRule(draft, 'postalCode', s.postalCode, add);
    applyBounds(draft, 'quantity', s.quantity, add);
    const openDaysRule = auction ? s.openDays.auction : buyNow ? s.openDays['buy-now'] : undefined;
    if (openDaysRule) applyBounds(draft, 'openDays', openDaysRule, add, isSet(draft, 'closingTime'));
    checkCategoryDepth(draft, s, ctx, add);
    if (ctx.imageCount !== undefined) {
      if (ctx.imageCount > s.images.max) add('images', 'invalid', 'images-max', `images: at most ${s.images.max} images`, { max: s.images.max });
      if (ctx.imageCount < s.images.min) add('images', 'required', 'images-min', `images: at least ${s.images.min} images`, { min: s.images.min });
    }
  } else if (!isSet(draft, 'saleMethod')) {
    add('saleMethod', 'required', 'required', 'saleMethod: required');
  }

  if (buyNow) {
    if (!isSet(draft, 'buyNowPrice')) add('buyNowPrice', 'required', 'required-for-buy-now', 'buyNowPrice: required for buy-now items');
    if (!isSet(draft, 'quantity')) add('quantity', 'required', 'required-for-buy-now', 'quantity: required for buy-now items');
    if (isSet(draft, 'minimumIncrease')) add('minimumIncrease', 'invalid', 'auction-only', 'minimumIncrease: used only for auctions');
    if (isSet(draft, 'reservePrice')) add('reservePrice', 'invalid', 'auction-only', 'reservePrice: used only for auctions');
  }
  if (auction) {
    if (!isSet(draft, 'startingPrice')) add('startingPrice', 'required', 'required-for-auction', 'startingPrice: required for auctions');
    if (typeof draft.quantity === 'number' && draft.quantity > 1) {
      add('quantity', 'invalid', 'quantity-auction', 'quantity: only buy-now items can have a quantity above one');
    }
    const { reservePrice, startingPrice } = draft;
    if (typeof reservePrice === 'number' && typeof startingPrice === 'number' && reservePrice < startingPrice) {
      add('reservePrice', 'invalid', 'below-starting-price', 'reservePrice: must not be below startingPrice');
    }
  }
  if (draft.isLocationAbroad !== 1 && !s && !isSet(draft, 'postalCode')) {
    add('postalCode', 'required', 'postal-code-required', 'postalCode: required unless the location is abroad');
  }
  if (draft.isLocationAbroad !== 1 && typeof draft.postalCode === 'string' && draft.postalCode !== '' && !/^\d{5}$/.test(draft.postalCode)) {
    add('postalCode', 'invalid', 'postal-code-digits', 'postalCode: a Finnish postal code has five digits');
  }
  checkDuration(draft, add);
  return problems;
}

type Add = (field: Problem['field'], code: ProblemCode, rule: ProblemRule, message: string, params?: ProblemParams) => void;

function checkTypes(draft: DraftFields, add: Add): void {
  for (const field of DRAFT_FIELDS) {
    const issue = valueProblem(field, draft[field]);
    if (issue !== null) add(field, 'invalid', issue.rule, issue.message, issue.params);
  }
}

/**
 * Why one value cannot be stored in a field, or null when it can (null clears a field). `parsed`:
 * the value's parse, when the caller has it already (a parse is most of a row's check).
 */
export function valueProblem(field: DraftField, value: unknown, parsed?: ParsedValue): ValueIssue | null {
  if (value === null || value === undefined) return null;
  if (field === 'title' && typeof value === 'string' && value.length > LIMITS.titleLength) {
    return { rule: 'max-length', params: { max: LIMITS.titleLength }, message: `title: at most ${LIMITS.titleLength} characters` };
  }
  if (field === 'paymentTerms' && typeof value === 'string' && value.length > LIMITS.paymentTermsLength) {
    return { rule: 'max-length', params: { max: LIMITS.paymentTermsLength }, message: `paymentTerms: at most ${LIMITS.paymentTermsLength} characters` };
  }
  const result = parsed ?? parseFieldValue(field, value);
  return result.ok ? null : { rule: result.rule, ...(result.params ? { params: result.params } : {}), message: result.message };
}

function applyRule(draft: DraftFields, field: DraftField, rule: FieldRule, add: Add): void {
  const set = isSet(draft, field);
  if (set && !rule.allowed) add(field, 'not-allowed', 'not-allowed', `${field}: not available to this account`);
  if (!set && rule.allowed && rule.required) add(field, 'required', 'required', `${field}: required`);
}

function applyBounds(draft: DraftFields, field: 'quantity' | 'openDays', rule: BoundedFieldRule, add: Add, alternativeSet = false): void {
  if (alternativeSet && !isSet(draft, field)) return; // closingTime given instead of openDays
  applyRule(draft, field, rule, add);
  const value = draft[field];
  if (typeof value === 'number' && rule.allowed && (value < rule.min || value > rule.max)) {
    add(field, 'invalid', 'between', `${field}: must be between ${rule.min} and ${rule.max}`, { min: rule.min, max: rule.max });
  }
}

function checkCategoryDepth(draft: DraftFields, s: ListingRules, ctx: ValidationContext, add: Add): void {
  const id = draft.categoryId;
  if (typeof id !== 'number' || !ctx.categoryLevel) return;
  const level = ctx.categoryLevel(id);
  if (level === undefined) return;
  if (s.subCategory.required && level < 3) add('categoryId', 'invalid', 'category-level-3', 'categoryId: choose a third-level category');
  else if (s.sectionCategory.required && level < 2) add('categoryId', 'invalid', 'category-level-2', 'categoryId: choose a second- or third-level category');
}

const REQUEST_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
/** Wall-clock milliseconds of a request time; the zone cancels out in a difference. */
function wallClock(value: unknown): number | undefined {
  const m = typeof value === 'string' ? REQUEST_TIME.exec(value) : null;
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

function checkDuration(draft: DraftFields, add: Add): void {
  const hasOpenDays = isSet(draft, 'openDays');
  const hasClosing = isSet(draft, 'closingTime');
  if (hasOpenDays && hasClosing) add('closingTime', 'invalid', 'duration-both', 'closingTime: give openDays or closingTime, not both');
  if (!hasOpenDays && !hasClosing) add('openDays', 'required', 'duration-missing', 'openDays: give openDays or closingTime');
  const list = wallClock(draft.listTime);
  const closing = wallClock(draft.closingTime);
  if (list !== undefined && closing !== undefined && closing <= list) {
    add('closingTime', 'invalid', 'closing-before-list', 'closingTime: must be after listTime');
  }
  if (draft.republish === 1) {
    const days = hasOpenDays && typeof draft.openDays === 'number'
      ? draft.openDays
      : list !== undefined && closing !== undefined ? (closing - list) / 86_400_000 : undefined;
    if (days !== undefined && days <= LIMITS.republishMinOpenDays) {
      add('republish', 'invalid', 'republish-min-days', `republish: only for items open more than ${LIMITS.republishMinOpenDays} days`, { days: LIMITS.republishMinOpenDays });
    }
  }
}

/**
 * The fields each rule of validateRules reads together (a single-field rule needs no entry).
 * A change can only alter the outcome of rules that read a changed field, so planning an edit
 * needs only the changed fields and their neighbours here: bulk edits read just those columns.
 * A property test holds this table to the code above.
 */
const RULE_GROUPS: readonly (readonly DraftField[])[] = [
  ['saleMethod', 'minimumIncrease', 'reservePrice', 'buyNowPrice', 'quantity', 'startingPrice'],
  ['saleMethod', 'openDays', 'closingTime'],
  ['openDays', 'closingTime', 'listTime', 'republish'],
  ['isLocationAbroad', 'postalCode'],
];

/** The fields whose values decide whether a change of `changed` introduces problems. */
export function fieldsForRules(changed: readonly DraftField[]): DraftField[] {
  const needed = new Set<DraftField>(changed);
  for (const group of RULE_GROUPS) {
    if (group.some((f) => changed.includes(f))) for (const f of group) needed.add(f);
  }
  return [...needed];
}

/** Problems of `after` that block saving: non-required ones not already present in `before`. */
export function introducedProblems(before: readonly Problem[], after: readonly Problem[]): Problem[] {
  return after.filter((p) => p.code !== 'required' && !before.some((b) => b.field === p.field && b.code === p.code));
}
