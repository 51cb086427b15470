// 2.2 item, 2.3 item summary, 2.4 item list, and the create/edit parameters of 4.4.
import { z } from 'zod';
import { formArray, FormFlag, FormInt, FormNumber, PageLinks, RequestTime, safeText, Timestamp, Url } from './common.ts';
import { Condition, DeliveryMethod, ItemStatus, PaymentMethod, SaleMethod, Upgrade } from './enums.ts';
import { ImageRecord } from './images.ts';
import { LIMITS } from '../items/marketplace-limits.ts';

// The marketplace's fixed bounds are the app's (shared/items/marketplace-limits.ts): the REST
// schemas below take them from there, and the modules that import them from here keep working.
export { LIMITS } from '../items/marketplace-limits.ts';

const CategoryRef = z.object({ id: z.number().int(), name: z.string() });

/** 2.2: the full item. Fields a draft has not set yet are null. */
export const Item = z
  .object({
    id: z.number().int(),
    links: z.object({
      self: Url,
      images: Url,
      bids: Url,
      offers: Url,
      questions: Url,
      seller: Url,
      category: Url.nullable(),
      alternative: Url,
    }),
    title: z.string().nullable(),
    description: z.string().nullable(),
    status: ItemStatus,
    saleMethod: SaleMethod.nullable(),
    condition: Condition.nullable(),
    startingPrice: z.number().nullable(),
    currentPrice: z.number().nullable(),
    buyNowPrice: z.number().nullable(),
    minimumIncrease: z.number().nullable(),
    bidderCount: z.number().int(),
    hasReservePrice: z.boolean(),
    hasReservePriceExceeded: z.boolean(),
    quantity: z.number().int().nullable(),
    listTime: Timestamp.nullable(),
    closingTime: Timestamp.nullable(),
    location: z.string().nullable(),
    postalCode: z.string(),
    seller: z.string(),
    mainCategory: CategoryRef.nullable(),
    sectionCategory: CategoryRef.nullable(),
    subCategory: CategoryRef.nullable(),
    /** Empty when the seller gave none (the parameter is optional): the delivery terms say how. */
    deliveryMethods: z.array(DeliveryMethod).describe('Empty when the seller gave none (the parameter is optional): then deliveryTerms say how the item is delivered.'),
    deliveryPrice: z.number().nullable(),
    deliveryTerms: z.string().nullable(),
    paymentMethods: z.array(PaymentMethod),
    images: z.array(ImageRecord),
    requirements: z.object({ identificationRequired: z.boolean(), minimumFeedback: z.number().int() }),
    vat: z.number().int().nullable(),
    upgrades: z.array(Upgrade),
    updated: Timestamp,
    // Extensions: every editable parameter is returned, so a client can round-trip an edit.
    categoryId: z.number().int().nullable(),
    openDays: z.number().int().nullable(),
    isLocationAbroad: z.boolean(),
    paymentTerms: z.string().nullable(),
    offersAllowed: z.boolean(),
    marginalTax: z.boolean(),
    republish: z.boolean(),
    /** Seen only by the seller; null for everyone else and when not set. */
    reservePrice: z.number().nullable(),
    originalId: z.number().int().nullable(),
    /** Set on items that were republished automatically: the id of the closed original. */
    republishedFrom: z.number().int().nullable(),
    sellerId: z.number().int(),
    offerCount: z.number().int(),
  })
  .meta({ id: 'Item' });
export type Item = z.infer<typeof Item>;

/** 2.3: element of item lists. */
export const ItemSummary = z
  .object({
    id: z.number().int(),
    title: z.string(),
    category: z.string(),
    saleMethod: SaleMethod.nullable(),
    seller: z.string(),
    sellerId: z.number().int(),
    bidderCount: z.number().int(),
    offerCount: z.number().int(),
    buyNowPrice: z.number(),
    currentPrice: z.number(),
    hasReservePrice: z.boolean(),
    hasReservePriceExceeded: z.boolean(),
    listTime: Timestamp.nullable(),
    closingTime: Timestamp.nullable(),
    location: z.string(),
    postalCode: z.string(),
    images: z.array(ImageRecord),
    upgrades: z.array(Upgrade),
    links: z.object({ alternative: Url, category: Url.nullable(), images: Url, self: Url }),
    /** Extension: the item's status (the sales list needs it; harmless elsewhere). */
    status: ItemStatus,
    /**
     * Extension (sync): when the item last changed (the same value as the item's `updated`: its
     * fields, status, price, bids, offer count, images). A client that finds it knows the service
     * also takes `changedSince` on the sales list and has the seller activity feed.
     */
    updated: Timestamp.optional(),
  })
  .meta({ id: 'ItemSummary' });
export type ItemSummary = z.infer<typeof ItemSummary>;

/** 2.4: a paged item list. */
export const ItemList = z
  .object({
    items: z.array(ItemSummary),
    totalCount: z.number().int(),
    updated: Timestamp,
    links: PageLinks.extend({ gallery: Url.optional(), hits: Url.optional() }),
  })
  .meta({ id: 'ItemList' });
export type ItemList = z.infer<typeof ItemList>;

/**
 * 4.4 create/edit parameters. Types and per-field bounds only: the rules that depend on the
 * user, the sale method or the item's state live in the server's item rules, which read the same
 * per-user settings that GET /users/{id}/settings shows. Unknown fields are stripped, not errors.
 */
export const ItemInput = z.object({
  saleMethod: z.string().pipe(SaleMethod),
  title: safeText(z.string().max(LIMITS.titleLength), 'one line'),
  description: safeText(z.string().max(100_000)),
  categoryId: FormInt.pipe(z.number().int().positive()),
  condition: Condition,
  buyNowPrice: FormNumber.pipe(z.number().positive().max(10_000_000)),
  startingPrice: FormNumber.pipe(z.number().min(0).max(10_000_000)),
  minimumIncrease: FormNumber.pipe(z.number().positive().max(1_000_000)),
  quantity: FormInt.pipe(z.number().int().min(1).max(100_000)),
  openDays: FormInt.pipe(z.number().int().min(1).max(365)),
  listTime: RequestTime,
  closingTime: RequestTime,
  postalCode: safeText(z.string().max(10), 'one line'),
  isLocationAbroad: FormFlag,
  deliveryMethods: formArray(DeliveryMethod),
  deliveryPrice: FormNumber.pipe(z.number().min(0).max(100_000)),
  deliveryTerms: safeText(z.string().max(1000)),
  paymentMethods: formArray(PaymentMethod),
  paymentTerms: safeText(z.string().max(LIMITS.paymentTermsLength)),
  identificationRequired: FormFlag,
  minimumFeedback: FormInt.pipe(z.number().int().min(0).max(100_000)),
  republish: FormFlag,
  marginalTax: FormFlag,
  vat: FormInt.pipe(z.number().int().min(0).max(100)),
  offersAllowed: FormFlag,
  /** Extension (premium sellers): the lowest price at which an auction sells. */
  reservePrice: FormNumber.pipe(z.number().positive().max(10_000_000)),
  originalId: FormInt.pipe(z.number().int().positive()),
  status: ItemStatus,
}).partial();
export type ItemInput = z.infer<typeof ItemInput>;

/** The fields of ItemInput that are item data (everything but status and originalId). */
export const ITEM_DATA_FIELDS = Object.keys(ItemInput.shape).filter(
  (k) => k !== 'status' && k !== 'originalId',
) as Array<Exclude<keyof ItemInput, 'status' | 'originalId'>>;
