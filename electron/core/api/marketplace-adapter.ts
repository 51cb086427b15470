// The /1.1 REST client as the marketplace port (sync/marketplace-port.ts): every answer mapped to
// the app's types (sync/marketplace-types.ts), every app request to its REST body, and the one
// failure that is an answer (a marketplace without the activity feed) to the app's null. The
// listing records' mapping is listing-mapping.ts (and the cache's copy of one, listing-copy.ts).
import { LIMITS, type Bid, type CategoryNode, type Offer, type Question } from '../../../shared/api/index.ts';
import type { MarketplacePort } from '../sync/marketplace-port.ts';
import type { MarketBid, MarketCategory, MarketOffer, MarketQuestion } from '../sync/marketplace-types.ts';
import { ApiError } from './api-error.ts';
import type { ApiClient } from './client.ts';
import { bodyOf, createBodyOf, listingOf, pageOf, salesQueryOf } from './listing-mapping.ts';
import { listingRulesOf } from './rules-mapping.ts';

export function questionOf(q: Question): MarketQuestion {
  return { id: q.id, itemId: q.itemId, question: q.question, answer: q.answer, author: q.author, askedAt: q.created, answeredAt: q.answered, record: JSON.stringify(q) };
}

export function offerOf(o: Offer): MarketOffer {
  return { id: o.id, itemId: o.itemId, amount: o.amount, message: o.message, state: o.status, author: o.author, expiresAt: o.expires, changedAt: o.updated, record: JSON.stringify(o) };
}

/** The item's id is the listing's asked for: a bid record names it by link as well. */
export function bidOf(b: Bid): MarketBid {
  return { id: b.id, itemId: b.itemId, amount: b.amount, at: b.time, bidder: b.bidder, units: b.quantity, record: JSON.stringify(b) };
}

export function categoryOf(node: CategoryNode): MarketCategory {
  return { id: node.id, title: node.title, titleEn: node.titleEn ?? null, children: (node.categories ?? []).map(categoryOf) };
}

export function marketplaceAdapter(api: ApiClient): MarketplacePort {
  return {
    draftLimit: LIMITS.draftsPerUser,
    login: () => api.login(),
    me: () => api.me(),
    categories: async () => (await api.categories(3)).categories.map(categoryOf),

    listings: async (userId, query) => pageOf(await api.sales(userId, salesQueryOf(query))),
    listing: async (id) => listingOf(await api.getItem(id)),
    createListing: async (input, o) => listingOf(await api.createItem(createBodyOf(input), o)),
    editListing: async (id, fields) => listingOf(await api.editItem(id, bodyOf(fields))),
    changeStatus: async (id, to) => listingOf(await api.setStatus(id, to)),
    deleteListing: async (id) => {
      await api.deleteItem(id);
    },
    photosOf: async (id) => (await api.listImages(id)).images.map((i) => i.id),
    uploadPhoto: async (id, bytes, o) => (await api.uploadImage(id, bytes, o)).imageId,
    deletePhoto: async (id, photoId) => {
      await api.deleteImage(id, photoId);
    },
    orderPhotos: async (id, order) => (await api.reorderImages(id, [...order])).images.map((i) => i.id),
    listingRules: async (userId) => listingRulesOf(await api.getSettings(userId)),

    listQuestions: async (itemId) => (await api.listQuestions(itemId)).questions.map(questionOf),
    getQuestion: async (itemId, id) => questionOf(await api.getQuestion(itemId, id)),
    answerQuestion: async (itemId, id, answer) => questionOf(await api.answerQuestion(itemId, id, answer)),
    listOffers: async (itemId) => (await api.listOffers(itemId)).offers.map(offerOf),
    getOffer: async (itemId, id) => offerOf(await api.getOffer(itemId, id)),
    decideOffer: async (itemId, id, decision) => offerOf(await api.setOfferStatus(itemId, id, decision)),
    listingState: async (itemId) => {
      const item = await api.getItem(itemId);
      return { status: item.status, saleMethod: item.saleMethod, unitsLeft: item.quantity };
    },
    listBids: async (itemId) => (await api.listBids(itemId)).bids.map(bidOf),

    async tradingSince(userId, since, page) {
      let feed;
      try {
        feed = await api.sellerActivity(userId, { ...(since === null ? {} : { since }), page });
      } catch (error) {
        // The feed is an extension of the service: a marketplace without it answers 404 at once.
        if (error instanceof ApiError && error.isGone && page === 1) return null;
        throw error;
      }
      return {
        questions: feed.entries.flatMap((e) => (e.kind === 'question' ? [questionOf(e.question)] : [])),
        offers: feed.entries.flatMap((e) => (e.kind === 'offer' ? [offerOf(e.offer)] : [])),
        mark: feed.updated,
        more: feed.links.next !== null && feed.entries.length > 0,
      };
    },
  };
}
