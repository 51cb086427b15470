// A listing template applied: to a selection of drafts (any size, one undoable step through the
// bulk edit's bulkEditEach, so Ctrl+Z undoes it like any bulk edit) and to a new draft. Only
// drafts and previews change (what the service lets a seller edit); the others are listed with
// their status and left alone. The description keeps its placeholders (shared/items/listing-templates.ts)
// until publish fills them from each draft's values as they are then.
import type { AppLocale } from '../../../shared/format/app-locale.ts';
import { usedPlaceholders, type TemplatePlaceholder } from '../../../shared/items/listing-templates.ts';
import { fillListingText, hasPlaceholders } from '../../../shared/items/listing-words.ts';
import type { bulkWrites } from '../bulk/bulk-edit.ts';
import { AUCTION_FIELDS } from '../bulk/bulk-preview.ts';
import { dryRunEachSlices } from '../bulk/dry-run.ts';
import { drain, type Slices } from '../db/sliced-transaction.ts';
import type { Db } from '../db/open-account-db.ts';
import type { draftWrites } from '../drafts/draft-writes.ts';
import type { DraftField, DraftFields } from '../drafts/fields.ts';
import type { itemReads } from '../drafts/item-rows.ts';
import type { FieldValues } from '../drafts/plan-edit.ts';
import type { TemplateLinks } from '../rules/template-links.ts';
import { EDITABLE_STATUSES } from '../drafts/sync-state.ts';
import type { ListingTemplate } from './listing-templates.ts';

/**
 * How the app's language writes what placeholders quote. No longer used for the listing's text,
 * which is always in the listing's language (shared/items/listing-words.ts); kept in the contract so the
 * screens that send it need not change.
 */
export interface PlaceholderWords {
  locale: AppLocale;
  conditions: Readonly<Record<string, string>>;
}

/** replace: the template's values win; fill-empty: only fields a draft has not set take them. */
export type ApplyMode = 'replace' | 'fill-empty';

export interface ApplyContext {
  template: ListingTemplate;
  mode: ApplyMode;
  words: PlaceholderWords;
  /** A category's name in the cached tree. */
  categoryTitle(id: number): string | undefined;
}

type Repo = { reads: ReturnType<typeof itemReads>; bulk: ReturnType<typeof bulkWrites>; links?: TemplateLinks };

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** The fields a placeholder reads. */
const PLACEHOLDER_SOURCES: Record<TemplatePlaceholder, readonly DraftField[]> = {
  title: ['title'], sku: ['sku'], condition: ['condition'], price: ['saleMethod', 'buyNowPrice', 'startingPrice'],
  category: ['categoryId'], quantity: ['quantity'], deliveryPrice: ['deliveryPrice'],
};

/** Reads and writes of one application: which fields, and each draft's new values. */
export function templatePlan(ctx: ApplyContext) {
  const { template, mode } = ctx;
  const templateFields = Object.keys(template.fields) as DraftField[];
  const description = typeof template.fields.description === 'string' ? template.fields.description : null;
  const placeholders = description === null ? [] : usedPlaceholders(description);
  const read = new Set<DraftField>(templateFields);
  for (const name of placeholders) for (const f of PLACEHOLDER_SOURCES[name]) read.add(f);
  if (templateFields.some((f) => AUCTION_FIELDS.has(f))) read.add('saleMethod');

  /** A draft's values under the template, and the placeholders that were empty for it. */
  function valuesFor(current: DraftFields): { values: FieldValues; empty: TemplatePlaceholder[] } {
    const values: Record<string, unknown> = {};
    for (const field of templateFields) {
      if (field === 'description') continue;
      if (mode === 'replace' || isEmpty(current[field])) values[field] = template.fields[field];
    }
    const empty: TemplatePlaceholder[] = [];
    if (description !== null && (mode === 'replace' || isEmpty(current.description))) {
      const merged = { ...current, ...values } as DraftFields;
      // The description keeps the template's placeholders until publish, which fills them from
      // the fields as they are then, in the listing's language (drafts/status-changes.ts), as a
      // draft made from the template does; filled here only to warn of the ones empty now.
      fillListingText(description, merged, ctx.categoryTitle, empty);
      values.description = description;
    }
    return { values: values as FieldValues, empty };
  }

  /** What bulkEditEach writes for a draft: its new values, or null when the template sets nothing on it. */
  function changes(current: DraftFields): FieldValues | null {
    const { values } = valuesFor(current);
    return Object.keys(values).length > 0 ? values : null;
  }

  return { fields: [...read], templateFields, valuesFor, changes };
}

export interface TemplateSelection {
  /** The drafts and previews: what the template may change. */
  editable: number[];
  /** The others, with their status ('missing' for an id not in the cache). */
  notEditable: Array<{ localId: number; status: string }>;
}

/** Drafts read or linked per piece of a long application or preview (issue 41). */
const PIECE = 2000;

/** Splits a selection into the drafts a template may change and the rest. */
export function splitSelection(reads: Repo['reads'], localIds: readonly number[]): TemplateSelection {
  return drain(splitSelectionSlices(reads, localIds));
}

function* splitSelectionSlices(reads: Repo['reads'], localIds: readonly number[]): Slices<TemplateSelection> {
  const unique = [...new Set(localIds)];
  const editable: number[] = [];
  const notEditable: TemplateSelection['notEditable'] = [];
  const present = new Set<number>();
  for (let start = 0; start < unique.length; start += PIECE) {
    for (const group of reads.bulkGroups(unique.slice(start, start + PIECE), [])) {
      for (const localId of group.localIds) present.add(localId);
      const status = group.deleted_at !== null ? 'deleted' : group.status;
      if (EDITABLE_STATUSES.includes(status)) editable.push(...group.localIds);
      else for (const localId of group.localIds) notEditable.push({ localId, status });
    }
    yield;
  }
  for (const localId of unique) if (!present.has(localId)) notEditable.push({ localId, status: 'missing' });
  editable.sort((a, b) => a - b);
  notEditable.sort((a, b) => a.localId - b.localId);
  return { editable, notEditable };
}

/** Applies a template to the drafts of a selection: all or nothing on those, one undo step. */
export function applyTemplate(repo: Repo, localIds: readonly number[], ctx: ApplyContext, now = Date.now()) {
  const { editable, notEditable } = splitSelection(repo.reads, localIds);
  const plan = templatePlan(ctx);
  if (editable.length === 0) return { stepId: null, changed: 0, notEditable: notEditable.length };
  // The drafts keep the template's id (its rules decide them: rules/rule-scope.ts), in the same
  // transaction as the values: all or nothing; the step's undo puts the previous links back.
  const apply = () => {
    const applied = repo.bulk.bulkEditEach(editable, plan.fields, plan.changes, now);
    repo.links?.set(editable, ctx.template.id, applied.stepId);
    return applied;
  };
  const result = repo.links ? repo.links.transaction(apply) : apply();
  return { stepId: result.stepId, changed: result.changed, notEditable: notEditable.length };
}

/** applyTemplate as a long write's work (issue 41; the caller holds the transaction). */
export function* applyTemplateSlices(repo: Repo, localIds: readonly number[], ctx: ApplyContext, now = Date.now()): Slices<{ stepId: number | null; changed: number; notEditable: number }> {
  const { editable, notEditable } = yield* splitSelectionSlices(repo.reads, localIds);
  const plan = templatePlan(ctx);
  if (editable.length === 0) return { stepId: null, changed: 0, notEditable: notEditable.length };
  const applied = yield* repo.bulk.bulkEditEachSlices(editable, plan.fields, plan.changes, now);
  // The links in the same transaction as the values (see applyTemplate).
  for (let start = 0; start < editable.length && repo.links; start += PIECE) {
    repo.links.set(editable.slice(start, start + PIECE), ctx.template.id, applied.stepId);
    yield;
  }
  return { stepId: applied.stepId, changed: applied.changed, notEditable: notEditable.length };
}

export type TemplateWarning =
  | { kind: 'auction-only'; field: string; count: number }
  | { kind: 'empty-placeholder'; placeholder: TemplatePlaceholder; count: number };

/**
 * What applying would do, from the real application's own plan (nothing is written):
 * each changing draft's before and after (up to `limit`), refusals, the drafts left alone with
 * their status, and warnings (an auction's field on buy-now drafts; a placeholder empty on some).
 */
export function previewTemplate(_db: Db, repo: Repo, localIds: readonly number[], ctx: ApplyContext, limit = 200) {
  return drain(previewTemplateSlices(repo, localIds, ctx, limit));
}

/** previewTemplate in pieces (a preview of 100,000 drafts keeps the core answering). */
export function* previewTemplateSlices(repo: Repo, localIds: readonly number[], ctx: ApplyContext, limit = 200) {
  const { editable, notEditable } = yield* splitSelectionSlices(repo.reads, localIds);
  const plan = templatePlan(ctx);
  const run = yield* dryRunEachSlices(repo, editable, plan.fields, plan.changes, limit);
  const { changing, refused } = run;
  // The seller sees each description as publish would fill it from the draft's fields as they
  // are now; what is written keeps the placeholders.
  const samples = run.samples.map((sample) => {
    const description = sample.after.description;
    if (typeof description !== 'string' || !hasPlaceholders(description)) return sample;
    const fields = { ...repo.reads.item(sample.localId)?.fields, ...sample.after } as DraftFields;
    return { ...sample, after: { ...sample.after, description: fillListingText(description, fields, ctx.categoryTitle) } };
  });
  // Warnings per draft: the plan is pure, so each group of equal drafts is asked again here.
  const auctionOnly = new Map<string, number>();
  const emptyPlaceholders = new Map<TemplatePlaceholder, number>();
  for (let start = 0; start < editable.length; start += PIECE) {
    for (const group of repo.reads.bulkGroups(editable.slice(start, start + PIECE), plan.fields)) {
      const n = group.localIds.length;
      const { values, empty } = plan.valuesFor(group.fields);
      const saleMethod = (values.saleMethod ?? group.fields.saleMethod) as string | null | undefined;
      for (const field of Object.keys(values)) if (AUCTION_FIELDS.has(field as DraftField) && saleMethod === 'buy-now') auctionOnly.set(field, (auctionOnly.get(field) ?? 0) + n);
      for (const name of new Set(empty)) emptyPlaceholders.set(name, (emptyPlaceholders.get(name) ?? 0) + n);
    }
    yield;
  }
  const warnings: TemplateWarning[] = [
    ...[...auctionOnly].map(([field, count]) => ({ kind: 'auction-only' as const, field, count })),
    ...[...emptyPlaceholders].map(([placeholder, count]) => ({ kind: 'empty-placeholder' as const, placeholder, count })),
  ];
  const notEditableItems = notEditable.slice(0, limit).map(({ localId, status }) => ({ localId, status, title: (repo.reads.item(localId)?.fields.title ?? null) as string | null }));
  return {
    selected: editable.length + notEditable.length,
    changing,
    samples,
    refused,
    notEditable: { count: notEditable.length, items: notEditableItems },
    warnings,
  };
}

/**
 * A new draft with the template's values. Its description keeps the template's placeholders: the
 * fields are still empty now, so they are filled at publish (drafts/status-changes.ts) from the
 * fields as the seller left them; the editor shows the filled text as a preview.
 */
export function draftFromTemplate(writes: ReturnType<typeof draftWrites>, ctx: Omit<ApplyContext, 'mode'>, now = Date.now(), links?: TemplateLinks) {
  const { values } = templatePlan({ ...ctx, mode: 'replace' }).valuesFor({});
  const description = ctx.template.fields.description;
  const create = () => {
    const draft = writes.createDraft(typeof description === 'string' ? { ...values, description } : values, now);
    links?.set([draft.localId], ctx.template.id);
    return draft;
  };
  return links ? links.transaction(create) : create();
}
