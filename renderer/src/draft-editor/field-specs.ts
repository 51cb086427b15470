// Every item field as the editor shows it (from the item-field registry), and which of the seller's cached listing
// rules (ListingRules) decide whether it is shown and required. DOM-free (tested under Node).
import type { ListingRules } from '../../../shared/items/listing-rules.ts';
import { ITEM_FIELD_NAMES, ITEM_FIELDS, type EditorKind, type FieldGroup, type ItemFieldDef } from '../../../shared/items/item-fields.ts';

type Rule = { allowed: boolean; required: boolean; min?: number; max?: number };
export type SaleMethod = 'auction' | 'buy-now' | null;

export type { EditorKind } from '../../../shared/items/item-fields.ts';

export interface EditorField {
  field: string;
  label: string;
  kind: EditorKind;
  group: FieldGroup;
  options?: readonly string[];
  /** The fixed bounds of ItemInput (shared/api/items.ts). */
  min?: number;
  max?: number;
  maxLength?: number;
  step?: string;
  hint?: string;
}

/** Every field of the item-field registry, in its order, as the editor edits it. */
export const EDITOR_FIELDS: readonly EditorField[] = ITEM_FIELD_NAMES.map((field): EditorField => {
  const def: ItemFieldDef = ITEM_FIELDS[field];
  const editor = def.editor ?? {};
  const optional = <K extends 'options' | 'min' | 'max' | 'maxLength'>(key: K) => (def[key] !== undefined ? { [key]: def[key] } : {});
  return {
    field,
    label: editor.label ?? def.label,
    kind: editor.kind ?? def.kind,
    group: def.group,
    ...optional('options'), ...optional('min'), ...optional('max'), ...optional('maxLength'),
    ...(editor.step !== undefined ? { step: editor.step } : {}),
    ...(editor.hint !== undefined ? { hint: editor.hint } : {}),
  };
});

/** The seller's rule of a field for this sale method; undefined when no rule governs it. */
export function ruleOf(rules: ListingRules | null, field: string, saleMethod: SaleMethod): Rule | undefined {
  if (!rules) return undefined;
  if (field === 'openDays') return saleMethod === null ? undefined : rules.openDays[saleMethod];
  const rule: unknown = Object.hasOwn(rules, field) ? (rules as Record<string, unknown>)[field] : undefined;
  return rule && typeof rule === 'object' && 'allowed' in rule ? (rule as Rule) : undefined;
}

export interface FieldPresentation {
  shown: boolean;
  required: boolean;
  min?: number;
  max?: number;
}

/**
 * Whether a field is offered and required for this user and sale method (ListingRules and the sale-method rules of ItemInput): fields
 * the settings do not allow are absent, auction-only fields are absent on buy-now items.
 */
export function present(spec: EditorField, settings: ListingRules | null, values: Record<string, unknown>): FieldPresentation {
  const saleMethod = (values.saleMethod === 'auction' || values.saleMethod === 'buy-now' ? values.saleMethod : null) as SaleMethod;
  const rule = ruleOf(settings, spec.field, saleMethod);
  const abroad = values.isLocationAbroad === 1;
  let shown = rule ? rule.allowed : true;
  let required = rule ? rule.allowed && rule.required : false;
  switch (spec.field) {
    case 'startingPrice': shown = saleMethod !== 'buy-now'; required = saleMethod === 'auction'; break;
    case 'minimumIncrease': case 'reservePrice': shown = shown && saleMethod !== 'buy-now'; break;
    case 'buyNowPrice': required = saleMethod === 'buy-now'; break;
    case 'quantity': required = required || (shown && saleMethod === 'buy-now'); break;
    case 'postalCode': shown = shown && !abroad; required = shown && (settings ? required : true); break;
    case 'saleMethod': required = true; break;
    default: break;
  }
  // Per-user bounds narrow the fixed ones.
  const min = rule?.min !== undefined ? Math.max(rule.min, spec.min ?? rule.min) : spec.min;
  const max = rule?.max !== undefined ? Math.min(rule.max, spec.max ?? rule.max) : spec.max;
  return { shown, required, ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

/** `YYYY-MM-DD HH:MM:SS` (request time) ⇄ the value of an <input type=datetime-local>. */
export function toLocalInput(value: unknown): string {
  return typeof value === 'string' && value.length >= 16 ? value.slice(0, 16).replace(' ', 'T') : '';
}
export function fromLocalInput(value: string): string | null {
  if (value === '') return null;
  const [date, time = '00:00'] = value.split('T');
  return `${date} ${time.length === 5 ? `${time}:00` : time}`;
}
