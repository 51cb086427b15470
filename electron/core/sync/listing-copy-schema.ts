// The cache's copy of what the marketplace said of a listing (items.server_copy) as a zod schema:
// the copy is read from a file that may come from a backup on a stick, so every value in it is
// checked before the sync compares it, a photo is fetched or the copy is written back. The types
// of market-listing.ts are this schema's (ListingFields is its output, ListingCopy and MarketPhoto
// are checked against it both ways below), so the two cannot drift.
//
// What a bad value costs (api/listing-copy.ts reads with this and writes only what passes it):
// - the listing's identity and facts (id, status, prices, counts, times, units, relisting): the
//   whole copy is refused (read as none, so the sync reads the listing again). Left out one by one
//   they would read as "not known", and a sale would be seen where there was none (soldSince
//   takes a missing bidder count or units left as 0).
// - one field's value: that field is left out ("not known"), the rest of the copy stays;
// - one photo: that photo is left out. A copy missing a field the sync compares (title, buy-now
//   price) or a photo no longer matches the next summary, so the listing is read again and its
//   copy written whole.
import { z } from 'zod';
import {
  CONDITIONS, DELIVERY_METHODS, ITEM_FIELDS, PAYMENT_METHODS, SALE_METHODS, type RestFieldName,
} from '../../../shared/items/item-fields.ts';
import type { ListingCopy, MarketPhoto } from './market-listing.ts';
import { LISTING_STATUSES } from './marketplace-types.ts';

const MAX_ID = Number.MAX_SAFE_INTEGER;
/** More photos than any marketplace shows on a listing: a longer list is not a listing's. */
export const MAX_COPY_PHOTOS = 100;
/** A thumbnail's address is a link, not a document. */
const MAX_URL_LENGTH = 2048;

const id = z.number().int().positive().max(MAX_ID);
const count = z.number().int().min(0).max(MAX_ID);
/** A field's time as a draft keeps it (listTime, closingTime: `YYYY-MM-DD HH:MM:SS`). */
const draftTime = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
/** A fact's time as the marketplace writes it (`YYYY-MM-DDTHH:MM:SS+hhmm`). */
const marketTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{4}$/);

// A field's value in the cache's form (the registry's kind), within the registry's fixed bounds:
// the marketplace refuses anything else on input, so it never says anything else.
type Bounds = { min?: number; max?: number; maxLength?: number };
const text = (def: Bounds & { maxLength: number }) => z.string().max(def.maxLength);
const amount = (def: Bounds & { min: number; max: number }) => z.number().min(def.min).max(def.max);
const whole = (def: Bounds & { min: number; max: number }) => z.number().int().min(def.min).max(def.max);
const flag = z.union([z.literal(0), z.literal(1)]);
const list = <const T extends readonly [string, ...string[]]>(options: T) => z.array(z.enum(options)).max(options.length);

/** A value that fails its field's check is left out; null: the field is not set. */
const field = <T extends z.ZodType>(value: T) => value.nullable().optional().catch(undefined);

const f = ITEM_FIELDS;
/** Each REST field of the registry by its app name: a field added there is named here by the compiler. */
const FIELD_SHAPE = {
  saleMethod: field(z.enum(SALE_METHODS)),
  title: field(text(f.title)),
  description: field(text(f.description)),
  categoryId: field(id.max(2 ** 31)),
  condition: field(z.enum(CONDITIONS)),
  buyNowPrice: field(amount(f.buyNowPrice)),
  startingPrice: field(amount(f.startingPrice)),
  minimumIncrease: field(amount(f.minimumIncrease)),
  reservePrice: field(amount(f.reservePrice)),
  // The units left once listed: 0 when bought out, which no input may say.
  quantity: field(whole({ ...f.quantity, min: 0 })),
  offersAllowed: field(flag),
  openDays: field(whole(f.openDays)),
  listTime: field(draftTime),
  closingTime: field(draftTime),
  republish: field(flag),
  isLocationAbroad: field(flag),
  postalCode: field(text(f.postalCode)),
  deliveryMethods: field(list(DELIVERY_METHODS)),
  deliveryPrice: field(amount(f.deliveryPrice)),
  deliveryTerms: field(text(f.deliveryTerms)),
  paymentMethods: field(list(PAYMENT_METHODS)),
  paymentTerms: field(text(f.paymentTerms)),
  identificationRequired: field(flag),
  minimumFeedback: field(whole(f.minimumFeedback)),
  marginalTax: field(flag),
  vat: field(whole(f.vat)),
} satisfies Record<RestFieldName, z.ZodType>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyRestField: Same<keyof typeof FIELD_SHAPE, RestFieldName> = true;
void everyRestField;

/** Keys whose value was left out are removed, not kept as undefined: absent is "not known". */
function withoutLeftOut<T extends object>(value: T): T {
  for (const key of Object.keys(value) as Array<keyof T>) if (value[key] === undefined) delete value[key];
  return value;
}

/**
 * The seller's editable fields as the marketplace has them, keyed by the registry's names, in the
 * cache's value forms (flags 0/1, times as a draft's, lists of the registry's options); null: not
 * set; absent: not known (a summary does not tell it). Keys the registry does not know are dropped.
 */
export const ListingFieldsSchema = z.object(FIELD_SHAPE).transform(withoutLeftOut);

/** Only a web address: the thumbnail is fetched through the marketplace's `media`, which also
 * refuses any origin but the marketplace's own (api/client.ts). */
const webAddress = z.string().max(MAX_URL_LENGTH).refine((url) => /^https?:\/\//i.test(url) && URL.canParse(url), 'not a web address');

export const MarketPhotoSchema = z.object({ id, thumbnail: webAddress });

/** A bad photo is left out, the others kept in their order. */
const photoList = z
  .array(MarketPhotoSchema.nullable().catch(null))
  .max(MAX_COPY_PHOTOS)
  .transform((photos) => photos.filter((photo) => photo !== null));

/** The cache's copy of a listing: a whole listing or a summary (a key a summary does not tell is absent). */
export const ListingCopySchema = z.object({
  id,
  status: z.enum(LISTING_STATUSES),
  fields: ListingFieldsSchema,
  currentPrice: z.number().min(0).nullable().optional(),
  bidderCount: count.optional(),
  offerCount: count.optional(),
  listedAt: marketTime.nullable().optional(),
  closesAt: marketTime.nullable().optional(),
  hasReserve: z.boolean().optional(),
  reserveMet: z.boolean().optional(),
  photos: photoList.optional(),
  unitsLeft: count.nullable().optional(),
  relistsUnsold: z.boolean().optional(),
  relistOf: id.nullable().optional(),
  copyOf: id.nullable().optional(),
  changedAt: marketTime.nullable().optional(),
});

// The app's types (market-listing.ts) are what these schemas give, both ways.
const copyIsListingCopy: Same<z.output<typeof ListingCopySchema>, ListingCopy> = true;
const photoIsMarketPhoto: Same<z.output<typeof MarketPhotoSchema>, MarketPhoto> = true;
void copyIsListingCopy;
void photoIsMarketPhoto;
