// Bids (4.6), offers (4.7), questions (4.8) and feedback writing. The document shows none of these
// record bodies; the shapes below are this service's decision, written into the OpenAPI document.
import { z } from 'zod';
import { DecimalNumber, FormFlag, FormInt, FormNumber, PathId, safeText, Timestamp, Url } from './common.ts';
import { OfferState, OfferStatusChange } from './enums.ts';
import { LIMITS } from './items.ts';

export const BidInput = z
  .object({
    bid: FormNumber.pipe(z.number().positive().max(1e9)),
    automate: FormFlag.optional(),
    quantityMin: FormInt.pipe(z.number().int().min(1)).optional(),
    quantityMax: FormInt.pipe(z.number().int().min(1)).optional(),
  })
  // Also for items of one unit, where the range is otherwise not read (issue 9, finding 7).
  .refine((b) => b.quantityMin === undefined || b.quantityMax === undefined || b.quantityMin <= b.quantityMax, {
    path: ['quantityMin'],
    message: 'must not exceed quantityMax',
  });
export type BidInput = z.infer<typeof BidInput>;

export const Bid = z
  .object({
    id: z.number().int(),
    itemId: z.number().int(),
    amount: z.number(),
    time: Timestamp,
    automatic: z.boolean(),
    quantity: z.number().int(),
    /** Masked ("a***a") for everyone but the seller and the bidder. */
    bidder: z.string(),
    links: z.object({ self: Url, item: Url }),
  })
  .meta({ id: 'Bid' });
export type Bid = z.infer<typeof Bid>;

export const BidResult = z.object({
  bid: Bid,
  item: z.object({
    id: z.number().int(),
    currentPrice: z.number(),
    bidderCount: z.number().int(),
    status: z.string(),
    hasReservePriceExceeded: z.boolean(),
  }),
  leading: z.boolean(),
  /** Set when the bid bought the item (buy-now): how many units. */
  purchasedQuantity: z.number().int().nullable(),
});
export type BidResult = z.infer<typeof BidResult>;

export const BidList = z.object({
  bids: z.array(Bid),
  totalCount: z.number().int(),
  links: z.object({ self: Url, item: Url }),
  updated: Timestamp,
});
export type BidList = z.infer<typeof BidList>;

export const OfferInput = z.object({
  offer: FormNumber.pipe(z.number().positive().max(1e9)),
  message: safeText(z.string().max(LIMITS.messageLength)).optional(),
});
export const OfferStatusInput = z.object({ status: OfferStatusChange });

export const Offer = z
  .object({
    id: z.number().int(),
    itemId: z.number().int(),
    amount: z.number(),
    message: z.string().nullable(),
    status: OfferState,
    author: z.string(),
    authorId: z.number().int(),
    created: Timestamp,
    updated: Timestamp,
    expires: Timestamp,
    links: z.object({ self: Url, item: Url, author: Url }),
  })
  .meta({ id: 'Offer' });
export type Offer = z.infer<typeof Offer>;

/** Links of a paged offer or question list: `next` and `previous` are null at the ends. */
const TradingListLinks = z.object({ self: Url, item: Url, first: Url, next: Url.nullable(), previous: Url.nullable() });

/** `page` of an offer or question list (1-based; anything else reads as 1). */
export const TradingListQuery = z.object({
  page: DecimalNumber.pipe(z.number().int().positive().max(2 ** 31)).optional().catch(undefined),
});

export const OfferList = z.object({
  offers: z.array(Offer),
  /** Every offer the caller may see, on all pages. */
  totalCount: z.number().int(),
  links: TradingListLinks,
  updated: Timestamp,
});
export type OfferList = z.infer<typeof OfferList>;

const Message = () => safeText(z.string().trim().min(1).max(LIMITS.messageLength));
export const QuestionInput = z.object({ question: Message() });
export const AnswerInput = z.object({ answer: Message() });

export const Question = z
  .object({
    id: z.number().int(),
    itemId: z.number().int(),
    question: z.string(),
    answer: z.string().nullable(),
    author: z.string(),
    created: Timestamp,
    answered: Timestamp.nullable(),
    links: z.object({ self: Url, item: Url }),
  })
  .meta({ id: 'Question' });
export type Question = z.infer<typeof Question>;

export const QuestionList = z.object({
  questions: z.array(Question),
  /** Every question of the item, on all pages. */
  totalCount: z.number().int(),
  links: TradingListLinks,
  updated: Timestamp,
});
export type QuestionList = z.infer<typeof QuestionList>;

export const OfferIdParams = z.object({
  itemid: PathId,
  offerid: PathId,
});
export const QuestionIdParams = z.object({
  itemid: PathId,
  questionid: PathId,
});

/** Extension: leave feedback on a trade (one per side). */
export const FeedbackInput = z.object({
  itemid: FormInt.pipe(z.number().int().positive()),
  rating: FormInt.pipe(z.union([z.literal(-1), z.literal(0), z.literal(1)])),
  feedback: Message(),
});
export const FeedbackAnswerInput = z.object({ answer: Message() });
