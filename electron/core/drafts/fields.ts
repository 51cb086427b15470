// The editable fields of an item and how each is stored in the items table: the registry of
// shared/items/item-fields.ts, checked here against ItemInput (shared/api) so the two cannot drift.
// One table drives row mapping, CSV columns, bulk edit and what a push sends.
import { z } from 'zod';
import { parseDecimal } from '../../../shared/format/parse-decimal.ts';
import { acceptedValues, isOptionField } from '../../../shared/items/option-words.ts';
import { MARKETPLACE_ZONE, parseRequestTime } from '../../../shared/node/request-time.ts';
import { parseTimeCell } from '../spreadsheet/cell-values.ts';
import type { ProblemParams, ProblemRule } from '../../../shared/screens/problem-rules.ts';
import { ItemInput, type ITEM_DATA_FIELDS } from '../../../shared/api/items.ts';
import {
  ITEM_FIELD_NAMES, ITEM_FIELDS, isItemField, isLocalOnly, type FieldKind, type ItemFieldName, type LocalFieldName, type RestFieldName,
} from '../../../shared/items/item-fields.ts';

type RestDataField = (typeof ITEM_DATA_FIELDS)[number];
// Both directions: every item-data parameter of ItemInput has a registry entry, and every REST
// entry of the registry is an ItemInput parameter.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const restFieldsMatchItemInput: Same<RestFieldName, RestDataField> = true;
void restFieldsMatchItemInput;

export type DraftField = ItemFieldName;
/** The values of the local-only fields (the registry's kinds; no REST type to borrow). */
type LocalValue<K extends LocalFieldName> = (typeof ITEM_FIELDS)[K]['kind'] extends 'text' | 'enum' ? string : number;
/** A draft's values; null or absent means "not set". */
export type DraftFields = { [K in RestFieldName]?: ItemInput[K] | null } & { [K in LocalFieldName]?: LocalValue<K> | null };

export const FIELD_SPECS = ITEM_FIELDS;
export const DRAFT_FIELDS: readonly DraftField[] = ITEM_FIELD_NAMES;
export { isLocalOnly };

export function isDraftField(name: string): name is DraftField {
  return isItemField(name);
}

export function fieldKind(field: DraftField): FieldKind {
  return ITEM_FIELDS[field].kind;
}

/** A local-only field's schema, from its registry limits (a REST field uses ItemInput's). */
function localSchema(field: LocalFieldName): z.ZodType {
  const def: { kind: FieldKind; maxLength?: number; min?: number; max?: number; options?: readonly string[] } = ITEM_FIELDS[field];
  switch (def.kind) {
    case 'text': return def.maxLength === undefined ? z.string() : z.string().max(def.maxLength);
    case 'enum': return z.enum(def.options as [string, ...string[]]);
    case 'number': case 'int': case 'flag': case 'list': {
      const base = def.kind === 'int' || def.kind === 'flag' ? z.coerce.number().int() : z.coerce.number();
      return base.min(def.kind === 'flag' ? 0 : (def.min ?? -Infinity)).max(def.kind === 'flag' ? 1 : (def.max ?? Infinity));
    }
  }
}

const SCHEMAS = Object.fromEntries(
  ITEM_FIELD_NAMES.map((f) => [f, isLocalOnly(f) ? localSchema(f) : ItemInput.shape[f as RestFieldName]]),
) as Record<DraftField, z.ZodType>;

/** Only the fields the marketplace knows: what a create or an edit may send. */
export function restFieldsOf<T>(fields: Readonly<Record<string, T>>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [k, v] of Object.entries(fields)) if (!(isDraftField(k) && isLocalOnly(k))) out[k] = v;
  return out;
}

/** Why a value cannot be stored: the rule for the seller's sentence, the English message for logs. */
export interface ValueIssue {
  rule: ProblemRule;
  params?: ProblemParams;
  message: string;
}
export type ParsedValue = { ok: true; value: DraftFields[DraftField] } | ({ ok: false } & ValueIssue);

type ZodIssue = z.core.$ZodIssue;

/** A zod issue of one field's schema as a rule with its bounds (and zod's English for logs). */
function issueRule(field: DraftField, issue: ZodIssue | undefined): ValueIssue {
  const message = `${field}: ${issue?.message ?? 'invalid value'}`;
  const kind = fieldKind(field);
  switch (issue?.code) {
    case 'invalid_type':
      if (issue.expected === 'int') return { rule: 'not-a-whole-number', message };
      // A whole-number field's refusal suggests a whole number, never "12,50" (issue 21).
      if (kind === 'int') return { rule: 'not-a-whole-number', message };
      if (kind === 'number') return { rule: 'not-a-number', message };
      if (kind === 'list') return { rule: 'not-a-list', message };
      if (kind === 'flag') return { rule: 'not-a-flag', message };
      return { rule: 'not-text', message };
    case 'too_big':
      return issue.origin === 'string'
        ? { rule: 'max-length', params: { max: Number(issue.maximum) }, message }
        : { rule: 'max', params: { max: Number(issue.maximum) }, message };
    case 'too_small':
      if (issue.origin === 'string') return { rule: 'min-length', params: { min: Number(issue.minimum) }, message };
      return issue.inclusive === false
        ? { rule: 'above', params: { min: Number(issue.minimum) }, message }
        : { rule: 'min', params: { min: Number(issue.minimum) }, message };
    case 'invalid_value':
      return { rule: 'not-an-option', params: { options: isOptionField(field) ? acceptedValues(field) : issue.values.map(String).join(', ') }, message };
    case 'invalid_union':
      return { rule: kind === 'flag' ? 'not-a-flag' : 'invalid', message };
    case 'invalid_format':
      return { rule: field === 'listTime' || field === 'closingTime' ? 'bad-time' : 'invalid', message };
    case 'custom':
      return { rule: 'unsafe-text', message };
    default:
      return { rule: 'invalid', message };
  }
}

const REQUEST_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * Checks one value against the shared ItemInput schema (types and per-field bounds), a
 * local-only field against its registry limits. null, undefined and '' clear the field; a
 * number may be typed with a decimal comma.
 */
export function parseFieldValue(field: DraftField, raw: unknown): ParsedValue {
  if (raw === null || raw === undefined || raw === '') return { ok: true, value: null };
  const kind = fieldKind(field);
  if (kind === 'list' && Array.isArray(raw) && raw.length === 0) return { ok: true, value: null };
  // Typed numbers are read as sellers write them, 12,50 as well as 12.50, on every path into
  // the cache (a cell, the editor, bulk edit, an import), so they all agree.
  let value = raw;
  if ((kind === 'number' || kind === 'int') && typeof raw === 'string') {
    const number = parseDecimal(raw);
    if (number === null) return { ok: false, rule: kind === 'int' ? 'not-a-whole-number' : 'not-a-number', message: `${field}: "${raw}" is not a number` };
    value = number;
  }
  // A time typed as the seller writes it (28.11.2026 18.00, as the refusal's own example says)
  // is read on every path, as an import reads it; anything else meets the schema's refusal.
  if ((field === 'listTime' || field === 'closingTime') && typeof raw === 'string' && !REQUEST_TIME.test(raw)) {
    const typed = parseTimeCell(raw, MARKETPLACE_ZONE);
    if (typed.ok) value = typed.value;
  }
  const result = SCHEMAS[field].safeParse(value);
  if (result.success && (field === 'listTime' || field === 'closingTime') && parseRequestTime(String(result.data), MARKETPLACE_ZONE) === null) {
    // The service's own reading: 24:00:00, a time in the daylight-saving gap and years outside
    // 1970-9999 are refused here as the service refuses them (400 invalid_time).
    return { ok: false, rule: 'bad-time', message: `${field}: "${String(result.data)}" is not a time the marketplace takes (a real local time, 1970 to 9999)` };
  }
  if (result.success) return { ok: true, value: result.data as DraftFields[DraftField] };
  return { ok: false, ...issueRule(field, result.error.issues[0]) };
}

/** SQLite value of a field. */
export function toColumnValue(field: DraftField, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (fieldKind(field) === 'list') return JSON.stringify(value);
  if (typeof value === 'string' || typeof value === 'number') return value;
  throw new TypeError(`${field}: unexpected value of type ${typeof value}`);
}

/** Field value of a SQLite value. */
export function fromColumnValue(field: DraftField, value: unknown): DraftFields[DraftField] {
  if (value === null || value === undefined) return null;
  if (fieldKind(field) === 'list') return JSON.parse(String(value)) as DraftFields[DraftField];
  return value as DraftFields[DraftField];
}

export function sameValue(a: unknown, b: unknown): boolean {
  const na = a === undefined ? null : a;
  const nb = b === undefined ? null : b;
  if (Array.isArray(na) || Array.isArray(nb)) return JSON.stringify(na) === JSON.stringify(nb);
  return na === nb;
}
