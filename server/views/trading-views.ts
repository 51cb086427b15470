// Bid, offer, question and feedback rows to their response records (shapes in
// shared/api/trading.ts and users.ts), and the paging links the trading lists share.
import type { Bid, Feedback, Offer, Question } from '../../shared/api/index.ts';
import type { TimeZone } from '../domain/time.ts';
import { maskName } from '../domain/text.ts';
import type { FeedbackWithNames } from '../domain/trading/feedbacks.ts';
import type { OfferWithAuthor } from '../domain/trading/offers.ts';
import type { QuestionWithAuthor } from '../domain/trading/questions.ts';
import type { LinkBuilder, QueryValue } from '../http/links.ts';

export interface TradingViewContext {
  tz: TimeZone;
  links: LinkBuilder;
}

export interface BidRowWithBidder {
  id: number;
  item_id: number;
  bidder_id: number;
  bidder_name: string;
  amount: number;
  automatic: number;
  quantity: number;
  created: number;
}

/** `unmasked`: the seller of the item; a bidder also sees their own name. */
export function bidView(row: BidRowWithBidder, ctx: TradingViewContext, viewer: { id: number | null; isSeller: boolean }): Bid {
  const plain = viewer.isSeller || viewer.id === row.bidder_id;
  return {
    id: row.id,
    itemId: row.item_id,
    amount: row.amount,
    time: ctx.tz.format(row.created),
    automatic: row.automatic === 1,
    quantity: row.quantity,
    bidder: plain ? row.bidder_name : maskName(row.bidder_name),
    links: { self: ctx.links.api(`/items/${row.item_id}/bids/${row.id}`), item: ctx.links.api(`/items/${row.item_id}`) },
  };
}

export function offerView(row: OfferWithAuthor, ctx: TradingViewContext): Offer {
  return {
    id: row.id,
    itemId: row.item_id,
    amount: row.amount,
    message: row.message,
    status: row.status,
    author: row.author_name,
    authorId: row.author_id,
    created: ctx.tz.format(row.created),
    updated: ctx.tz.format(row.updated),
    expires: ctx.tz.format(row.expires),
    links: {
      self: ctx.links.api(`/items/${row.item_id}/offers/${row.id}`),
      item: ctx.links.api(`/items/${row.item_id}`),
      author: ctx.links.api(`/users/${row.author_id}`),
    },
  };
}

export function questionView(row: QuestionWithAuthor, ctx: TradingViewContext): Question {
  return {
    id: row.id,
    itemId: row.item_id,
    question: row.question,
    answer: row.answer,
    author: row.author_name,
    created: ctx.tz.format(row.created),
    answered: row.answered === null ? null : ctx.tz.format(row.answered),
    links: { self: ctx.links.api(`/items/${row.item_id}/questions/${row.id}`), item: ctx.links.api(`/items/${row.item_id}`) },
  };
}

export function feedbackView(row: FeedbackWithNames, ctx: TradingViewContext): Feedback {
  return {
    id: row.id,
    author: row.author_name,
    created: ctx.tz.format(row.created),
    feedback: row.text,
    rating: row.rating,
    role: row.role,
    answer: row.answer,
    links: {
      author: ctx.links.api(`/users/${row.author_id}`),
      item: ctx.links.api(`/items/${row.item_id}`),
      self: ctx.links.api(`/users/${row.receiver_id}/feedbacks/${row.id}`),
      user: ctx.links.api(`/users/${row.receiver_id}`),
    },
  };
}

export interface Paging {
  page: number;
  limit: number;
  offset: number;
}

export function paging(page: number | undefined, limit: number | undefined): Paging {
  const size = limit ?? 50;
  const number = page ?? 1;
  return { page: number, limit: size, offset: (number - 1) * size };
}

/** self/first/last/next/previous for a paged list; the query is repeated on every link. */
export function pageLinks(links: LinkBuilder, path: string, query: Record<string, QueryValue>, page: Paging, total: number) {
  const last = Math.max(1, Math.ceil(total / page.limit));
  const at = (n: number) => links.api(path, { ...query, page: n === 1 ? undefined : n });
  return {
    self: links.api(path, { ...query, page: page.page === 1 ? undefined : page.page }),
    first: at(1),
    last: at(last),
    next: page.page < last ? at(page.page + 1) : null,
    previous: page.page > 1 ? at(Math.min(page.page - 1, last)) : null,
  };
}
