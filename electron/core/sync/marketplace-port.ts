// The marketplace port: what the sync (push, pull, reconcile) and the screens behind it need
// from a marketplace, and nothing else. The REST client of electron/core/api/ (createApiClient,
// the /1.1 interface) is its one adapter today; a second marketplace would be a second adapter
// with its own mapping to these calls and shapes, and the sync would not change. Tests that need
// no HTTP give the engine a double of this port (tests/core/support/marketplace-double.ts).
import type { ApiClient } from '../api/client.ts';

/** The calls the sync makes, by name, with the client's own types (shared/api/ shapes). */
export type MarketplacePort = Pick<ApiClient,
  // the session: who is signed in
  | 'login' | 'me'
  // items the seller lists, and their photos
  | 'createItem' | 'getItem' | 'editItem' | 'setStatus' | 'deleteItem'
  | 'listImages' | 'uploadImage' | 'deleteImage' | 'reorderImages'
  // trading on them
  | 'listBids' | 'listOffers' | 'getOffer' | 'setOfferStatus' | 'listQuestions' | 'getQuestion' | 'answerQuestion'
  // the seller's rules, categories, sales and what changed
  | 'getSettings' | 'categories' | 'sales' | 'sellerActivity'
>;
