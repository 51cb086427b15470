// The editable fields of an item (ItemInput of shared/api, minus status and originalId) and how
// each is stored in the items table. One table drives row mapping, CSV columns and bulk edit.
import { ItemInput, type ITEM_DATA_FIELDS } from '../../../shared/api/items.ts';

export type DraftField = (typeof ITEM_DATA_FIELDS)[number];
/** A draft's values; null or absent means "not set". */
export type DraftFields = { [K in DraftField]?: ItemInput[K] | null };

type FieldKind = 'text' | 'enum' | 'number' | 'int' | 'flag' | 'list';
interface FieldSpec {
  column: string;
  kind: FieldKind;
}

export const FIELD_SPECS = {
  saleMethod: { column: 'sale_method', kind: 'enum' },
  title: { column: 'title', kind: 'text' },
  description: { column: 'description', kind: 'text' },
  categoryId: { column: 'category_id', kind: 'int' },
  condition: { column: 'condition', kind: 'enum' },
  buyNowPrice: { column: 'buy_now_price', kind: 'number' },
  startingPrice: { column: 'starting_price', kind: 'number' },
  minimumIncrease: { column: 'minimum_increase', kind: 'number' },
  quantity: { column: 'quantity', kind: 'int' },
  openDays: { column: 'open_days', kind: 'int' },
  listTime: { column: 'list_time', kind: 'text' },
  closingTime: { column: 'closing_time', kind: 'text' },
  postalCode: { column: 'postal_code', kind: 'text' },
  isLocationAbroad: { column: 'is_location_abroad', kind: 'flag' },
  deliveryMethods: { column: 'delivery_methods', kind: 'list' },
  deliveryPrice: { column: 'delivery_price', kind: 'number' },
  deliveryTerms: { column: 'delivery_terms', kind: 'text' },
  paymentMethods: { column: 'payment_methods', kind: 'list' },
  paymentTerms: { column: 'payment_terms', kind: 'text' },
  identificationRequired: { column: 'identification_required', kind: 'flag' },
  minimumFeedback: { column: 'minimum_feedback', kind: 'int' },
  republish: { column: 'republish', kind: 'flag' },
  marginalTax: { column: 'marginal_tax', kind: 'flag' },
  vat: { column: 'vat', kind: 'int' },
  offersAllowed: { column: 'offers_allowed', kind: 'flag' },
  reservePrice: { column: 'reserve_price', kind: 'number' },
} as const satisfies Record<DraftField, FieldSpec>;

export const DRAFT_FIELDS = Object.keys(FIELD_SPECS) as DraftField[];

export function isDraftField(name: string): name is DraftField {
  return Object.hasOwn(FIELD_SPECS, name);
}

export function fieldKind(field: DraftField): FieldKind {
  return FIELD_SPECS[field].kind;
}

export type ParsedValue = { ok: true; value: DraftFields[DraftField] } | { ok: false; message: string };

/**
 * Checks one value against the shared ItemInput schema (types and per-field bounds). null,
 * undefined and '' clear the field.
 */
export function parseFieldValue(field: DraftField, raw: unknown): ParsedValue {
  if (raw === null || raw === undefined || raw === '') return { ok: true, value: null };
  if (fieldKind(field) === 'list' && Array.isArray(raw) && raw.length === 0) return { ok: true, value: null };
  const result = ItemInput.shape[field].safeParse(raw);
  if (result.success) return { ok: true, value: result.data as DraftFields[DraftField] };
  const issue = result.error.issues[0];
  return { ok: false, message: `${field}: ${issue?.message ?? 'invalid value'}` };
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
