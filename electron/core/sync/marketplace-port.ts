// The marketplace port: what the sync (push, pull, reconcile), the rules and the reads behind them
// need from a marketplace, and nothing else. The /1.1 REST client's one adapter
// (electron/core/api/marketplace-adapter.ts, made by api/marketplace.ts) implements it; a second
// marketplace would be a second adapter with its own mapping, and the sync would not change.
// Tests that need no HTTP give the engine a double of it (tests/core/support/marketplace-double.ts).
// Failures are ApiErrors, read by what they mean to the app (needsSignIn, isGone, ...).
import type { ListingRules } from '../../../shared/items/listing-rules.ts';
import type { ListingFields, ListingInput, ListingPage, ListingQuery, ListingStep, MarketListing } from './market-listing.ts';
import type { ListingState, MarketBid, MarketCategory, MarketOffer, MarketQuestion, OfferDecision, TradingPage } from './marketplace-types.ts';

export interface MarketplacePort {
  /** How many drafts a seller may keep on the marketplace at once (creates wait for a free one). */
  readonly draftLimit: number;
  /** Signs in with the account's stored credentials now (also checks them). */
  login(): Promise<unknown>;
  /** The signed-in seller's id. */
  me(): Promise<number>;
  /** The category tree, three levels deep. */
  categories(): Promise<MarketCategory[]>;
  /** The seller's rules for each field of a listing (what offline validation checks). */
  listingRules(userId: number): Promise<ListingRules>;

  /** A page of the seller's listings, as summaries. */
  listings(userId: number, query: ListingQuery): Promise<ListingPage>;
  /** A listing read in full. */
  listing(id: number): Promise<MarketListing>;
  /** Makes a draft (or a copy); the same key again is the same create. */
  createListing(input: ListingInput, options: { idempotencyKey: string }): Promise<MarketListing>;
  /** Sets these fields (only those given; the marketplace has no way to clear one). */
  editListing(id: number, fields: ListingFields): Promise<MarketListing>;
  /** One status step; the listing as it then is. */
  changeStatus(id: number, to: ListingStep): Promise<MarketListing>;
  deleteListing(id: number): Promise<void>;

  /** Every question on a listing. */
  listQuestions(itemId: number): Promise<MarketQuestion[]>;
  getQuestion(itemId: number, questionId: number): Promise<MarketQuestion>;
  answerQuestion(itemId: number, questionId: number, answer: string): Promise<MarketQuestion>;

  /** Every offer on a listing. */
  listOffers(itemId: number): Promise<MarketOffer[]>;
  getOffer(itemId: number, offerId: number): Promise<MarketOffer>;
  decideOffer(itemId: number, offerId: number, decision: OfferDecision): Promise<MarketOffer>;

  /** A listing's photos, by id, in the order buyers see them. */
  photosOf(itemId: number): Promise<number[]>;
  /** Adds a photo (JPEG bytes) last; the same key again is the same upload. Its id. */
  uploadPhoto(itemId: number, bytes: Uint8Array, options: { idempotencyKey: string }): Promise<number>;
  deletePhoto(itemId: number, photoId: number): Promise<void>;
  /** Puts the photos in this order; the order the marketplace then has. */
  orderPhotos(itemId: number, order: readonly number[]): Promise<number[]>;

  /** A listing's status and units left, read now (before an offer is accepted). */
  listingState(itemId: number): Promise<ListingState>;

  /** Every bid on a listing. */
  listBids(itemId: number): Promise<MarketBid[]>;

  /**
   * Questions and offers on the seller's listings changed since `since` (null: all), page by
   * page; null when this marketplace keeps no such feed (the sync then reads each watched
   * listing's lists).
   */
  tradingSince(userId: number, since: string | null, page: number): Promise<TradingPage | null>;
}
