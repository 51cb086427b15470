// The marketplace's fixed bounds (the same for every seller): the app's validation, photo
// preparation and trading checks read them here, and the REST schemas (shared/api/items.ts) take
// theirs from here too. The per-seller bounds are the seller's ListingRules (listing-rules.ts).
export const LIMITS = {
  draftsPerUser: 10,
  imageBytes: 8 * 1024 * 1024,
  titleLength: 60,
  paymentTermsLength: 1000,
  messageLength: 255,
  searchLimits: [50, 500] as const,
  categoryDepth: 3,
  republishMinOpenDays: 3,
  /** Offers and questions one user may send (issue 9, finding 7): per item, and in any 24 hours. */
  offersPerUserPerItem: 5,
  offersPerUserPerDay: 100,
  questionsPerUserPerItem: 10,
  questionsPerUserPerDay: 100,
  /** Offer and question lists come in pages of this many, newest first. */
  tradingListPageSize: 100,
} as const;
