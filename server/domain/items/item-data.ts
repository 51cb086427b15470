// An item's editable data (the columns create and edit write), and how request parameters
// (ItemInput, already type-checked by the schema) become those columns. Only checks that a single
// parameter can fail on its own live here; rules across fields are in item-validation.ts.
import type { ItemInput } from '../../../shared/api/index.ts';
import type { Db } from '../../db/open.ts';
import { notFound } from '../../http/errors.ts';
import { categoryTree } from '../categories.ts';
import { ABROAD_LOCATION, townForPostalCode } from '../postal-codes.ts';
import type { TimeZone } from '../time.ts';
import type { ItemRow } from './item-row.ts';
import { problems, type Problems } from './problems.ts';

export const DATA_COLUMNS = [
  'title',
  'description',
  'sale_method',
  'condition',
  'category_id',
  'main_category_id',
  'section_category_id',
  'starting_price',
  'buy_now_price',
  'minimum_increase',
  'reserve_price',
  'quantity',
  'open_days',
  'list_time',
  'closing_time',
  'list_time_requested',
  'postal_code',
  'location',
  'is_location_abroad',
  'delivery_methods',
  'delivery_price',
  'delivery_terms',
  'payment_methods',
  'payment_terms',
  'identification_required',
  'minimum_feedback',
  'republish',
  'marginal_tax',
  'vat',
  'offers_allowed',
] as const satisfies readonly (keyof ItemRow)[];

export type ItemData = Pick<ItemRow, (typeof DATA_COLUMNS)[number]>;

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

  if (input.title !== undefined) data.title = input.title;
  if (input.description !== undefined) data.description = input.description;
  if (input.condition !== undefined) data.condition = input.condition;
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
  if (input.startingPrice !== undefined) data.starting_price = cents(input.startingPrice);
  if (input.buyNowPrice !== undefined) data.buy_now_price = cents(input.buyNowPrice);
  if (input.minimumIncrease !== undefined) data.minimum_increase = cents(input.minimumIncrease);
  if (input.reservePrice !== undefined) data.reserve_price = cents(input.reservePrice);
  if (input.deliveryPrice !== undefined) data.delivery_price = cents(input.deliveryPrice);
  if (input.quantity !== undefined) data.quantity = input.quantity;
  // An auction sells one unit; its quantity is 1 unless the seller sent something else (which
  // the full validation refuses).
  if (data.sale_method === 'auction' && data.quantity === null) data.quantity = 1;

  applyTimes(data, input, ctx.tz, found);
  applyLocation(data, input, found);

  if (input.deliveryMethods !== undefined) data.delivery_methods = JSON.stringify([...new Set(input.deliveryMethods)]);
  if (input.paymentMethods !== undefined) data.payment_methods = JSON.stringify([...new Set(input.paymentMethods)]);
  if (input.deliveryTerms !== undefined) data.delivery_terms = input.deliveryTerms;
  if (input.paymentTerms !== undefined) data.payment_terms = input.paymentTerms;
  if (input.identificationRequired !== undefined) data.identification_required = input.identificationRequired;
  if (input.minimumFeedback !== undefined) data.minimum_feedback = input.minimumFeedback;
  if (input.republish !== undefined) data.republish = input.republish;
  if (input.marginalTax !== undefined) data.marginal_tax = input.marginalTax;
  if (input.vat !== undefined) data.vat = input.vat;
  if (input.offersAllowed !== undefined) data.offers_allowed = input.offersAllowed;
  return { data, problems: found };
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
