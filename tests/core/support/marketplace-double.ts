// A double of the marketplace port (electron/core/sync/marketplace-port.ts) for sync and rules
// tests that need no HTTP: listings kept in memory, answered in the port's types (the listing
// calls still in the /1.1 shapes the port keeps for them), the questions and offers a test puts
// on them in the app's own (sync/marketplace-types.ts). It does only what these tests call (sign-in,
// the seller's listings and their summaries, create, read, edit, status, categories, settings,
// questions, offers and decisions); any other call throws, so a test never passes on an answer
// the double made up. The real service over HTTP stays the test of the REST adapter
// (tests/core/marketplace-adapter.test.ts, sync-*.test.ts, api-client.test.ts).
import type { Item, ItemInput, ItemSummary, UserSettings } from '../../../shared/api/index.ts';
import { ApiError } from '../../../electron/core/api/api-error.ts';
import type { MarketplacePort } from '../../../electron/core/sync/marketplace-port.ts';
import type { MarketOffer, MarketQuestion } from '../../../electron/core/sync/marketplace-types.ts';

export interface MarketplaceDouble {
  port: MarketplacePort;
  items: Map<number, Item>;
  /** Questions and offers on the listings, by the listing's id (a test adds them as buyers would). */
  questions: MarketQuestion[];
  offers: MarketOffer[];

  /** The next create is refused with this 400 (a validation refusal of the marketplace). */
  refuseNextCreate(field: string, code: string, message: string): void;
  calls: string[];
}

/** A listing's summary as the sales list gives it, from the listing itself. */
function summaryOf(item: Item): ItemSummary {
  return {
    id: item.id, title: item.title ?? '', category: '', saleMethod: item.saleMethod, seller: item.seller, sellerId: item.sellerId,
    bidderCount: item.bidderCount, offerCount: item.offerCount, buyNowPrice: item.buyNowPrice ?? 0, currentPrice: item.currentPrice ?? 0,
    hasReservePrice: item.hasReservePrice, hasReservePriceExceeded: item.hasReservePriceExceeded, listTime: item.listTime, closingTime: item.closingTime,
    location: item.location ?? '', postalCode: item.postalCode, images: item.images, upgrades: item.upgrades,
    links: { alternative: item.links.alternative, category: item.links.category, images: item.links.images, self: item.links.self }, status: item.status,
  };
}

export function marketplaceDouble(userId = 1_000_001, settings?: UserSettings): MarketplaceDouble {
  const items = new Map<number, Item>();
  const questions: MarketQuestion[] = [];
  const offers: MarketOffer[] = [];
  const calls: string[] = [];
  let nextId = 600_000_001;
  let refusal: ApiError | null = null;
  const stamp = () => new Date().toISOString().slice(0, 19) + '+02:00';
  const notFound = (id: number) => new ApiError({ status: 404, code: 'not_found', field: null, message: `no item ${id}`, retryable: false, mayHaveReached: true });
  const get = (id: number) => {
    const item = items.get(id);
    if (!item) throw notFound(id);
    return item;
  };
  const apply = (item: Item, input: ItemInput): Item => {
    const v = input as Record<string, unknown>;
    const pick = <K extends keyof Item>(key: K) => (key in v ? (v[key] as Item[K]) : item[key]);
    return {
      ...item,
      title: pick('title'), description: pick('description'), saleMethod: pick('saleMethod'), condition: pick('condition'),
      buyNowPrice: pick('buyNowPrice'), startingPrice: pick('startingPrice'), quantity: pick('quantity'), openDays: pick('openDays'),
      categoryId: pick('categoryId'), postalCode: pick('postalCode'), deliveryMethods: pick('deliveryMethods'),
      paymentMethods: pick('paymentMethods'), updated: stamp(),
    };
  };

  const implemented: Partial<MarketplacePort> = {
    draftLimit: 10,
    login: async () => { calls.push('login'); return { id: 'token', userId, expiresAt: Date.now() + 3_600_000 } as Awaited<ReturnType<MarketplacePort['login']>>; },
    me: async () => { calls.push('me'); return userId; },
    // One page of every listing of the status asked for; its summaries carry no `updated` (a
    // marketplace without the sync extension: each pull lists everything).
    sales: async (_user, query = {}) => {
      calls.push('sales');
      const listed = [...items.values()].filter((i) => query.status === undefined || query.status === 'all' || i.status === query.status)
        .filter((i) => !query.sold || i.bidderCount > 0 || (i.saleMethod === 'buy-now' && i.quantity === 0));
      const self = 'http://marketplace.invalid/1.1/users/sales';
      return { items: listed.map(summaryOf), totalCount: listed.length, updated: stamp(), links: { self, first: self, next: null, previous: null } } as Awaited<ReturnType<MarketplacePort['sales']>>;
    },
    categories: async () => {
      calls.push('categories');
      return [{ id: 101, title: 'Huonekalut', titleEn: 'Furniture', children: [{ id: 1010, title: 'Pöydät', titleEn: 'Tables', children: [] }] }];
    },
    getSettings: async () => {
      calls.push('getSettings');
      if (!settings) throw new Error('the marketplace double has no settings: give them to marketplaceDouble()');
      return settings;
    },
    tradingSince: async () => {
      calls.push('tradingSince');
      return null;
    },
    listQuestions: async (itemId) => {
      calls.push('listQuestions');
      return questions.filter((q) => q.itemId === itemId);
    },
    listOffers: async (itemId) => {
      calls.push('listOffers');
      return offers.filter((o) => o.itemId === itemId);
    },
    listBids: async () => {
      calls.push('listBids');
      return [];
    },
    getOffer: async (itemId, offerId) => {
      calls.push('getOffer');
      const offer = offers.find((o) => o.itemId === itemId && o.id === offerId);
      if (!offer) throw notFound(offerId);
      return offer;
    },
    listingState: async (itemId) => {
      calls.push('listingState');
      const item = get(itemId);
      return { status: item.status, saleMethod: item.saleMethod, unitsLeft: item.quantity };
    },
    // As the marketplace's accept does: one unit of a buy-now listing (closed with its last), the whole of an auction.
    decideOffer: async (itemId, offerId, decision) => {
      calls.push(`decideOffer ${decision}`);
      const i = offers.findIndex((o) => o.itemId === itemId && o.id === offerId);
      if (i < 0) throw notFound(offerId);
      if (offers[i]!.state !== 'pending') throw new ApiError({ status: 409, code: 'offer_not_pending', field: null, message: 'the offer is decided', retryable: false, mayHaveReached: true });
      const decided = { ...offers[i]!, state: decision, changedAt: stamp(), record: JSON.stringify({ ...offers[i], state: decision }) };
      offers[i] = decided;
      if (decision === 'accepted') {
        const item = get(itemId);
        const left = item.saleMethod === 'buy-now' ? Math.max(0, (item.quantity ?? 1) - 1) : item.quantity;
        items.set(itemId, { ...item, quantity: left, status: item.saleMethod !== 'buy-now' || left === 0 ? 'closed' : item.status, updated: stamp() });
      }
      return decided;
    },
    createItem: async (input) => {
      calls.push('createItem');
      if (refusal) {
        const error = refusal;
        refusal = null;
        throw error;
      }
      const id = nextId++;
      const link = `http://marketplace.invalid/1.1/items/${id}`;
      const blank: Item = {
        id, links: { self: link, images: `${link}/images`, bids: `${link}/bids`, offers: `${link}/offers`, questions: `${link}/questions`, seller: `http://marketplace.invalid/1.1/users/${userId}`, category: null, alternative: link },
        title: null, description: null, status: 'draft', saleMethod: null, condition: null, startingPrice: null, currentPrice: null,
        buyNowPrice: null, minimumIncrease: null, bidderCount: 0, hasReservePrice: false, hasReservePriceExceeded: false, quantity: null,
        listTime: null, closingTime: null, location: null, postalCode: '', seller: 'double-seller', mainCategory: null, sectionCategory: null,
        subCategory: null, deliveryMethods: [], deliveryPrice: null, deliveryTerms: null, paymentMethods: [], images: [],
        requirements: { identificationRequired: false, minimumFeedback: 0 }, vat: null, upgrades: [], updated: stamp(), categoryId: null,
        openDays: null, isLocationAbroad: false, paymentTerms: null, offersAllowed: true, marginalTax: false, republish: false,
        reservePrice: null, originalId: null, republishedFrom: null, sellerId: userId, offerCount: 0,
      };
      const item = apply(blank, input);
      items.set(id, item);
      return item;
    },
    getItem: async (id) => { calls.push('getItem'); return get(id); },
    editItem: async (id, input) => {
      calls.push('editItem');
      const item = apply(get(id), input);
      items.set(id, item);
      return item;
    },
    setStatus: async (id, status) => {
      calls.push(`setStatus ${status}`);
      const item = { ...get(id), status, updated: stamp() };
      items.set(id, item);
      return item;
    },
  };

  const port = new Proxy(implemented, {
    get(target, name: string) {
      const method = target[name as keyof MarketplacePort];
      if (method) return method;
      return () => Promise.reject(new Error(`the marketplace double does not answer ${name}`));
    },
  }) as MarketplacePort; // every call is either implemented above or refused

  return {
    port,
    items,
    questions,
    offers,
    calls,
    refuseNextCreate(field, code, message) {
      refusal = new ApiError({ status: 400, code, field, message, retryable: false, mayHaveReached: true });
    },
  };
}
