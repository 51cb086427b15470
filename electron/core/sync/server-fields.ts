// The service's Item as local field values: what `base` holds (the service's values at the last
// read) and what a pull takes into the editable columns.
import type { Item } from '../../../shared/api/items.ts';
import { REST_FIELD_NAMES, type RestFieldName } from '../../../shared/items/item-fields.ts';
import { parseFieldValue, restFieldsOf, type DraftFields } from '../drafts/fields.ts';
import { optionalTimestamp } from '../api/session.ts';
import type { ListingFacts } from './listing-facts.ts';

/** Response timestamp (service zone) → request format: the wall-clock part is the same. */
const requestTime = (t: string | null) => (t === null ? null : t.slice(0, 19).replace('T', ' '));
const flag = (b: boolean) => (b ? 1 : 0);
/** Premium-only options at their default are "not set": a private seller's draft must not carry them. */
const unlessDefault = <T>(value: T, fallback: T) => (value === fallback ? null : value);

/**
 * Decisions: listTime and closingTime are inputs only while the item is editable (draft or
 * preview); once listed they are facts of the listing (derived from openDays), so they are not
 * field values (a copy of a closed item would otherwise carry past times). minimumFeedback 0 and
 * the premium flags when off are "not set".
 */
export function fieldsOfServerItem(item: Item): DraftFields {
  const editable = item.status === 'draft' || item.status === 'preview';
  const raw: Record<RestFieldName, unknown> = {
    saleMethod: item.saleMethod,
    title: item.title,
    description: item.description,
    categoryId: item.categoryId,
    condition: item.condition,
    buyNowPrice: item.buyNowPrice,
    startingPrice: item.startingPrice,
    minimumIncrease: item.minimumIncrease,
    quantity: item.quantity,
    openDays: item.openDays,
    listTime: editable ? requestTime(item.listTime) : null,
    closingTime: editable ? requestTime(item.closingTime) : null,
    postalCode: item.postalCode,
    isLocationAbroad: flag(item.isLocationAbroad),
    deliveryMethods: item.deliveryMethods,
    deliveryPrice: item.deliveryPrice,
    deliveryTerms: item.deliveryTerms,
    paymentMethods: item.paymentMethods,
    paymentTerms: item.paymentTerms,
    identificationRequired: unlessDefault(flag(item.requirements.identificationRequired), 0),
    minimumFeedback: unlessDefault(item.requirements.minimumFeedback, 0),
    republish: unlessDefault(flag(item.republish), 0),
    marginalTax: unlessDefault(flag(item.marginalTax), 0),
    vat: item.vat,
    offersAllowed: flag(item.offersAllowed),
    reservePrice: item.reservePrice,
  };
  const fields: Record<string, unknown> = {};
  // Local-only fields (the seller's SKU) are not the service's: absent here, never taken by a pull.
  for (const field of REST_FIELD_NAMES) {
    // The same normalisation as a local edit ('' and [] are "not set"); a value the local
    // schema would refuse is kept as the service sent it.
    const parsed = parseFieldValue(field, raw[field]);
    const value = parsed.ok ? parsed.value : raw[field];
    if (value !== null && value !== undefined) fields[field] = value;
  }
  return fields as DraftFields;
}

/**
 * Only the values that are set, as an ItemInput body (the service has no way to clear).
 * Local-only fields are never sent: every request body of an item's data is made here.
 */
export function inputOf(fields: DraftFields): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(restFieldsOf(fields))) if (v !== null && v !== undefined) body[k] = v;
  return body;
}

/**
 * The facts of the listing in a record of the marketplace: a whole Item, or the part of one a
 * summary tells (summary-fields.ts `summaryCopy`); a key it lacks is not known (null).
 */
export function factsOfItem(copy: Partial<Item>): ListingFacts {
  return {
    closesAt: optionalTimestamp(copy.closingTime),
    listedAt: copy.listTime ?? null,
    unitsLeft: copy.quantity ?? null,
    hasReserve: copy.hasReservePrice ?? null,
    reserveMet: copy.hasReservePriceExceeded ?? null,
    relistsUnsold: copy.republish ?? null,
    relistOf: copy.republishedFrom ?? null,
    listedPhotos: copy.images?.length ?? null,
  };
}
