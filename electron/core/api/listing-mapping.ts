// The /1.1 listing shapes (shared/api/items.ts) to the app's (sync/market-listing.ts) and back:
// the one place that knows how an Item, an item summary and an item list say what they say.
import type { ImageRecord, Item, ItemInput, ItemList, ItemSummary, SalesQuery } from '../../../shared/api/index.ts';
import type { RestFieldName } from '../../../shared/items/item-fields.ts';
import type { ListingFields, ListingInput, ListingPage, ListingQuery, MarketListing, MarketListingSummary, MarketPhoto } from '../sync/market-listing.ts';

/** Response timestamp (service zone) → request format: the wall-clock part is the same. */
const requestTime = (t: string | null) => (t === null ? null : t.slice(0, 19).replace('T', ' '));
const flag = (b: boolean): 0 | 1 => (b ? 1 : 0);

export const photoOf = (image: ImageRecord): MarketPhoto => ({ id: image.id, thumbnail: image.links.thumbnail });

/**
 * An Item's editable fields by the registry's names, in the cache's forms. Every REST field of
 * the registry has its line: a field added there is named here by the compiler.
 */
export function fieldsOfItem(item: Item): ListingFields {
  const fields = {
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
    listTime: requestTime(item.listTime),
    closingTime: requestTime(item.closingTime),
    postalCode: item.postalCode,
    isLocationAbroad: flag(item.isLocationAbroad),
    deliveryMethods: item.deliveryMethods,
    deliveryPrice: item.deliveryPrice,
    deliveryTerms: item.deliveryTerms,
    paymentMethods: item.paymentMethods,
    paymentTerms: item.paymentTerms,
    identificationRequired: flag(item.requirements.identificationRequired),
    minimumFeedback: item.requirements.minimumFeedback,
    republish: flag(item.republish),
    marginalTax: flag(item.marginalTax),
    vat: item.vat,
    offersAllowed: flag(item.offersAllowed),
    reservePrice: item.reservePrice,
  } satisfies Record<RestFieldName, unknown>;
  return fields;
}

export function listingOf(item: Item): MarketListing {
  return {
    id: item.id,
    status: item.status,
    fields: fieldsOfItem(item),
    currentPrice: item.currentPrice,
    bidderCount: item.bidderCount,
    offerCount: item.offerCount,
    listedAt: item.listTime,
    closesAt: item.closingTime,
    hasReserve: item.hasReservePrice,
    reserveMet: item.hasReservePriceExceeded,
    photos: item.images.map(photoOf),
    unitsLeft: item.quantity,
    relistsUnsold: item.republish,
    relistOf: item.republishedFrom ?? null,
    copyOf: item.originalId ?? null,
    changedAt: item.updated,
  };
}

/** The category's id, from the summary's link to it (the summary names the category, the link numbers it). */
export function summaryCategoryId(summary: Pick<ItemSummary, 'links'>): number | null {
  const link = summary.links.category;
  if (link === null) return null;
  const match = /\/categories\/(\d+)\/?$/.exec(new URL(link).pathname);
  return match ? Number(match[1]) : null;
}

/** A summary in an Item's meaning: its 0 for "no buy-now price" and its '' for "no title" are null, as in an Item. */
export function summaryOf(summary: ItemSummary): MarketListingSummary {
  return {
    id: summary.id,
    status: summary.status,
    fields: {
      saleMethod: summary.saleMethod,
      title: summary.title === '' ? null : summary.title,
      categoryId: summaryCategoryId(summary),
      buyNowPrice: summary.buyNowPrice === 0 ? null : summary.buyNowPrice,
      postalCode: summary.postalCode,
    },
    currentPrice: summary.currentPrice,
    bidderCount: summary.bidderCount,
    offerCount: summary.offerCount,
    listedAt: summary.listTime,
    closesAt: summary.closingTime,
    hasReserve: summary.hasReservePrice,
    reserveMet: summary.hasReservePriceExceeded,
    photos: summary.images.map(photoOf),
    changedAt: summary.updated ?? null,
  };
}

export function pageOf(list: ItemList): ListingPage {
  return { listings: list.items.map(summaryOf), total: list.totalCount, mark: list.updated, more: list.links.next !== null && list.items.length > 0 };
}

export function salesQueryOf(query: ListingQuery): SalesQuery {
  return {
    status: query.status,
    ...(query.sold ? { sold: 1 as const } : {}),
    ...(query.page !== undefined ? { page: query.page } : {}),
    ...(query.limit !== undefined ? { limit: query.limit } : {}),
    ...(query.changedSince !== undefined ? { changedSince: query.changedSince } : {}),
  };
}

/**
 * The request body of a create or an edit. The values are the cache's, checked by the registry's
 * schemas (drafts/fields.ts: the same as ItemInput's) before they were queued; the service
 * checks them again, and its refusal names the field.
 */
export function bodyOf(fields: ListingFields): ItemInput {
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== null && v !== undefined) body[k] = v;
  return body as ItemInput;
}

/** A create: a draft of these values, or a copy of the seller's listing. */
export function createBodyOf(input: ListingInput): ItemInput {
  return 'copyOf' in input ? { originalId: input.copyOf } : { ...bodyOf(input.fields), status: 'draft' };
}
