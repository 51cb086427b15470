// A listing summary (an element of the sales list, 500 a page) as the cache keeps an item it has
// read only from there: what the summary tells in the item's own shape, and nothing it does not.
// Beside server-fields.ts (the full Item): the two mappings of the service's shapes to the cache.
import type { Item, ItemSummary } from '../../../shared/api/items.ts';
import type { RestFieldName } from '../../../shared/items/item-fields.ts';
import { DRAFT_FIELDS, isLocalOnly, parseFieldValue, type DraftField, type DraftFields } from '../drafts/fields.ts';

/**
 * The item fields a summary tells. Every other REST field of an item read only from its summary
 * is unknown (its column NULL, its detail 'summary'), never an empty value: the grid, the editor
 * and every export say so, and nothing copies or sends it before the item is read in full.
 * The list and closing times of a listed item are facts of the listing, not field values
 * (server-fields.ts); the summary of a draft or preview is never kept (those are read in full).
 */
export const SUMMARY_FIELDS = ['saleMethod', 'title', 'categoryId', 'buyNowPrice', 'postalCode'] as const satisfies readonly RestFieldName[];

/** The fields an item read from its summary lacks: the marketplace's fields a summary does not tell. */
export const FIELDS_NOT_IN_SUMMARY: readonly DraftField[] = DRAFT_FIELDS.filter(
  (f) => !isLocalOnly(f) && !(SUMMARY_FIELDS as readonly string[]).includes(f),
);

/** The category's id, from the summary's link to it (the summary names the category, the link numbers it). */
export function summaryCategoryId(summary: ItemSummary): number | null {
  const link = summary.links.category;
  if (link === null) return null;
  const match = /\/categories\/(\d+)\/?$/.exec(new URL(link).pathname);
  return match ? Number(match[1]) : null;
}

/**
 * What `server_copy` holds for an item read from its summary: the Item's keys the summary tells,
 * with the Item's meaning (a summary's 0 for "no buy-now price" is null here, as in an Item); the
 * keys it does not tell are absent, so a JSON path into them reads NULL ("not known"), never a
 * made-up value. Compared with the next summaries as a full copy is (pull-sales.ts).
 */
export function summaryCopy(summary: ItemSummary): Partial<Item> & Pick<Item, 'id' | 'status'> {
  return {
    id: summary.id,
    title: summary.title === '' ? null : summary.title,
    status: summary.status,
    saleMethod: summary.saleMethod,
    categoryId: summaryCategoryId(summary),
    currentPrice: summary.currentPrice,
    buyNowPrice: summary.buyNowPrice === 0 ? null : summary.buyNowPrice,
    bidderCount: summary.bidderCount,
    offerCount: summary.offerCount,
    hasReservePrice: summary.hasReservePrice,
    hasReservePriceExceeded: summary.hasReservePriceExceeded,
    listTime: summary.listTime,
    closingTime: summary.closingTime,
    location: summary.location === '' ? null : summary.location,
    postalCode: summary.postalCode,
    seller: summary.seller,
    sellerId: summary.sellerId,
    images: summary.images,
    upgrades: summary.upgrades,
    ...(summary.updated === undefined ? {} : { updated: summary.updated }),
  };
}

/** The field values a summary tells, normalised as a pull's (server-fields.ts): what `base` holds for it. */
export function fieldsOfSummary(summary: ItemSummary): DraftFields {
  const copy = summaryCopy(summary);
  const raw: Record<(typeof SUMMARY_FIELDS)[number], unknown> = {
    saleMethod: copy.saleMethod,
    title: copy.title,
    categoryId: copy.categoryId,
    buyNowPrice: copy.buyNowPrice,
    postalCode: copy.postalCode,
  };
  const fields: Record<string, unknown> = {};
  for (const field of SUMMARY_FIELDS) {
    const parsed = parseFieldValue(field, raw[field]);
    const value = parsed.ok ? parsed.value : raw[field];
    if (value !== null && value !== undefined) fields[field] = value;
  }
  return fields as DraftFields;
}
