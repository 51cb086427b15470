// The marketplace's listing (market-listing.ts) as local field values: what `base` holds (the
// marketplace's values at the last read) and what a pull takes into the editable columns; and the
// listing's facts, the columns of listing-facts.ts.
import { REST_FIELD_NAMES } from '../../../shared/items/item-fields.ts';
import { parseFieldValue, restFieldsOf, type DraftFields } from '../drafts/fields.ts';
import { optionalTimestamp } from '../api/session.ts';
import type { ListingFacts } from './listing-facts.ts';
import type { ListingCopy, ListingFields, MarketListing } from './market-listing.ts';

/** Premium-only options at their default are "not set": a private seller's draft must not carry them. */
const unlessDefault = <T>(value: T, fallback: T) => (value === fallback ? null : value);

/**
 * Decisions: listTime and closingTime are inputs only while the item is editable (draft or
 * preview); once listed they are facts of the listing (derived from openDays), so they are not
 * field values (a copy of a closed item would otherwise carry past times). minimumFeedback 0 and
 * the premium flags when off are "not set".
 */
export function fieldsOfServerItem(listing: Pick<MarketListing, 'status' | 'fields'>): DraftFields {
  const editable = listing.status === 'draft' || listing.status === 'preview';
  const given = listing.fields;
  const raw: ListingFields = {
    ...given,
    listTime: editable ? given.listTime : null,
    closingTime: editable ? given.closingTime : null,
    identificationRequired: unlessDefault(given.identificationRequired, 0),
    minimumFeedback: unlessDefault(given.minimumFeedback, 0),
    republish: unlessDefault(given.republish, 0),
    marginalTax: unlessDefault(given.marginalTax, 0),
  };
  const fields: Record<string, unknown> = {};
  // Local-only fields (the seller's SKU) are not the marketplace's: absent here, never taken by a pull.
  for (const field of REST_FIELD_NAMES) {
    // The same normalisation as a local edit ('' and [] are "not set"); a value the local
    // schema would refuse is kept as the marketplace sent it.
    const parsed = parseFieldValue(field, raw[field]);
    const value = parsed.ok ? parsed.value : raw[field];
    if (value !== null && value !== undefined) fields[field] = value;
  }
  return fields as DraftFields;
}

/**
 * Only the values that are set, the marketplace's fields alone (the service has no way to clear;
 * local-only fields are never sent): what every create and edit sends is made here.
 */
export function inputOf(fields: DraftFields): ListingFields {
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(restFieldsOf(fields))) if (v !== null && v !== undefined) body[k] = v;
  return body;
}

/**
 * The facts of the listing in a record of the marketplace: a whole listing, or the part of one a
 * summary tells; a key it lacks is not known (null).
 */
export function factsOfItem(copy: Partial<Omit<ListingCopy, 'fields'>>): ListingFacts {
  return {
    closesAt: optionalTimestamp(copy.closesAt),
    listedAt: copy.listedAt ?? null,
    unitsLeft: copy.unitsLeft ?? null,
    hasReserve: copy.hasReserve ?? null,
    reserveMet: copy.reserveMet ?? null,
    relistsUnsold: copy.relistsUnsold ?? null,
    relistOf: copy.relistOf ?? null,
    listedPhotos: copy.photos?.length ?? null,
  };
}
