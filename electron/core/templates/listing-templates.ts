// The seller's listing templates, kept in the account's cache (listing_templates, migration 11):
// so each account has its own. A template's values are parsed with the same rules as a draft's
// (parseChanges: ItemInput's bounds, the registry's for local fields) before they are written,
// and again on every read: a stored value the rules no longer take is left out, never applied.
import { templateNameProblem, unknownTemplatePlaceholders, TEMPLATE_LIMITS } from '../../../shared/items/listing-templates.ts';
import type { Db } from '../db/open-account-db.ts';
import { DraftError } from '../drafts/draft-error.ts';
import { isDraftField, type DraftField, type DraftFields } from '../drafts/fields.ts';
import { itemReads, rowFields } from '../drafts/item-rows.ts';
import { parseChanges } from '../drafts/plan-edit.ts';
import { CoreError } from '../errors/core-error.ts';

type Value = string | number | string[] | null;

export interface ListingTemplate {
  id: number;
  name: string;
  /** The template's values by field; absent fields are left as each draft has them. */
  fields: Record<string, Value>;
  created: number;
  updated: number;
}

export type TemplateErrorCode = 'template-not-found' | 'template-name-empty' | 'template-name-too-long' | 'template-name-taken' | 'template-limit' | 'template-placeholder' | 'template-value';

/** A refused template: the code names what (the screens word it), field where one field is at fault. */
export class TemplateError extends CoreError<TemplateErrorCode> {
  constructor(code: TemplateErrorCode, message: string, field?: string) {
    super(code, message, field);
    this.name = 'TemplateError';
  }
}

/** What "save the draft as a template" leaves out: the values that belong to one item only. */
export const ITEM_OWN_FIELDS: readonly DraftField[] = ['title', 'sku', 'listTime', 'closingTime'];

interface TemplateRow {
  id: number;
  name: string;
  fields: string;
  created: number;
  updated: number;
}

/** The values of a template, checked as a draft's: throws on the first refused one. */
export function checkTemplateFields(raw: Readonly<Record<string, unknown>>): Record<string, Value> {
  for (const name of Object.keys(raw)) {
    if (!isDraftField(name)) throw new TemplateError('template-value', `${name} is not an item field`, `fields.${name}`);
  }
  const { values, problems } = parseChanges(raw);
  const problem = problems[0];
  if (problem) throw new TemplateError('template-value', problem.message, `fields.${problem.field}`);
  const description = values.description;
  if (typeof description === 'string') {
    const unknown = unknownTemplatePlaceholders(description);
    if (unknown.length > 0) {
      throw new TemplateError('template-placeholder', `the description uses unknown placeholders: ${unknown.map((u) => `{${u}}`).join(', ')}`, 'fields.description');
    }
  }
  // Cleared values (null) are simply not part of the template.
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== undefined)) as Record<string, Value>;
}

/** A stored template's values, each parsed again; one the rules no longer take is left out. */
function storedFields(json: string): Record<string, Value> {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return {};
  }
  if (!raw || typeof raw !== 'object') return {};
  const out: Record<string, Value> = {};
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!isDraftField(name)) continue;
    const { values, problems } = parseChanges({ [name]: value });
    const parsed = values[name];
    if (problems.length === 0 && parsed !== null && parsed !== undefined) out[name] = parsed as Value;
  }
  return out;
}

const toTemplate = (row: TemplateRow): ListingTemplate => ({ id: row.id, name: row.name, fields: storedFields(row.fields), created: row.created, updated: row.updated });

export function listingTemplates(db: Db) {
  const reads = itemReads(db);
  const all = db.prepare(`SELECT * FROM listing_templates ORDER BY name COLLATE NOCASE, id`);
  const byId = db.prepare(`SELECT * FROM listing_templates WHERE id = ?`);
  const names = db.prepare(`SELECT id, name FROM listing_templates`);
  const count = db.prepare(`SELECT count(*) FROM listing_templates`).pluck();
  const insert = db.prepare(`INSERT INTO listing_templates (name, fields, created, updated) VALUES (?, ?, ?, ?)`);
  const update = db.prepare(`UPDATE listing_templates SET name = ?, fields = ?, updated = ? WHERE id = ?`);
  const remove = db.prepare(`DELETE FROM listing_templates WHERE id = ?`);

  function checkedName(name: string, id: number | null): string {
    const problem = templateNameProblem(name);
    if (problem === 'empty') throw new TemplateError('template-name-empty', 'the name is empty', 'name');
    if (problem === 'too-long') throw new TemplateError('template-name-too-long', `the name is longer than ${TEMPLATE_LIMITS.name} characters`, 'name');
    const trimmed = name.trim();
    const key = trimmed.toLocaleLowerCase();
    for (const other of names.all() as Array<{ id: number; name: string }>) {
      if (other.id !== id && other.name.toLocaleLowerCase() === key) throw new TemplateError('template-name-taken', `a template named "${other.name}" exists`, 'name');
    }
    return trimmed;
  }

  const templates = {
    list: (): ListingTemplate[] => (all.all() as TemplateRow[]).map(toTemplate),

    get(id: number): ListingTemplate {
      const row = byId.get(id) as TemplateRow | undefined;
      if (!row) throw new TemplateError('template-not-found', `template ${id} does not exist`);
      return toTemplate(row);
    },

    /** Creates (no id) or replaces a template's name and values; refused whole, nothing half-written. */
    save(input: { id?: number; name: string; fields: Readonly<Record<string, unknown>> }, now = Date.now()): ListingTemplate {
      const fields = checkTemplateFields(input.fields);
      return db.transaction(() => {
        const name = checkedName(input.name, input.id ?? null);
        if (input.id === undefined) {
          if ((count.get() as number) >= TEMPLATE_LIMITS.templates) throw new TemplateError('template-limit', `at most ${TEMPLATE_LIMITS.templates} templates`);
          const id = Number(insert.run(name, JSON.stringify(fields), now, now).lastInsertRowid);
          return templates.get(id);
        }
        templates.get(input.id);
        update.run(name, JSON.stringify(fields), now, input.id);
        return templates.get(input.id);
      })();
    },

    /** A new template of a draft's values, without what belongs to that one item (title, SKU, times). */
    fromDraft(localId: number, name: string, now = Date.now()): ListingTemplate {
      const row = reads.row(localId);
      if (!row || row.deleted_at !== null) throw new DraftError('not-found', `item ${localId} does not exist`);
      const current: DraftFields = rowFields(row);
      const fields = Object.fromEntries(
        (Object.keys(current) as DraftField[])
          .filter((f) => !ITEM_OWN_FIELDS.includes(f) && current[f] !== null && current[f] !== undefined)
          .map((f) => [f, current[f]]),
      );
      return templates.save({ name, fields }, now);
    },

    delete(id: number): void {
      if (remove.run(id).changes === 0) throw new TemplateError('template-not-found', `template ${id} does not exist`);
    },
  };
  return templates;
}
