// A double of the marketplace port (electron/core/sync/marketplace-port.ts) for sync tests that
// need no HTTP: items kept in memory, answered in the shapes of shared/api/. It does only what
// these tests call (sign-in, the seller's drafts, create, read, edit, status); any other call
// throws, so a test never passes on an answer the double made up. The real service over HTTP
// stays the test of the REST adapter (tests/core/sync-*.test.ts, api-client.test.ts).
import type { Item, ItemInput } from '../../../shared/api/items.ts';
import { ApiError } from '../../../electron/core/api/api-error.ts';
import type { MarketplacePort } from '../../../electron/core/sync/marketplace-port.ts';

export interface MarketplaceDouble {
  port: MarketplacePort;
  items: Map<number, Item>;
  /** The next create is refused with this 400 (a validation refusal of the marketplace). */
  refuseNextCreate(field: string, code: string, message: string): void;
  calls: string[];
}

export function marketplaceDouble(userId = 1_000_001): MarketplaceDouble {
  const items = new Map<number, Item>();
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
    login: async () => { calls.push('login'); return { id: 'token', userId, expiresAt: Date.now() + 3_600_000 } as Awaited<ReturnType<MarketplacePort['login']>>; },
    me: async () => { calls.push('me'); return userId; },
    sales: async (_user, query = {}) => {
      calls.push('sales');
      const drafts = [...items.values()].filter((i) => query.status === undefined || i.status === query.status);
      return { items: drafts.map((i) => ({ id: i.id, status: i.status })), links: { next: null } } as unknown as Awaited<ReturnType<MarketplacePort['sales']>>;
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
    calls,
    refuseNextCreate(field, code, message) {
      refusal = new ApiError({ status: 400, code, field, message, retryable: false, mayHaveReached: true });
    },
  };
}
