// A seller's listing in the app's own words, beside the port's other types (marketplace-types.ts):
// what the sync reads of a listing and its list summary, what a create or an edit sends, a status
// step, and a page of the seller's listings. The /1.1 adapter maps its shapes to these in one
// place (electron/core/api/listing-mapping.ts); nothing above it parses a REST record. The cache
// keeps a listing or a summary, serialized as these types, as its copy of what the marketplace
// said (items.server_copy: read by readListingCopy, api/listing-copy.ts).
import type { z } from 'zod';
import type { RestFieldName } from '../../../shared/items/item-fields.ts';
import type { ListingFieldsSchema } from './listing-copy-schema.ts';
import type { ListingStatus } from './marketplace-types.ts';

/**
 * The seller's editable fields as the marketplace has them, keyed by the item-field registry's
 * names (shared/items/item-fields.ts) and in the cache's value forms (flags 0/1, times as a
 * draft's `YYYY-MM-DD HH:MM:SS`, lists of the registry's options), within the registry's fixed
 * bounds; null: not set. The schema of listing-copy-schema.ts gives the type. What the app makes
 * of them (which it takes, which default means "not set") is server-fields.ts's decision, not the
 * marketplace's.
 */
export type ListingFields = z.output<typeof ListingFieldsSchema>;

/** The fields a list summary tells (every other field of a listing read from it is not known). */
export const SUMMARY_FIELDS = ['saleMethod', 'title', 'categoryId', 'buyNowPrice', 'postalCode'] as const satisfies readonly RestFieldName[];
export type SummaryField = (typeof SUMMARY_FIELDS)[number];

/** A photo of a listing, in the order buyers see them. */
export interface MarketPhoto {
  id: number;
  /** Where its thumbnail is (fetched through the marketplace's `media`). */
  thumbnail: string;
}

/** What every record of a listing tells, whole or summary. */
interface ListingBasics {
  id: number;
  status: ListingStatus;
  /** The highest bid, or the price paid; null: none yet. */
  currentPrice: number | null;
  bidderCount: number;
  offerCount: number;
  /** Its list and closing times as the marketplace writes them (`YYYY-MM-DDTHH:MM:SS+hhmm`): the listing's facts, not a draft's fields. */
  listedAt: string | null;
  closesAt: string | null;
  hasReserve: boolean;
  /** The highest bid is over the reserve price. */
  reserveMet: boolean;
  photos: MarketPhoto[];
}

/** A listing read in full. */
export interface MarketListing extends ListingBasics {
  fields: ListingFields;
  /** Units still for sale (0: a buy-now listing bought out); null: not set. */
  unitsLeft: number | null;
  /** The marketplace relists it by itself if it closes unsold. */
  relistsUnsold: boolean;
  /** The closed listing this one relists (the marketplace's own relisting). */
  relistOf: number | null;
  /** The listing this one was made as a copy of. */
  copyOf: number | null;
  /** When it last changed anywhere (fields, status, price, bids, offers, photos). */
  changedAt: string;
}

/** A listing as the seller's list tells it (500 a page): a few fields and facts, never units or relisting. */
export interface MarketListingSummary extends ListingBasics {
  fields: Pick<ListingFields, SummaryField>;
  /** When it last changed; null: this marketplace does not say (no sync extension: every pull lists everything). */
  changedAt: string | null;
}

/**
 * What the cache keeps as the marketplace's word on a listing (items.server_copy): a whole
 * listing or a summary; a key a summary does not tell is absent ("not known"). Checked by
 * ListingCopySchema (listing-copy-schema.ts) on every read and write.
 */
export type ListingCopy = Pick<MarketListing, 'id' | 'status'> & Partial<Omit<MarketListing, 'id' | 'status' | 'fields' | 'changedAt'>> & {
  fields: ListingFields;
  changedAt?: string | null;
};

/** What a create sends: the draft's field values (only those set), or a copy of a listing the seller has. */
export type ListingInput = { fields: ListingFields } | { copyOf: number };

/** The status steps a seller takes (a publish with a future list time makes it `waiting`). */
export const LISTING_STEPS = ['draft', 'preview', 'published', 'closed'] as const;
export type ListingStep = (typeof LISTING_STEPS)[number];

/** Which of the seller's listings to list, a page at a time. */
export interface ListingQuery {
  status: 'all' | 'draft' | 'closed';
  /** Only those that sold. */
  sold?: boolean;
  page?: number;
  limit?: 50 | 500;
  /** Only those changed since a page's `mark` (a marketplace with the sync extension). */
  changedSince?: string;
}

/** A page of the seller's listings. */
export interface ListingPage {
  listings: MarketListingSummary[];
  /** How many the whole list holds. */
  total: number;
  /** The marketplace's time of this answer: `changedSince` of the next incremental listing. */
  mark: string;
  /** Another page follows. */
  more: boolean;
}
