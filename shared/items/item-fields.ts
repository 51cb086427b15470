// The item-field registry: every field of an item the seller edits, once. It drives the server's
// data columns (and what a republish copies, and the version trigger's column list), the core's
// field table, validation of local-only fields, CSV headers, the grid's columns, the editor's
// field specs and the test fixtures. Free of zod and of Node so the renderer loads it too.
//
// Adding a field: an entry here, a migration each side that adds `column` (the cache's
// electron/core/db/migrations.ts; the service's server/db/migrations.ts unless `rest` is null),
// and for a REST field its parameter in shared/api/items.ts (ItemInput, Item), the service's view
// (server/views/item-views.ts) and the adapter's reading (electron/core/api/listing-mapping.ts
// `fieldsOfItem`; what the app takes of it: electron/core/sync/server-fields.ts);
// the compiler and the tests point at anything else: tests/shared/item-fields.test.ts (columns,
// bounds, the English words, which come from here) and tests/server/items-create.test.ts (every
// REST field sent comes back through GET as the app reads it).

export const SALE_METHODS = ['auction', 'buy-now'] as const;
export const CONDITIONS = ['new', 'like-new', 'good', 'acceptable', 'weak'] as const;
export const DELIVERY_METHODS = ['pickup', 'shipment'] as const;
export const PAYMENT_METHODS = ['wire-transfer', 'cash', 'mobile-pay'] as const;
/** A sale method and a condition, as the app names them (the registry's options). */
export type SaleMethod = (typeof SALE_METHODS)[number];
export type Condition = (typeof CONDITIONS)[number];

/** How a value is stored: text, an option of `options`, a number, an integer, 0/1, a JSON list. */
export type FieldKind = 'text' | 'enum' | 'number' | 'int' | 'flag' | 'list';
/** How the editor edits it, where that differs from the kind. */
export type EditorKind = 'text' | 'textarea' | 'html' | 'number' | 'int' | 'enum' | 'list' | 'flag' | 'time' | 'category';
/** The grid's sorts a column may offer (GridSortSchema of shared/ipc/contract.ts). */
export type ColumnSort = 'title' | 'price' | 'sku' | 'note' | 'buyNowPrice' | 'startingPrice' | 'quantity' | 'category' | 'openDays';

export interface ItemFieldDef {
  /** The parameter of ItemInput (shared/api/items.ts), or null: local only, never sent. */
  rest: string | null;
  /** The items column in the cache and, for a REST field, in the service. */
  column: string;
  kind: FieldKind;
  options?: readonly string[];
  /** The fixed bounds of ItemInput (shared/api/items.ts). */
  min?: number;
  max?: number;
  maxLength?: number;
  /** The English name sellers read (the screens' catalog takes it from here: renderer/src/i18n/catalogs/en/fields.ts). */
  label: string;
  group: FieldGroup;
  editor?: { kind?: EditorKind; label?: string; step?: string; hint?: string };
  /** A grid column (every field but the description has one); `width` 0 takes what is left. */
  grid?: { label?: string; width: number; sort?: ColumnSort; align?: 'right' };
}

const money = { step: '0.01' } as const;

/** The editor's groups, in its order. */
export const FIELD_GROUPS = ['Basics', 'Price and sale', 'Timing', 'Location and delivery', 'Payment', 'Buyers and tax', 'Own notes'] as const;
export type FieldGroup = (typeof FIELD_GROUPS)[number];

/**
 * CSV columns follow this order (saleMethod first: it decides which other fields apply), the
 * editor this order within each group, the grid DEFAULT_GRID_FIELDS and then this order.
 */
export const ITEM_FIELDS = {
  saleMethod: { rest: 'saleMethod', column: 'sale_method', kind: 'enum', options: SALE_METHODS, label: 'Sale method', group: 'Price and sale', grid: { width: 104 } },
  title: { rest: 'title', column: 'title', kind: 'text', maxLength: 60, label: 'Title', group: 'Basics', grid: { width: 0, sort: 'title' } },
  categoryId: { rest: 'categoryId', column: 'category_id', kind: 'int', label: 'Category', group: 'Basics', editor: { kind: 'category' }, grid: { width: 106, sort: 'category' } },
  condition: { rest: 'condition', column: 'condition', kind: 'enum', options: CONDITIONS, label: 'Condition', group: 'Basics', grid: { width: 112 } },
  description: { rest: 'description', column: 'description', kind: 'text', maxLength: 100_000, label: 'Description', group: 'Basics', editor: { kind: 'html' } },
  buyNowPrice: { rest: 'buyNowPrice', column: 'buy_now_price', kind: 'number', min: 0.01, max: 10_000_000, label: 'Buy-now price €', group: 'Price and sale', editor: money, grid: { label: 'Buy-now €', width: 96, sort: 'buyNowPrice', align: 'right' } },
  startingPrice: { rest: 'startingPrice', column: 'starting_price', kind: 'number', min: 0, max: 10_000_000, label: 'Starting price €', group: 'Price and sale', editor: money, grid: { label: 'Start €', width: 72, sort: 'startingPrice', align: 'right' } },
  minimumIncrease: { rest: 'minimumIncrease', column: 'minimum_increase', kind: 'number', min: 0.01, max: 1_000_000, label: 'Minimum increase €', group: 'Price and sale', editor: money, grid: { label: 'Min. raise €', width: 96, align: 'right' } },
  reservePrice: { rest: 'reservePrice', column: 'reserve_price', kind: 'number', min: 0.01, max: 10_000_000, label: 'Reserve price €', group: 'Price and sale', editor: money, grid: { label: 'Reserve €', width: 86, align: 'right' } },
  quantity: { rest: 'quantity', column: 'quantity', kind: 'int', min: 1, max: 100_000, label: 'Quantity', group: 'Price and sale', grid: { label: 'Qty', width: 48, sort: 'quantity', align: 'right' } },
  offersAllowed: { rest: 'offersAllowed', column: 'offers_allowed', kind: 'flag', label: 'Offers allowed', group: 'Price and sale', grid: { label: 'Offers', width: 64 } },
  openDays: { rest: 'openDays', column: 'open_days', kind: 'int', min: 1, max: 365, label: 'Open days', group: 'Timing', editor: { hint: 'or a closing time' }, grid: { label: 'Days', width: 58, sort: 'openDays', align: 'right' } },
  listTime: { rest: 'listTime', column: 'list_time', kind: 'text', label: 'List time', group: 'Timing', editor: { kind: 'time', hint: 'empty: when published' }, grid: { width: 156 } },
  closingTime: { rest: 'closingTime', column: 'closing_time', kind: 'text', label: 'Closing time', group: 'Timing', editor: { kind: 'time' }, grid: { width: 156 } },
  republish: { rest: 'republish', column: 'republish', kind: 'flag', label: 'Republish if unsold', group: 'Timing', editor: { hint: 'items open more than 3 days' }, grid: { label: 'Republish', width: 84 } },
  isLocationAbroad: { rest: 'isLocationAbroad', column: 'is_location_abroad', kind: 'flag', label: 'Located abroad', group: 'Location and delivery', grid: { label: 'Abroad', width: 66 } },
  postalCode: { rest: 'postalCode', column: 'postal_code', kind: 'text', maxLength: 10, label: 'Postal code', group: 'Location and delivery', grid: { width: 94 } },
  deliveryMethods: { rest: 'deliveryMethods', column: 'delivery_methods', kind: 'list', options: DELIVERY_METHODS, label: 'Delivery methods', group: 'Location and delivery', editor: { hint: 'empty: buyers see none; say how in the delivery terms' }, grid: { label: 'Delivery', width: 124 } },
  deliveryPrice: { rest: 'deliveryPrice', column: 'delivery_price', kind: 'number', min: 0, max: 100_000, label: 'Delivery price €', group: 'Location and delivery', editor: money, grid: { width: 126, align: 'right' } },
  deliveryTerms: { rest: 'deliveryTerms', column: 'delivery_terms', kind: 'text', maxLength: 1000, label: 'Delivery terms', group: 'Location and delivery', editor: { kind: 'textarea' }, grid: { width: 160 } },
  paymentMethods: { rest: 'paymentMethods', column: 'payment_methods', kind: 'list', options: PAYMENT_METHODS, label: 'Payment methods', group: 'Payment', grid: { label: 'Payment', width: 110 } },
  paymentTerms: { rest: 'paymentTerms', column: 'payment_terms', kind: 'text', maxLength: 1000, label: 'Payment terms', group: 'Payment', editor: { kind: 'textarea' }, grid: { width: 160 } },
  identificationRequired: { rest: 'identificationRequired', column: 'identification_required', kind: 'flag', label: 'Buyer identification required', group: 'Buyers and tax', grid: { label: 'ID required', width: 92 } },
  minimumFeedback: { rest: 'minimumFeedback', column: 'minimum_feedback', kind: 'int', min: 0, max: 100_000, label: 'Minimum buyer feedback', group: 'Buyers and tax', grid: { label: 'Min. feedback', width: 106, align: 'right' } },
  marginalTax: { rest: 'marginalTax', column: 'marginal_tax', kind: 'flag', label: 'Marginal tax', group: 'Buyers and tax', grid: { width: 100 } },
  vat: { rest: 'vat', column: 'vat', kind: 'int', min: 0, max: 100, label: 'VAT %', group: 'Buyers and tax', grid: { width: 62, align: 'right' } },
  /** The seller's private note (where it is stored, what to check): kept in the cache, never sent. */
  note: { rest: null, column: 'note', kind: 'text', maxLength: 2000, label: 'Private note', group: 'Own notes', editor: { kind: 'textarea', hint: 'only on this computer, never on the marketplace' }, grid: { label: 'Note', width: 160, sort: 'note' } },
  /** The seller's own stock code or label: kept in the cache, never sent to the marketplace. */
  sku: { rest: null, column: 'sku', kind: 'text', maxLength: 64, label: 'SKU / own label', group: 'Own notes', grid: { label: 'SKU', width: 110, sort: 'sku' } },
} as const satisfies Record<string, ItemFieldDef>;

export type ItemFieldName = keyof typeof ITEM_FIELDS;
type Entry<K extends ItemFieldName> = (typeof ITEM_FIELDS)[K];
/** The fields the marketplace knows (sent in ItemInput). */
export type RestFieldName = { [K in ItemFieldName]: Entry<K>['rest'] extends string ? K : never }[ItemFieldName];
/** The fields kept only in the local cache. */
export type LocalFieldName = Exclude<ItemFieldName, RestFieldName>;

export const ITEM_FIELD_NAMES = Object.keys(ITEM_FIELDS) as ItemFieldName[];
export const REST_FIELD_NAMES = ITEM_FIELD_NAMES.filter((f) => ITEM_FIELDS[f].rest !== null) as RestFieldName[];

export function itemField(name: ItemFieldName): ItemFieldDef {
  return ITEM_FIELDS[name];
}

export function isItemField(name: string): name is ItemFieldName {
  return Object.hasOwn(ITEM_FIELDS, name);
}

export function isLocalOnly(name: ItemFieldName): name is LocalFieldName {
  return ITEM_FIELDS[name].rest === null;
}

/** The service's item columns that hold a REST field (the service adds derived ones). */
export type ServerFieldColumn = (typeof ITEM_FIELDS)[RestFieldName]['column'];
export const SERVER_FIELD_COLUMNS = REST_FIELD_NAMES.map((f) => ITEM_FIELDS[f].column) as ServerFieldColumn[];

/**
 * The grid's columns a new installation shows, in order: in a 1280-pixel window they leave the
 * title about 330 px, 320 beside the scroll bar of a long list (titles of 40-odd characters
 * whole, tests/e2e/finnish-week-screens.test.ts) and the checks in view. The sale method
 * shows in which price column has a value; it, delivery and payment methods are a click away in
 * Columns….
 */
export const DEFAULT_GRID_FIELDS = [
  'title', 'buyNowPrice', 'startingPrice', 'quantity', 'condition', 'categoryId', 'openDays',
] as const satisfies readonly ItemFieldName[];
