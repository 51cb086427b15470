// Bulk edits whose new value depends on each draft: price rules (set, raise or lower by an amount
// or a percentage, round to an ending such as ,90, a floor and a ceiling; on the price the draft's
// sale method uses) and text (find and replace, plain or ignoring case; text before or after;
// the title or description set). A rule that does not apply to a draft (no sale method, no price
// to raise, nothing found) leaves it alone and is counted as a warning, never written silently.
import type { Db } from '../db/open-account-db.ts';
import { DraftError } from '../drafts/draft-error.ts';
import type { DraftField, DraftFields } from '../drafts/fields.ts';
import type { itemReads } from '../drafts/item-rows.ts';
import type { FieldValues } from '../drafts/plan-edit.ts';
import type { bulkWrites } from './bulk-edit.ts';
import { dryRunEachSlices, type EachSample, type Refusal } from './dry-run.ts';
import { drain, type Slices } from '../db/sliced-transaction.ts';

/** Drafts read per piece of a preview. */
const PIECE = 2000;

export interface PriceRule {
  /** market: from the market's research of the draft (`basis`, times `factor`). */
  op: 'set' | 'raise' | 'lower' | 'market';
  /** Euros: the new price (set) or the change (raise, lower); or `percent` for raise and lower. */
  amount?: number;
  percent?: number;
  /** Cents the result ends in (90: 12,90), the nearest such price. */
  ending?: number;
  floor?: number;
  ceiling?: number;
  /** market: which figure of the sold prices (the lower quartile, the median, the upper quartile). */
  basis?: 'low' | 'median' | 'high';
  /** market: the figure times this (1.1: ten per cent above it). */
  factor?: number;
}

/** A draft's market figures (its current research), for the market price rule; null: none. */
export type MarketPrices = (fields: DraftFields) => { low: number; median: number; high: number } | null;

export type TextField = 'title' | 'description';
export type TextRule =
  | { field: TextField; op: 'replace'; find: string; replace: string; caseInsensitive?: boolean }
  | { field: TextField; op: 'prepend' | 'append' | 'set'; text: string };

export interface BulkRules {
  price?: PriceRule;
  text?: TextRule[];
}

export interface RuleWarning {
  rule: 'price' | TextField;
  count: number;
  message: string;
}

const cents = (x: number) => Math.round(x * 100) / 100;

/** The price a sale method uses: a starting price for an auction, the buy-now price otherwise. */
export function priceFieldOf(fields: DraftFields): 'startingPrice' | 'buyNowPrice' | null {
  return fields.saleMethod === 'auction' ? 'startingPrice' : fields.saleMethod === 'buy-now' ? 'buyNowPrice' : null;
}

export function applyPriceRule(price: number | null, rule: PriceRule, market?: { low: number; median: number; high: number } | null): number | null {
  let next: number;
  if (rule.op === 'market') {
    if (!market) return null;
    next = market[rule.basis ?? 'median'] * (rule.factor ?? 1);
  } else if (rule.op === 'set') next = rule.amount ?? NaN;
  else {
    if (price === null) return null;
    const sign = rule.op === 'raise' ? 1 : -1;
    next = rule.percent !== undefined ? price * (1 + (sign * rule.percent) / 100) : price + sign * (rule.amount ?? 0);
  }
  if (!Number.isFinite(next)) return null;
  if (rule.ending !== undefined) {
    // The nearest price with these cents (ties go up): 30,25 -> 29,90; 30,40 -> 30,90.
    const end = rule.ending / 100;
    const base = Math.floor(next - end);
    const below = base + end;
    next = next - below < below + 1 - next ? below : below + 1;
  }
  if (rule.floor !== undefined) next = Math.max(next, rule.floor);
  if (rule.ceiling !== undefined) next = Math.min(next, rule.ceiling);
  return cents(next);
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

export function applyTextRule(current: string | null, rule: TextRule): string | null {
  const value = current ?? '';
  switch (rule.op) {
    case 'set':
      return rule.text;
    case 'prepend':
    case 'append': {
      // A description is HTML: the text is a paragraph of its own, escaped.
      const part = rule.field === 'description' ? `<p>${escapeHtml(rule.text)}</p>` : rule.text;
      return rule.op === 'prepend' ? part + value : value + part;
    }
    case 'replace': {
      if (rule.find === '') return null;
      const pattern = new RegExp(rule.find.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), rule.caseInsensitive ? 'gi' : 'g');
      if (!pattern.test(value)) return null;
      pattern.lastIndex = 0;
      return value.replace(pattern, () => rule.replace);
    }
    default: {
      const never: never = rule;
      return never;
    }
  }
}

/** The fields the rules write (and that must be read to apply them). */
export function ruleFields(rules: BulkRules): DraftField[] {
  const fields = new Set<DraftField>();
  if (rules.price) for (const f of ['saleMethod', 'buyNowPrice', 'startingPrice'] as const) fields.add(f);
  // The market's figures follow what the research was asked from.
  if (rules.price?.op === 'market') for (const f of ['title', 'categoryId', 'condition'] as const) fields.add(f);
  for (const rule of rules.text ?? []) fields.add(rule.field);
  return [...fields];
}

/** A draft's new values under the rules, and which rules did not apply to it. */
export function valuesUnderRules(current: DraftFields, rules: BulkRules, market?: MarketPrices): { values: FieldValues; skipped: Array<RuleWarning['rule']> } {
  const values: Record<string, unknown> = {};
  const skipped: Array<RuleWarning['rule']> = [];
  if (rules.price) {
    const field = priceFieldOf(current);
    const next = field ? applyPriceRule(current[field] ?? null, rules.price, rules.price.op === 'market' ? (market?.(current) ?? null) : undefined) : null;
    if (field && next !== null) values[field] = next;
    else skipped.push('price');
  }
  for (const rule of rules.text ?? []) {
    const before = (values[rule.field] as string | undefined) ?? current[rule.field] ?? null;
    const next = applyTextRule(before, rule);
    if (next === null) skipped.push(rule.field);
    else values[rule.field] = next;
  }
  return { values: values as FieldValues, skipped };
}

const WARNINGS: Record<RuleWarning['rule'], string> = {
  price: 'no sale method, no price to change, or (from the market) no current research with a price: left as they are',
  title: 'the title does not contain the text: left as it is',
  description: 'the description does not contain the text: left as it is',
};

type Repo = { reads: ReturnType<typeof itemReads>; bulk: ReturnType<typeof bulkWrites> };

/** Applies the rules to the selection: one transaction, one undo step; drafts a rule does not fit are left alone. */
export function applyBulkRules(repo: Repo, localIds: readonly number[], rules: BulkRules, now = Date.now(), market?: MarketPrices): { stepId: number | null; changed: number } {
  const { stepId, changed } = repo.bulk.bulkEditEach(localIds, writtenFields(rules), (current) => changesUnderRules(current, rules, market), now);
  return { stepId, changed };
}

/** applyBulkRules as a long write's work (issue 41; the caller holds the transaction). */
export function* applyBulkRulesSlices(repo: Repo, localIds: readonly number[], rules: BulkRules, now = Date.now(), market?: MarketPrices): Slices<{ stepId: number | null; changed: number }> {
  const { stepId, changed } = yield* repo.bulk.bulkEditEachSlices(localIds, writtenFields(rules), (current) => changesUnderRules(current, rules, market), now);
  return { stepId, changed };
}

/** The fields the rules write; refused when there is no rule. */
function writtenFields(rules: BulkRules): DraftField[] {
  const fields = ruleFields(rules);
  if (fields.length === 0) throw new DraftError('validation', 'choose a price rule or a text change', [], undefined, { reason: 'no-rule' });
  return fields;
}

function changesUnderRules(current: DraftFields, rules: BulkRules, market?: MarketPrices): FieldValues | null {
  const { values } = valuesUnderRules(current, rules, market);
  return Object.keys(values).length > 0 ? values : null;
}

export interface RulesPreview {
  selected: number;
  changing: number;
  samples: EachSample[];
  refused: Refusal[];
  warnings: RuleWarning[];
}

/**
 * What the rules would do, from the real bulk edit's own plan (nothing is written): every
 * changing draft's before and after (up to `limit`), refusals and warnings. `_db`: the
 * repositories' connection.
 */
export function previewBulkRules(_db: Db, repo: Repo, localIds: readonly number[], rules: BulkRules, limit = 200, market?: MarketPrices): RulesPreview {
  return drain(previewBulkRulesSlices(repo, localIds, rules, limit, market));
}

/** previewBulkRules in pieces (a preview of 100,000 drafts keeps the core answering). */
export function* previewBulkRulesSlices(repo: Repo, localIds: readonly number[], rules: BulkRules, limit = 200, market?: MarketPrices): Slices<RulesPreview> {
  const unique = [...new Set(localIds)];
  const { changing, samples, refused } = yield* dryRunEachSlices(repo, unique, ruleFields(rules), (current) => changesUnderRules(current, rules, market), limit);
  // Warnings per draft (not per group): the rules are pure, so each draft is asked again here.
  const counts = new Map<RuleWarning['rule'], number>();
  for (let start = 0; start < unique.length; start += PIECE) {
    for (const group of repo.reads.bulkGroups(unique.slice(start, start + PIECE), ruleFields(rules))) {
      for (const rule of valuesUnderRules(group.fields, rules, market).skipped) counts.set(rule, (counts.get(rule) ?? 0) + group.localIds.length);
    }
    yield;
  }
  const warnings = [...counts].map(([rule, count]) => ({ rule, count, message: WARNINGS[rule] }));
  return { selected: unique.length, changing, samples, refused, warnings };
}
