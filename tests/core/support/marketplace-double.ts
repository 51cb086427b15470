// A double of the marketplace port (electron/core/sync/marketplace-port.ts) for sync and rules
// tests that need no HTTP: listings kept in memory in the port's own types (sync/market-listing.ts,
// sync/marketplace-types.ts), answered as a marketplace without the sync extension would (its
// summaries carry no change time, it keeps no activity feed). It implements the whole port: the
// seller's listings and their summaries, create, read, edit, status steps, delete, photos,
// categories, settings, questions, offers and decisions, bids. The real service over HTTP stays
// the test of the REST adapter (tests/core/marketplace-adapter.test.ts, sync-*.test.ts,
// api-client.test.ts).
import type { ListingRules } from '../../../shared/items/listing-rules.ts';
import { ApiError } from '../../../electron/core/api/api-error.ts';
import { SUMMARY_FIELDS, type ListingFields, type MarketListing, type MarketListingSummary } from '../../../electron/core/sync/market-listing.ts';
import type { MarketplacePort } from '../../../electron/core/sync/marketplace-port.ts';
import type { MarketBid, MarketOffer, MarketQuestion } from '../../../electron/core/sync/marketplace-types.ts';

export interface MarketplaceDouble {
  port: MarketplacePort;
  listings: Map<number, MarketListing>;
  /** Questions, offers and bids on the listings (a test adds them as buyers would). */
  questions: MarketQuestion[];
  offers: MarketOffer[];
  bids: MarketBid[];

  /** The next create is refused with this 400 (a validation refusal of the marketplace). */
  refuseNextCreate(field: string, code: string, message: string): void;
  calls: string[];
}

/** A listing's summary as the seller's list gives it: what a summary tells, no units or relisting. */
function summaryOf(listing: MarketListing): MarketListingSummary {
  const { id, status, currentPrice, bidderCount, offerCount, listedAt, closesAt, hasReserve, reserveMet, photos } = listing;
  const fields = Object.fromEntries(SUMMARY_FIELDS.map((f) => [f, listing.fields[f] ?? null]));
  return { id, status, fields, currentPrice, bidderCount, offerCount, listedAt, closesAt, hasReserve, reserveMet, photos, changedAt: null };
}

/** What a new draft holds before its values: every field not set, the options at their defaults. */
const BLANK_FIELDS: ListingFields = {
  saleMethod: null, title: null, description: null, categoryId: null, condition: null, buyNowPrice: null, startingPrice: null,
  minimumIncrease: null, quantity: null, openDays: null, listTime: null, closingTime: null, postalCode: '', isLocationAbroad: 0,
  deliveryMethods: [], deliveryPrice: null, deliveryTerms: null, paymentMethods: [], paymentTerms: null, identificationRequired: 0,
  minimumFeedback: 0, republish: 0, marginalTax: 0, vat: null, offersAllowed: 1, reservePrice: null,
};

export function marketplaceDouble(userId = 1_000_001, settings?: ListingRules): MarketplaceDouble {
  const listings = new Map<number, MarketListing>();
  const questions: MarketQuestion[] = [];
  const offers: MarketOffer[] = [];
  const bids: MarketBid[] = [];
  const calls: string[] = [];
  const uploads = new Map<string, number>();
  let nextId = 600_000_001;
  let nextPhoto = 700_000_001;
  let refusal: ApiError | null = null;
  const stamp = () => new Date().toISOString().slice(0, 19) + '+0200';
  const notFound = (what: string, id: number) => new ApiError({ status: 404, code: 'not_found', field: null, message: `no ${what} ${id}`, retryable: false, mayHaveReached: true });
  const get = (id: number) => {
    const listing = listings.get(id);
    if (!listing) throw notFound('item', id);
    return listing;
  };
  const put = (listing: MarketListing) => {
    const changed = { ...listing, changedAt: stamp() };
    listings.set(changed.id, changed);
    return changed;
  };
  const withFields = (listing: MarketListing, given: ListingFields): MarketListing => {
    const fields = { ...listing.fields, ...given };
    const unitsLeft = typeof fields.quantity === 'number' ? fields.quantity : null;
    return { ...listing, fields, unitsLeft, relistsUnsold: fields.republish === 1 };
  };
  const photo = (id: number) => ({ id, thumbnail: `http://marketplace.invalid/1.1/images/${id}/thumbnail` });

  const port: MarketplacePort = {
    draftLimit: 10,
    login: async () => { calls.push('login'); return { userId }; },
    me: async () => { calls.push('me'); return userId; },
    categories: async () => {
      calls.push('categories');
      return [{ id: 101, title: 'Huonekalut', titleEn: 'Furniture', children: [{ id: 1010, title: 'Pöydät', titleEn: 'Tables', children: [{ id: 10102, title: 'Ruokapöydät', titleEn: 'Dining tables', children: [] }] }] }];
    },
    listingRules: async () => {
      calls.push('listingRules');
      if (!settings) throw new Error('the marketplace double has no settings: give them to marketplaceDouble()');
      return settings;
    },
    // The seller's listings of the status asked for, a page at a time.
    listings: async (_user, query) => {
      calls.push('listings');
      const all = [...listings.values()]
        .filter((l) => query.status === 'all' || l.status === query.status)
        .filter((l) => !query.sold || l.bidderCount > 0 || (l.fields.saleMethod === 'buy-now' && l.unitsLeft === 0));
      const limit = query.limit ?? 50;
      const page = query.page ?? 1;
      const listed = all.slice((page - 1) * limit, page * limit);
      return { listings: listed.map(summaryOf), total: all.length, mark: stamp(), more: page * limit < all.length && listed.length > 0 };
    },
    listing: async (id) => { calls.push('listing'); return get(id); },
    createListing: async (input, options) => {
      calls.push('createListing');
      if (refusal) {
        const error = refusal;
        refusal = null;
        throw error;
      }
      // The same key again is the same create (the marketplace's answer to it, as it now is).
      const again = uploads.get(`create ${options.idempotencyKey}`);
      if (again !== undefined && listings.has(again)) return get(again);
      const id = nextId++;
      const blank: MarketListing = {
        id, status: 'draft', fields: BLANK_FIELDS, currentPrice: null, bidderCount: 0, offerCount: 0, listedAt: null, closesAt: null,
        hasReserve: false, reserveMet: false, photos: [], unitsLeft: null, relistsUnsold: false, relistOf: null, copyOf: null, changedAt: stamp(),
      };
      const made = 'copyOf' in input ? { ...withFields(blank, get(input.copyOf).fields), copyOf: input.copyOf } : withFields(blank, input.fields);
      uploads.set(`create ${options.idempotencyKey}`, id);
      return put(made);
    },
    editListing: async (id, fields) => { calls.push('editListing'); return put(withFields(get(id), fields)); },
    changeStatus: async (id, to) => { calls.push(`changeStatus ${to}`); return put({ ...get(id), status: to }); },
    deleteListing: async (id) => {
      calls.push('deleteListing');
      get(id);
      listings.delete(id);
    },

    photosOf: async (id) => { calls.push('photosOf'); return get(id).photos.map((p) => p.id); },
    uploadPhoto: async (id, _bytes, options) => {
      calls.push('uploadPhoto');
      const listing = get(id);
      const known = uploads.get(`photo ${options.idempotencyKey}`);
      if (known !== undefined) return known;
      const photoId = nextPhoto++;
      uploads.set(`photo ${options.idempotencyKey}`, photoId);
      put({ ...listing, photos: [...listing.photos, photo(photoId)] });
      return photoId;
    },
    deletePhoto: async (id, photoId) => {
      calls.push('deletePhoto');
      const listing = get(id);
      if (!listing.photos.some((p) => p.id === photoId)) throw notFound('image', photoId);
      put({ ...listing, photos: listing.photos.filter((p) => p.id !== photoId) });
    },
    orderPhotos: async (id, order) => {
      calls.push('orderPhotos');
      const listing = get(id);
      const ordered = [...order.map(photo), ...listing.photos.filter((p) => !order.includes(p.id))];
      return put({ ...listing, photos: ordered }).photos.map((p) => p.id);
    },

    listingState: async (id) => {
      calls.push('listingState');
      const listing = get(id);
      const method = listing.fields.saleMethod;
      return { status: listing.status, saleMethod: method === 'auction' || method === 'buy-now' ? method : null, unitsLeft: listing.unitsLeft };
    },
    listQuestions: async (itemId) => { calls.push('listQuestions'); return questions.filter((q) => q.itemId === itemId); },
    getQuestion: async (itemId, id) => {
      calls.push('getQuestion');
      const question = questions.find((q) => q.itemId === itemId && q.id === id);
      if (!question) throw notFound('question', id);
      return question;
    },
    answerQuestion: async (itemId, id, answer) => {
      calls.push('answerQuestion');
      const i = questions.findIndex((q) => q.itemId === itemId && q.id === id);
      if (i < 0) throw notFound('question', id);
      const answered = { ...questions[i]!, answer, answeredAt: stamp() };
      questions[i] = { ...answered, record: JSON.stringify({ ...answered, record: undefined }) };
      return questions[i];
    },
    listOffers: async (itemId) => { calls.push('listOffers'); return offers.filter((o) => o.itemId === itemId); },
    getOffer: async (itemId, offerId) => {
      calls.push('getOffer');
      const offer = offers.find((o) => o.itemId === itemId && o.id === offerId);
      if (!offer) throw notFound('offer', offerId);
      return offer;
    },
    // As the marketplace's accept does: one unit of a buy-now listing (closed with its last), the whole of an auction.
    decideOffer: async (itemId, offerId, decision) => {
      calls.push(`decideOffer ${decision}`);
      const i = offers.findIndex((o) => o.itemId === itemId && o.id === offerId);
      if (i < 0) throw notFound('offer', offerId);
      if (offers[i]!.state !== 'pending') throw new ApiError({ status: 409, code: 'offer_not_pending', field: null, message: 'the offer is decided', retryable: false, mayHaveReached: true });
      const decided = { ...offers[i]!, state: decision, changedAt: stamp(), record: JSON.stringify({ ...offers[i], state: decision }) };
      offers[i] = decided;
      if (decision === 'accepted') {
        const listing = get(itemId);
        const buyNow = listing.fields.saleMethod === 'buy-now';
        const left = buyNow ? Math.max(0, (listing.unitsLeft ?? 1) - 1) : listing.unitsLeft;
        put({ ...listing, unitsLeft: left, status: !buyNow || left === 0 ? 'closed' : listing.status });
      }
      return decided;
    },
    listBids: async (itemId) => { calls.push('listBids'); return bids.filter((b) => b.itemId === itemId); },
    // A marketplace without the activity feed: the sync reads each watched listing's lists.
    tradingSince: async () => { calls.push('tradingSince'); return null; },
  };

  return {
    port,
    listings,
    questions,
    offers,
    bids,
    calls,
    refuseNextCreate(field, code, message) {
      refusal = new ApiError({ status: 400, code, field, message, retryable: false, mayHaveReached: true });
    },
  };
}
