// Every item parameter of 4.4 as the editor shows it, and which rules of the cached settings
// (2.9) decide whether it is shown and required. DOM-free (tested under Node).
import type { UserSettings } from '../../../shared/api/users.ts';

export type SettingsItem = UserSettings['item'];
type Rule = { isAllowed: boolean; isRequired: boolean; min?: number; max?: number };
export type SaleMethod = 'auction' | 'buy-now' | null;

export type EditorKind = 'text' | 'textarea' | 'html' | 'number' | 'int' | 'enum' | 'list' | 'flag' | 'time' | 'category';

export interface EditorField {
  field: string;
  label: string;
  kind: EditorKind;
  group: 'Basics' | 'Price and sale' | 'Timing' | 'Location and delivery' | 'Payment' | 'Buyers and tax';
  options?: readonly string[];
  /** The fixed bounds of ItemInput (shared/api/items.ts) and part 8. */
  min?: number;
  max?: number;
  maxLength?: number;
  step?: string;
  hint?: string;
}

export const EDITOR_FIELDS: readonly EditorField[] = [
  { field: 'title', label: 'Title', kind: 'text', group: 'Basics', maxLength: 60 },
  { field: 'categoryId', label: 'Category', kind: 'category', group: 'Basics' },
  { field: 'condition', label: 'Condition', kind: 'enum', group: 'Basics', options: ['new', 'like-new', 'good', 'acceptable', 'weak'] },
  { field: 'description', label: 'Description (HTML)', kind: 'html', group: 'Basics', maxLength: 100_000 },
  { field: 'saleMethod', label: 'Sale method', kind: 'enum', group: 'Price and sale', options: ['auction', 'buy-now'] },
  { field: 'buyNowPrice', label: 'Buy-now price €', kind: 'number', group: 'Price and sale', min: 0.01, max: 10_000_000, step: '0.01' },
  { field: 'startingPrice', label: 'Starting price €', kind: 'number', group: 'Price and sale', min: 0, max: 10_000_000, step: '0.01' },
  { field: 'minimumIncrease', label: 'Minimum increase €', kind: 'number', group: 'Price and sale', min: 0.01, max: 1_000_000, step: '0.01' },
  { field: 'reservePrice', label: 'Reserve price €', kind: 'number', group: 'Price and sale', min: 0.01, max: 10_000_000, step: '0.01' },
  { field: 'quantity', label: 'Quantity', kind: 'int', group: 'Price and sale', min: 1, max: 100_000 },
  { field: 'offersAllowed', label: 'Offers allowed', kind: 'flag', group: 'Price and sale' },
  { field: 'openDays', label: 'Open days', kind: 'int', group: 'Timing', min: 1, max: 365, hint: 'or a closing time' },
  { field: 'listTime', label: 'List time', kind: 'time', group: 'Timing', hint: 'empty: when published' },
  { field: 'closingTime', label: 'Closing time', kind: 'time', group: 'Timing' },
  { field: 'republish', label: 'Republish if unsold', kind: 'flag', group: 'Timing', hint: 'items open more than 3 days' },
  { field: 'isLocationAbroad', label: 'Located abroad', kind: 'flag', group: 'Location and delivery' },
  { field: 'postalCode', label: 'Postal code', kind: 'text', group: 'Location and delivery', maxLength: 10 },
  { field: 'deliveryMethods', label: 'Delivery methods', kind: 'list', group: 'Location and delivery', options: ['pickup', 'shipment'] },
  { field: 'deliveryPrice', label: 'Delivery price €', kind: 'number', group: 'Location and delivery', min: 0, max: 100_000, step: '0.01' },
  { field: 'deliveryTerms', label: 'Delivery terms', kind: 'textarea', group: 'Location and delivery', maxLength: 1000 },
  { field: 'paymentMethods', label: 'Payment methods', kind: 'list', group: 'Payment', options: ['wire-transfer', 'cash', 'mobile-pay'] },
  { field: 'paymentTerms', label: 'Payment terms', kind: 'textarea', group: 'Payment', maxLength: 1000 },
  { field: 'identificationRequired', label: 'Buyer identification required', kind: 'flag', group: 'Buyers and tax' },
  { field: 'minimumFeedback', label: 'Minimum buyer feedback', kind: 'int', group: 'Buyers and tax', min: 0, max: 100_000 },
  { field: 'marginalTax', label: 'Marginal tax', kind: 'flag', group: 'Buyers and tax' },
  { field: 'vat', label: 'VAT %', kind: 'int', group: 'Buyers and tax', min: 0, max: 100 },
];

/** The settings rule of a field for this sale method; undefined when no setting governs it. */
export function ruleOf(settings: SettingsItem | null, field: string, saleMethod: SaleMethod): Rule | undefined {
  if (!settings) return undefined;
  switch (field) {
    case 'categoryId': return settings.mainCategoryId;
    case 'postalCode': return settings.location;
    case 'quantity': return settings.quantity;
    case 'openDays': return saleMethod === 'auction' ? settings.openDays.auction : saleMethod === 'buy-now' ? settings.openDays.buyNow : undefined;
    case 'buyNowPrice': case 'startingPrice': case 'deliveryPrice': case 'isLocationAbroad': return undefined;
    default: {
      const rule: unknown = (settings as Record<string, unknown>)[field];
      return rule && typeof rule === 'object' && 'isAllowed' in rule ? (rule as Rule) : undefined;
    }
  }
}

export interface FieldPresentation {
  shown: boolean;
  required: boolean;
  min?: number;
  max?: number;
}

/**
 * Whether a field is offered and required for this user and sale method (2.9 and 4.4): fields
 * the settings do not allow are absent, auction-only fields are absent on buy-now items.
 */
export function present(spec: EditorField, settings: SettingsItem | null, values: Record<string, unknown>): FieldPresentation {
  const saleMethod = (values.saleMethod === 'auction' || values.saleMethod === 'buy-now' ? values.saleMethod : null) as SaleMethod;
  const rule = ruleOf(settings, spec.field, saleMethod);
  const abroad = values.isLocationAbroad === 1;
  let shown = rule ? rule.isAllowed : true;
  let required = rule ? rule.isAllowed && rule.isRequired : false;
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
