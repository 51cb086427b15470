// The cache's copy of what the marketplace said of a listing (items.server_copy), read back and
// written. It is the app's ListingCopy (sync/market-listing.ts) serialized, with a `fields` object.
// Caches and backups written before that (cache step 24 and older) hold the /1.1 record instead: a
// whole Item, or the Item's keys a summary told. Both are read here, in one function, rather than
// rewritten by a migration: an old backup restored years later reads the same, the first open of a
// shop of 100,000 listings rewrites nothing, and above this file no code parses a /1.1 record.
//
// A cache file may come from a backup on a stick: whatever shape it holds, the copy is checked by
// ListingCopySchema (sync/listing-copy-schema.ts, which says what a bad value costs) before anything
// reads it, and what is written passes the same check, so the app never writes a copy it would
// refuse to read. A copy that does not pass is none (null): the sync reads the listing again.
import { ListingCopySchema } from '../sync/listing-copy-schema.ts';
import type { ListingCopy } from '../sync/market-listing.ts';
import { Item } from '../../../shared/api/items.ts';
import { listingOf } from './listing-mapping.ts';

/** The copy as the app reads it; null when there is none or it does not pass the copy's check. */
export function readListingCopy(json: string | null | undefined): ListingCopy | null {
  if (!json) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const checked = ListingCopySchema.safeParse(Object.hasOwn(value, 'fields') ? value : copyOfRecord(value));
  return checked.success ? checked.data : null;
}

/**
 * The copy as the cache stores it: what passes the copy's check (a field or a photo that does not
 * is left out, as a read leaves it out); null, no copy, when the listing itself does not pass (the
 * sync then reads it again rather than keep a copy it would refuse).
 */
export function writeListingCopy(copy: ListingCopy): string | null {
  const checked = ListingCopySchema.safeParse(copy);
  return checked.success ? JSON.stringify(checked.data) : null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A photo record of an Item or a summary, as the copy's candidate (the copy's check leaves out a bad one). */
function photosOf(images: unknown): unknown {
  if (!Array.isArray(images)) return images;
  return images.map((image: unknown) => (isRecord(image) && isRecord(image.links) ? { id: image.id, thumbnail: image.links.thumbnail } : null));
}

const SUMMARY_KEYS = ['saleMethod', 'title', 'categoryId', 'buyNowPrice', 'postalCode'] as const;

/**
 * A /1.1 record as kept before, as a copy to be checked: a whole Item (it has requirements and
 * passes the REST schema) as its listing, else the fields a summary told (an Item of an older
 * service that fails today's schema too: the rest is read again when its summary next differs). A
 * key the record lacks stays absent ("not known"), as it was; each value is the record's, for the
 * copy's check to judge.
 */
function copyOfRecord(old: Record<string, unknown>): unknown {
  const has = (key: keyof Item) => Object.hasOwn(old, key);
  // Only a whole Item has requirements (no summary tells them): a summary is not parsed as one.
  const item = has('requirements') ? Item.safeParse(old) : null;
  if (item?.success) return listingOf(item.data);
  const fields: Record<string, unknown> = {};
  for (const key of SUMMARY_KEYS) if (has(key)) fields[key] = old[key];
  return {
    id: old.id,
    status: old.status,
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
