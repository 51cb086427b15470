// Item rows to the response shapes of 2.2 (full item), 2.3 (summary) and 2.5 (image record).
// The only place these shapes are built, so every list and detail agrees.
import type { Db } from '../db/open.ts';
import type { Item, ItemSummary, ImageRecord, Upgrade, DeliveryMethod, PaymentMethod } from '../../shared/api/index.ts';
import { categoryTree } from '../domain/categories.ts';
import { imagesOfItems, type ImageRow } from '../domain/images/image-row.ts';
import type { ItemRow, ItemWithSeller } from '../domain/items/item-row.ts';
import type { TimeZone } from '../domain/time.ts';
import type { LinkBuilder } from '../http/links.ts';

export interface ViewContext {
  db: Db;
  tz: TimeZone;
  links: LinkBuilder;
  /** The caller's user id, or null: the seller sees private fields (reserve price). */
  viewerId: number | null;
  /** Summaries carry `updated` (the sync extension) unless this is false (a service without it). */
  summaryUpdated?: boolean;
}

export function imageRecord(links: LinkBuilder, image: Pick<ImageRow, 'id' | 'item_id'>): ImageRecord {
  const file = (rendition: string) => links.absolute(`/media/images/${image.id}/${rendition}`);
  return {
    id: image.id,
    links: {
      thumbnail: file('thumbnail'),
      medium: file('medium'),
      original: file('original'),
      self: links.api(`/items/${image.item_id}/images/${image.id}`),
    },
  };
}

/** The price an item stands at now: the leading bid, or the starting or buy-now price. */
export function currentPriceOf(item: ItemRow): number | null {
  if (item.sale_method === 'buy-now') return item.buy_now_price;
  return item.current_price ?? item.starting_price;
}

export function reserveExceeded(item: ItemRow): boolean {
  return item.reserve_price !== null && item.bidder_count > 0 && (item.current_price ?? 0) >= item.reserve_price;
}

const parseList = <T>(json: string): T[] => JSON.parse(json) as T[];

export function itemView(item: ItemWithSeller, ctx: ViewContext, images?: ImageRow[]): Item {
  const { tz, links } = ctx;
  const tree = categoryTree(ctx.db);
  const path = item.category_id === null ? [] : tree.path(item.category_id);
  const ref = (level: number) => {
    const c = path.find((p) => p.level === level);
    return c ? { id: c.id, name: c.title } : null;
  };
  const ownImages = images ?? imagesOfItems(ctx.db, [item.id]).get(item.id) ?? [];
  const isSeller = ctx.viewerId === item.seller_id;
  return {
    id: item.id,
    links: {
      self: links.api(`/items/${item.id}`),
      images: links.api(`/items/${item.id}/images`),
      bids: links.api(`/items/${item.id}/bids`),
      offers: links.api(`/items/${item.id}/offers`),
      questions: links.api(`/items/${item.id}/questions`),
      seller: links.api(`/users/${item.seller_id}`),
      category: item.category_id === null ? null : links.api(`/categories/${item.category_id}`),
      alternative: links.page(`/items/${item.id}`),
    },
    title: item.title,
    description: item.description,
    status: item.status,
    saleMethod: item.sale_method,
    condition: item.condition,
    startingPrice: item.starting_price,
    currentPrice: currentPriceOf(item),
    buyNowPrice: item.buy_now_price,
    minimumIncrease: item.minimum_increase,
    bidderCount: item.bidder_count,
    hasReservePrice: item.reserve_price !== null,
    hasReservePriceExceeded: reserveExceeded(item),
    quantity: item.sale_method === 'buy-now' ? item.quantity_left ?? item.quantity : item.quantity,
    listTime: item.list_time === null ? null : tz.format(item.list_time),
    closingTime: item.closing_time === null ? null : tz.format(item.closing_time),
    location: item.location,
    postalCode: item.postal_code,
    seller: item.seller_name,
    mainCategory: ref(1),
    sectionCategory: ref(2),
    subCategory: ref(3),
    deliveryMethods: parseList<DeliveryMethod>(item.delivery_methods),
    deliveryPrice: item.delivery_price,
    deliveryTerms: item.delivery_terms,
    paymentMethods: parseList<PaymentMethod>(item.payment_methods),
    images: ownImages.map((img) => imageRecord(links, img)),
    requirements: { identificationRequired: item.identification_required === 1, minimumFeedback: item.minimum_feedback },
    vat: item.vat,
    upgrades: parseList<Upgrade>(item.upgrades),
    updated: tz.format(item.updated),
    categoryId: item.category_id,
    openDays: item.open_days,
    isLocationAbroad: item.is_location_abroad === 1,
    paymentTerms: item.payment_terms,
    offersAllowed: item.offers_allowed === 1,
    marginalTax: item.marginal_tax === 1,
    republish: item.republish === 1,
    reservePrice: isSeller ? item.reserve_price : null,
    originalId: item.original_id,
    republishedFrom: item.republished_from,
    sellerId: item.seller_id,
    offerCount: item.offer_count,
  };
}

/** Summaries of many items, with their images read in one query. */
export function summaryViews(items: ItemWithSeller[], ctx: ViewContext): ItemSummary[] {
  const images = imagesOfItems(
    ctx.db,
    items.map((i) => i.id),
  );
  const tree = categoryTree(ctx.db);
  const { tz, links } = ctx;
  return items.map((item) => ({
    id: item.id,
    title: item.title ?? '',
    category: item.category_id === null ? '' : (tree.byId.get(item.category_id)?.title ?? ''),
    saleMethod: item.sale_method,
    seller: item.seller_name,
    sellerId: item.seller_id,
    bidderCount: item.bidder_count,
    offerCount: item.offer_count,
    buyNowPrice: item.buy_now_price ?? 0,
    currentPrice: currentPriceOf(item) ?? 0,
    hasReservePrice: item.reserve_price !== null,
    hasReservePriceExceeded: reserveExceeded(item),
    listTime: item.list_time === null ? null : tz.format(item.list_time),
    closingTime: item.closing_time === null ? null : tz.format(item.closing_time),
    location: item.location ?? '',
    postalCode: item.postal_code,
    images: (images.get(item.id) ?? []).map((img) => imageRecord(links, img)),
    upgrades: parseList<Upgrade>(item.upgrades),
    links: {
      alternative: links.page(`/items/${item.id}`),
      category: item.category_id === null ? null : links.api(`/categories/${item.category_id}`),
      images: links.api(`/items/${item.id}/images`),
      self: links.api(`/items/${item.id}`),
    },
    status: item.status,
    ...(ctx.summaryUpdated === false ? {} : { updated: tz.format(item.updated) }),
  }));
}
