// The marketplace in the app's own words: what the sync, the rules and the reads take from a
// marketplace and give it, whatever interface it has. The /1.1 REST adapter
// (electron/core/api/marketplace-adapter.ts) maps its answers to these and these to its bodies;
// nothing above it knows a REST shape. Times a screen shows as written stay in the marketplace's
// form (`YYYY-MM-DDTHH:MM:SS+hhmm`); `record` is what the marketplace said, kept as the cache's
// copy of it (never read for facts: those are fields here).

/** A listing's status, in the words the cache keeps (items.status). */
export const LISTING_STATUSES = ['draft', 'preview', 'published', 'closed', 'disabled', 'waiting'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** What a decision on an offer needs to know of its listing now. */
export interface ListingState {
  status: ListingStatus;
  saleMethod: 'auction' | 'buy-now' | null;
  /** Units still for sale; null: not known. */
  unitsLeft: number | null;
}

/** A buyer's question on a listing, and the seller's answer once given. */
export interface MarketQuestion {
  id: number;
  itemId: number;
  question: string;
  answer: string | null;
  /** The buyer, as the marketplace names them to the seller. */
  author: string;
  askedAt: string;
  answeredAt: string | null;
  record: string;
}

export type OfferState = 'pending' | 'accepted' | 'refused' | 'cancelled' | 'expired';
/** The seller's decision on an offer. */
export type OfferDecision = 'accepted' | 'refused';

/** A buyer's offer on a listing. */
export interface MarketOffer {
  id: number;
  itemId: number;
  amount: number;
  message: string | null;
  state: OfferState;
  author: string;
  /** When the offer stops being open. */
  expiresAt: string;
  /** When it last changed (an accepted offer: its acceptance). */
  changedAt: string;
  record: string;
}

/** A bid on a listing (on a buy-now listing: a purchase of `units`). */
export interface MarketBid {
  id: number;
  itemId: number;
  amount: number;
  at: string;
  /** Masked for everyone but the seller and the bidder. */
  bidder: string;
  units: number;
  record: string;
}

/** Questions and offers on the seller's listings changed since a mark, a page at a time. */
export interface TradingPage {
  questions: MarketQuestion[];
  offers: MarketOffer[];
  /** Pass as `since` next time (what changed in its second comes again). */
  mark: string;
  /** Another page follows. */
  more: boolean;
}

/** A category of the marketplace's tree, its subcategories within. */
export interface MarketCategory {
  id: number;
  title: string;
  /** Its English name, where the marketplace has one. */
  titleEn: string | null;
  children: MarketCategory[];
}
