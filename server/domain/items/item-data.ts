// An item's editable data (the columns create and edit write), and how request parameters
// (ItemInput, already type-checked by the schema) become those columns. Only checks that a single
// parameter can fail on its own live here; rules across fields are in item-validation.ts.
import type { ItemInput } from '../../../shared/api/index.ts';
import { ITEM_FIELDS, REST_FIELD_NAMES, type RestFieldName, type ServerFieldColumn } from '../../../shared/items/item-fields.ts';
import { DATA_COLUMNS, type DERIVED_COLUMNS } from '../../db/item-columns.ts';
import type { Db } from '../../db/open.ts';
import { notFound } from '../../http/errors.ts';
import { categoryTree } from '../categories.ts';
import { ABROAD_LOCATION, townForPostalCode } from '../postal-codes.ts';
import type { TimeZone } from '../time.ts';
import type { ItemRow } from './item-row.ts';
import { problems, type Problems } from './problems.ts';

export { DATA_COLUMNS };
/** The same columns (their list is made in server/db/item-columns.ts): keys of ItemRow. */
const dataColumns: readonly (keyof ItemRow)[] = DATA_COLUMNS;
void dataColumns;

export type ItemData = Pick<ItemRow, ServerFieldColumn | (typeof DERIVED_COLUMNS)[number]>;

/** A new item before any parameter is applied: the column defaults of the items table. */
export function emptyData(): ItemData {
  return {
    title: null,
    description: null,
    sale_method: null,
    condition: null,
    category_id: null,
    main_category_id: null,
    section_category_id: null,
    starting_price: null,
    buy_now_price: null,
    minimum_increase: null,
    reserve_price: null,
    quantity: null,
    open_days: null,
    list_time: null,
    closing_time: null,
    list_time_requested: 0,
    postal_code: '',
    location: null,
    is_location_abroad: 0,
    delivery_methods: '[]',
    delivery_price: null,
    delivery_terms: null,
    payment_methods: '[]',
    payment_terms: null,
    identification_required: 0,
    minimum_feedback: 0,
    republish: 0,
    marginal_tax: 0,
    vat: null,
    offers_allowed: 1,
  };
}

export function dataOf(row: ItemRow): ItemData {
  const out = emptyData() as Record<string, unknown>;
  for (const column of DATA_COLUMNS) out[column] = row[column];
  return out as ItemData;
}

/** Money is kept in euros rounded to cents. */
const cents = (amount: number) => Math.round(amount * 100) / 100;

export interface ApplyContext {
  db: Db;
  tz: TimeZone;
}

/**
 * Applies the given parameters over `base`. Parameters not given keep their value. Throws 404 for
 * an unknown category; other problems are returned, one entry per field.
 */
export function applyInput(base: ItemData, input: ItemInput, ctx: ApplyContext): { data: ItemData; problems: Problems } {
  const found = problems();
  const data: ItemData = { ...base };
  const given = <K extends keyof ItemInput>(key: K): boolean => input[key] !== undefined;

  applyStoredAsSent(data, input);
  if (input.saleMethod !== undefined && input.saleMethod !== base.sale_method) {
    data.sale_method = input.saleMethod;
    // Switching to buy-now drops the auction-only prices not sent again: a draft can change its
    // method without a way to unset fields (the parameters take no null).
    if (input.saleMethod === 'buy-now') {
      if (!given('startingPrice')) data.starting_price = null;
      if (!given('minimumIncrease')) data.minimum_increase = null;
      if (!given('reservePrice')) data.reserve_price = null;
    }
  }
  if (input.categoryId !== undefined) {
    const path = categoryTree(ctx.db).path(input.categoryId);
    if (path.length === 0) throw notFound(`category ${input.categoryId}`, 'categoryId');
    data.category_id = input.categoryId;
    data.main_category_id = path[0]?.id ?? null;
    data.section_category_id = path[1]?.id ?? null;
  }
  // An auction sells one unit; its quantity is 1 unless the seller sent something else (which
  // the full validation refuses).
  if (data.sale_method === 'auction' && data.quantity === null) data.quantity = 1;

  applyTimes(data, input, ctx.tz, found);
  applyLocation(data, input, found);
  return { data, problems: found };
}

/** The fields with a rule of their own (applyInput and the functions below). */
const OWN_RULES: ReadonlySet<RestFieldName> = new Set<RestFieldName>([
  'saleMethod', 'categoryId', 'openDays', 'closingTime', 'listTime', 'postalCode', 'isLocationAbroad',
]);

/** Every other field is stored as sent: money rounded to cents, lists once each as JSON. */
function applyStoredAsSent(data: ItemData, input: ItemInput): void {
  const columns = data as Record<string, unknown>;
  for (const field of REST_FIELD_NAMES) {
    const value = input[field];
    if (value === undefined || OWN_RULES.has(field)) continue;
    const { column, kind } = ITEM_FIELDS[field];
    if (kind === 'number' && typeof value === 'number') columns[column] = cents(value);
    else if (kind === 'list' && Array.isArray(value)) columns[column] = JSON.stringify([...new Set(value)]);
    else columns[column] = value;
  }
}

const NOT_A_TIME = 'not a real local time (YYYY-MM-DD HH:MM:SS) between 1970 and 9999 with a whole-minute offset in the service time zone';

/**
 * openDays and closingTime are alternatives: the one sent last wins (sending one clears the
 * other), and sending both at once is a 400. listTime may go with either.
 */
function applyTimes(data: ItemData, input: ItemInput, tz: TimeZone, found: Problems): void {
  if (input.openDays !== undefined && input.closingTime !== undefined) {
    found.add('openDays', 'conflicting_fields', 'openDays: send openDays or closingTime, not both');
  }
  if (input.openDays !== undefined) {
    data.open_days = input.openDays;
    data.closing_time = null;
  }
  if (input.closingTime !== undefined) {
    const closing = tz.parse(input.closingTime);
    if (closing === null) found.add('closingTime', 'invalid_time', `closingTime: ${NOT_A_TIME}`);
    data.closing_time = closing;
    data.open_days = null;
  }
  if (input.listTime !== undefined) {
    const list = tz.parse(input.listTime);
    if (list === null) found.add('listTime', 'invalid_time', `listTime: ${NOT_A_TIME}`);
    data.list_time = list;
    data.list_time_requested = 1;
  }
}

/** location follows postalCode and isLocationAbroad: the code's upper-case town, or ABROAD. */
function applyLocation(data: ItemData, input: ItemInput, found: Problems): void {
  if (input.postalCode !== undefined) data.postal_code = input.postalCode.trim();
  if (input.isLocationAbroad !== undefined) data.is_location_abroad = input.isLocationAbroad;
  if (data.is_location_abroad === 1) {
    // A foreign code is kept as sent and not checked: the dataset knows Finnish codes only.
    data.location = ABROAD_LOCATION;
    return;
  }
  if (data.postal_code === '') {
    data.location = null;
    return;
  }
  data.location = townForPostalCode(data.postal_code);
  if (data.location === null && input.postalCode !== undefined) {
    found.add('postalCode', 'unknown_postal_code', `postalCode: ${data.postal_code} is not a Finnish postal code`);
  }
}
