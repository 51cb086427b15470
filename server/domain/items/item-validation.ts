// The full validation of an item (entering preview, editing a preview, publishing), read from the
// seller's rules in user-rules.ts, the same rules GET /users/{id}/settings shows.
import type { ItemInput } from '../../../shared/api/index.ts';
import { categoryTree } from '../categories.ts';
import type { Db } from '../../db/open.ts';
import { DAY_MS } from '../time.ts';
import { isFieldAllowed, openDaysRule, RESTRICTED_FIELDS, type ItemRules, type RestrictedField } from '../user-rules.ts';
import type { ItemData } from './item-data.ts';
import { problems, type Problems } from './problems.ts';

/** Republish is only for items open more than this many days (part 8). */
export const REPUBLISH_MIN_DAYS = 3;

/** Parameters sent that the seller's rules do not allow: 400 `not_allowed`, at any stage. */
export function restrictedProblems(input: ItemInput, rules: ItemRules): Problems {
  const found = problems();
  for (const field of Object.keys(RESTRICTED_FIELDS) as RestrictedField[]) {
    if (input[field] !== undefined && !isFieldAllowed(rules, field)) {
      found.add(field, 'not_allowed', `${field}: not allowed for this user (see GET /users/{id}/settings)`);
    }
  }
  return found;
}

/** Saved values of restricted fields, or null when at their default (not set). */
function restrictedValues(data: ItemData): Record<RestrictedField, unknown> {
  return {
    minimumIncrease: data.minimum_increase,
    identificationRequired: data.identification_required === 1 ? 1 : null,
    minimumFeedback: data.minimum_feedback > 0 ? data.minimum_feedback : null,
    republish: data.republish === 1 ? 1 : null,
    reservePrice: data.reserve_price,
    vat: data.vat,
    marginalTax: data.marginal_tax === 1 ? 1 : null,
  };
}

/** When an item with this data would list and close if published at `now`. */
export function plannedTimes(data: ItemData, now: number): { listTime: number; closingTime: number | null } {
  const requested = data.list_time_requested === 1 && data.list_time !== null ? data.list_time : now;
  const listTime = Math.max(requested, now);
  const closingTime = data.open_days !== null ? listTime + data.open_days * DAY_MS : data.closing_time;
  return { listTime, closingTime };
}

export interface CompleteContext {
  db: Db;
  now: number;
  imageCount: number;
}

/** Every rule an item must meet to be in preview or to be published; one entry per field. */
export function validateComplete(data: ItemData, rules: ItemRules, ctx: CompleteContext): Problems {
  const found = problems();
  const missing = (field: string, what = field) => found.add(field, 'required', `${field}: ${what} is required`);
  const blank = (text: string | null) => text === null || text.trim() === '';

  const saved = restrictedValues(data);
  for (const field of Object.keys(saved) as RestrictedField[]) {
    if (saved[field] !== null && !isFieldAllowed(rules, field)) {
      found.add(field, 'not_allowed', `${field}: not allowed for this user (see GET /users/{id}/settings)`);
    }
  }

  if (rules.title.isRequired && blank(data.title)) missing('title');
  if (rules.description.isRequired && blank(data.description)) missing('description');
  if (rules.condition.isRequired && data.condition === null) missing('condition');
  if (rules.saleMethod.isRequired && data.sale_method === null) missing('saleMethod');
  checkCategory(data, rules, ctx.db, found);
  if (data.is_location_abroad === 0 && rules.location.isRequired) {
    if (data.postal_code === '') missing('postalCode', 'postalCode (or isLocationAbroad 1)');
    else if (data.location === null) {
      found.add('postalCode', 'unknown_postal_code', `postalCode: ${data.postal_code} is not a Finnish postal code`);
    }
  }
  if (rules.deliveryMethods.isRequired && JSON.parse(data.delivery_methods).length === 0) missing('deliveryMethods', 'at least one delivery method');
  if (rules.paymentMethods.isRequired && JSON.parse(data.payment_methods).length === 0) missing('paymentMethods', 'at least one payment method');
  if (rules.deliveryTerms.isRequired && blank(data.delivery_terms)) missing('deliveryTerms');
  if (rules.paymentTerms.isRequired && blank(data.payment_terms)) missing('paymentTerms');

  const images = rules.image;
  if (ctx.imageCount < images.min || ctx.imageCount > images.max) {
    found.add('image', 'out_of_range', `image: ${ctx.imageCount} images; this user may have ${images.min} to ${images.max}`);
  }
  checkPrices(data, rules, found);
  checkDuration(data, rules, ctx.now, found);
  return found;
}

function checkCategory(data: ItemData, rules: ItemRules, db: Db, found: Problems): void {
  if (data.category_id === null) {
    if (rules.mainCategoryId.isRequired) found.add('categoryId', 'required', 'categoryId: categoryId is required');
    return;
  }
  const level = categoryTree(db).byId.get(data.category_id)?.level;
  if (level === undefined) {
    found.add('categoryId', 'unknown_category', `categoryId: category ${data.category_id} no longer exists`);
  } else if ((rules.subCategoryId.isRequired && level < 3) || (rules.sectionCategoryId.isRequired && level < 2)) {
    found.add('categoryId', 'category_too_shallow', 'categoryId: choose a deeper category');
  }
}

function checkPrices(data: ItemData, rules: ItemRules, found: Problems): void {
  const quantity = rules.quantity;
  if (data.sale_method === 'auction') {
    if (data.starting_price === null) found.add('startingPrice', 'required', 'startingPrice: required for auctions');
    if (rules.minimumIncrease.isRequired && data.minimum_increase === null) {
      found.add('minimumIncrease', 'required', 'minimumIncrease: required for your auctions');
    }
    if (data.minimum_increase !== null && data.minimum_increase < 0.01) {
      found.add('minimumIncrease', 'too_short_or_small', 'minimumIncrease: at least 0.01');
    }
    const start = data.starting_price ?? 0;
    if (data.buy_now_price !== null && data.buy_now_price <= start) {
      found.add('buyNowPrice', 'below_starting_price', 'buyNowPrice: an auction\'s buy-now price must be above startingPrice');
    }
    if (data.reserve_price !== null && data.reserve_price <= start) {
      found.add('reservePrice', 'below_starting_price', 'reservePrice: must be above startingPrice');
    }
    if (data.reserve_price !== null && data.buy_now_price !== null && data.reserve_price > data.buy_now_price) {
      found.add('reservePrice', 'above_buy_now_price', 'reservePrice: must not be above buyNowPrice');
    }
    if (data.quantity !== null && data.quantity !== 1) found.add('quantity', 'auction_quantity', 'quantity: an auction sells exactly 1');
  } else if (data.sale_method === 'buy-now') {
    if (data.buy_now_price === null) found.add('buyNowPrice', 'required', 'buyNowPrice: required for buy-now');
    else if (data.buy_now_price < 0.01) found.add('buyNowPrice', 'too_short_or_small', 'buyNowPrice: at least 0.01');
    if (data.quantity === null && quantity.isRequired) found.add('quantity', 'required', 'quantity: required for buy-now');
    const auctionOnly = { startingPrice: data.starting_price, minimumIncrease: data.minimum_increase, reservePrice: data.reserve_price };
    for (const [field, value] of Object.entries(auctionOnly)) {
      if (value !== null && !found.has(field)) found.add(field, 'not_for_sale_method', `${field}: only for auctions`);
    }
  }
  if (data.quantity !== null && (data.quantity < quantity.min || data.quantity > quantity.max) && !found.has('quantity')) {
    found.add('quantity', 'out_of_range', `quantity: this user may list ${quantity.min} to ${quantity.max}`);
  }
}

function checkDuration(data: ItemData, rules: ItemRules, now: number, found: Problems): void {
  if (data.list_time_requested === 1 && data.list_time === null) return; // reported as invalid_time
  if (data.open_days === null && data.closing_time === null) {
    found.add('openDays', 'required', 'openDays: openDays (or closingTime) is required');
    return;
  }
  if (data.sale_method === null) return;
  const bounds = openDaysRule(rules, data.sale_method);
  const { listTime, closingTime } = plannedTimes(data, now);
  if (data.open_days !== null && (data.open_days < bounds.min || data.open_days > bounds.max)) {
    found.add('openDays', 'out_of_range', `openDays: ${data.sale_method} items are open ${bounds.min} to ${bounds.max} days`);
  }
  if (data.open_days === null && closingTime !== null) {
    const length = closingTime - listTime;
    if (closingTime <= now) found.add('closingTime', 'in_the_past', 'closingTime: must be in the future');
    else if (length <= 0) found.add('closingTime', 'before_list_time', 'closingTime: must be after listTime');
    else if (length < bounds.min * DAY_MS || length > bounds.max * DAY_MS) {
      found.add('closingTime', 'out_of_range', `closingTime: ${data.sale_method} items are open ${bounds.min} to ${bounds.max} days`);
    }
  }
  if (data.republish === 1 && closingTime !== null && closingTime - listTime <= REPUBLISH_MIN_DAYS * DAY_MS) {
    found.add('republish', 'too_short_for_republish', `republish: only for items open more than ${REPUBLISH_MIN_DAYS} days`);
  }
}
