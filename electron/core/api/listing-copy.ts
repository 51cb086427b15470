// The cache's copy of what the marketplace said of a listing (items.server_copy), read back. It is
// the app's ListingCopy (sync/market-listing.ts) serialized, with a `fields` object. Caches and
// backups written before that (cache step 24 and older) hold the /1.1 record instead: a whole Item,
// or the Item's keys a summary told. Both are read here, in one function, rather than rewritten
// by a migration: an old backup restored years later reads the same, the first open of a shop of
// 100,000 listings rewrites nothing, and above this file no code parses a /1.1 record.
import type { ListingCopy, ListingFields, MarketPhoto } from '../sync/market-listing.ts';
import type { ListingStatus } from '../sync/marketplace-types.ts';
import { fieldsOfItem } from './listing-mapping.ts';
import type { Item } from '../../../shared/api/items.ts';

/** The copy as the app reads it; null when there is none or it does not parse. */
export function readListingCopy(json: string | null | undefined): ListingCopy | null {
  if (!json) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.fields === 'object' && record.fields !== null) return record as ListingCopy;
  return copyOfRecord(record as Partial<Item>);
}

/** The copy as the cache stores it. */
export const writeListingCopy = (copy: ListingCopy): string => JSON.stringify(copy);

/** Only well-formed photo records (a damaged one is left out, never an error). */
function photosOf(images: unknown): MarketPhoto[] {
  if (!Array.isArray(images)) return [];
  return images.flatMap((i: { id?: unknown; links?: { thumbnail?: unknown } }) =>
    typeof i?.id === 'number' && typeof i.links?.thumbnail === 'string' ? [{ id: i.id, thumbnail: i.links.thumbnail }] : []);
}

const SUMMARY_KEYS = ['saleMethod', 'title', 'categoryId', 'buyNowPrice', 'postalCode'] as const;

/** A /1.1 record as kept before: a key it lacks stays absent ("not known"), as it was. */
function copyOfRecord(old: Partial<Item>): ListingCopy {
  const has = (key: keyof Item) => key in old;
  let fields: ListingFields = {};
  // A whole Item (its requirements are in no summary); else the fields a summary told.
  if (has('requirements')) fields = fieldsOfItem(old as Item);
  else for (const key of SUMMARY_KEYS) if (has(key)) fields[key] = old[key];
  return {
    id: old.id as number,
    status: old.status as ListingStatus,
    fields,
    ...(has('currentPrice') ? { currentPrice: old.currentPrice ?? null } : {}),
    ...(has('bidderCount') ? { bidderCount: old.bidderCount ?? 0 } : {}),
    ...(has('offerCount') ? { offerCount: old.offerCount ?? 0 } : {}),
    ...(has('listTime') ? { listedAt: old.listTime ?? null } : {}),
    ...(has('closingTime') ? { closesAt: old.closingTime ?? null } : {}),
    ...(has('hasReservePrice') ? { hasReserve: old.hasReservePrice ?? false } : {}),
    ...(has('hasReservePriceExceeded') ? { reserveMet: old.hasReservePriceExceeded ?? false } : {}),
    ...(has('images') ? { photos: photosOf(old.images) } : {}),
    ...(has('quantity') ? { unitsLeft: old.quantity ?? null } : {}),
    ...(has('republish') ? { relistsUnsold: old.republish ?? false } : {}),
    ...(has('republishedFrom') ? { relistOf: old.republishedFrom ?? null } : {}),
    ...(has('originalId') ? { copyOf: old.originalId ?? null } : {}),
    // As a summary copy written now: null when the marketplace did not say.
    changedAt: old.updated ?? null,
  };
}
