// The IPC contract's seller methods (shared/ipc/contract.ts merges them into IPC_METHODS): questions and
// canned answers, offers, sales and the dashboard, item thumbnails.
import { z } from 'zod';
import { CannedAnswerSchema, CannedAnswersSchema } from '../canned-answers/schema.ts';
import { Empty, LocalId, Ok, SyncStateSchema } from './common.ts';
import { SALES_COLUMN_KEYS } from '../screens/sales-columns.ts';

const Amount = z.number().nullable();
/** An item's values that canned answers may quote ({title} {price} {deliveryTerms}...). */
const ItemFactsSchema = z.object({
  title: z.string().nullable(),
  price: Amount,
  buyNowPrice: Amount,
  currentPrice: Amount,
  deliveryPrice: Amount,
  deliveryTerms: z.string().nullable(),
  paymentTerms: z.string().nullable(),
  /** Issue 38: the item is shown from the marketplace's list only; its postage and terms are not known yet (not empty). */
  unread: z.literal(true).optional(),
});
export type ItemFacts = z.infer<typeof ItemFactsSchema>;

export const QuestionRowSchema = z.object({
  questionId: z.number().int(),
  itemId: z.number().int(),
  localId: z.number().int(),
  question: z.string(),
  author: z.string(),
  created: z.string(),
  answer: z.string().nullable(),
  /** Typed here and waiting in the outbox: not on the marketplace yet. */
  pendingAnswer: z.string().nullable(),
  item: ItemFactsSchema,
  /** The item's cached status, and when it closes (epoch ms; null when unknown). */
  itemStatus: z.string(),
  closesAt: z.number().nullable(),
});
export type QuestionRow = z.infer<typeof QuestionRowSchema>;

export const OfferRowSchema = z.object({
  offerId: z.number().int(),
  itemId: z.number().int(),
  localId: z.number().int(),
  title: z.string().nullable(),
  amount: z.number(),
  message: z.string().nullable(),
  author: z.string(),
  status: z.string(),
  pendingDecision: z.enum(['accepted', 'refused']).nullable(),
  /** Epoch ms; null when the service's time could not be read. */
  expiresAt: z.number().nullable(),
  currentPrice: Amount,
  buyNowPrice: Amount,
  saleMethod: z.string().nullable(),
  quantity: z.number().int().nullable(),
  /** When the item closes (epoch ms; null when unknown). */
  closesAt: z.number().nullable(),
});
export type OfferRow = z.infer<typeof OfferRowSchema>;

/** The seller's canned answers of the active account; custom false while the defaults are used. */
export const CannedListSchema = z.object({ answers: z.array(CannedAnswerSchema), custom: z.boolean() });
export type CannedList = z.infer<typeof CannedListSchema>;

export const SalesFilterSchema = z.enum(['all', 'open', 'closed', 'waiting', 'draft']);
export type SalesFilter = z.infer<typeof SalesFilterSchema>;
export const SalesRowSchema = z.object({
  localId: z.number().int(),
  remoteId: z.number().int().nullable(),
  title: z.string().nullable(),
  status: z.string(),
  syncState: SyncStateSchema,
  saleMethod: z.string().nullable(),
  startingPrice: Amount,
  currentPrice: Amount,
  buyNowPrice: Amount,
  bidderCount: z.number().int(),
  offerCount: z.number().int(),
  closesAt: z.number().nullable(),
});
export type SalesRow = z.infer<typeof SalesRowSchema>;

export const DashboardSchema = z.object({
  /** Monday of each ISO week (YYYY-MM-DD), oldest first, the last 12 weeks. */
  weeks: z.array(z.object({ week: z.string(), sold: z.number().int(), revenue: z.number() })),
  sellThrough: z.object({ closed: z.number().int(), sold: z.number().int() }),
  byCategory: z.array(z.object({ categoryId: z.number().int(), title: z.string(), sold: z.number().int(), average: z.number() })),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/** One sale: a trade of one or more units, whatever the item's status (see electron/core/seller/sold-items.ts). */
export const SaleKindSchema = z.enum(['auction', 'buy-now', 'offer']);
export type SaleKind = z.infer<typeof SaleKindSchema>;
const SaleId = z.string().min(1).max(40);
export const SoldRowSchema = z.object({
  /** `offer:<id>`, `bid:<id>` or `item:<local id>`: one item may have several sales. */
  saleId: SaleId,
  localId: z.number().int(),
  remoteId: z.number().int().nullable(),
  title: z.string().nullable(),
  /** Epoch ms. */
  soldAt: z.number(),
  buyer: z.string().nullable(),
  quantity: z.number().int().min(1),
  /** Euros per unit, and for the whole sale. */
  unitPrice: z.number(),
  price: z.number(),
  kind: SaleKindSchema,
});
export type SoldRow = z.infer<typeof SoldRowSchema>;
/** A range of sale times, epoch ms, [from, to); null: open on that side. */
const SalesRange = { from: z.number().nullable(), to: z.number().nullable() };
const Words = z.string().min(1).max(100);

export const sellerMethods = {
  /** Questions on the seller's items from the cache: unanswered first, newest first. */
  'questions.list': { input: Empty, output: z.array(QuestionRowSchema) },
  'questions.answer': { input: z.object({ questionId: z.number().int().positive(), answer: z.string().trim().min(1).max(255) }), output: Ok },
  /**
   * Several answers at once (one canned answer filled per question): each queued in the outbox
   * like a single answer; a question that cannot take one (already answered, gone) is reported
   * by its error code and the others go on.
   */
  'questions.answerMany': {
    input: z.object({ answers: z.array(z.object({ questionId: z.number().int().positive(), answer: z.string().trim().min(1).max(255) })).min(1).max(500) }),
    output: z.object({ answered: z.number().int(), refused: z.array(z.object({ questionId: z.number().int(), code: z.string(), reason: z.string() })) }),
  },
  'cannedAnswers.list': { input: Empty, output: CannedListSchema },
  /**
   * Replaces the whole list (add, rename, edit, delete and order in one call). At most 50; name
   * 1-60 and text 1-255 characters after trimming; names unique ignoring case; only the
   * placeholders of shared/canned-answers/canned-answers.ts. A refused list writes nothing; the error names
   * the field (answers.2.text).
   */
  'cannedAnswers.save': { input: z.object({ answers: CannedAnswersSchema }).strict(), output: CannedListSchema },
  /** Back to the defaults (the stored list is removed). */
  'cannedAnswers.reset': { input: Empty, output: CannedListSchema },
  /** Pending offers on the seller's items from the cache, those expiring first. */
  'offers.list': { input: Empty, output: z.array(OfferRowSchema) },
  'offers.decide': {
    input: z.object({ offerIds: z.array(z.number().int().positive()).min(1).max(500), decision: z.enum(['accepted', 'refused']) }),
    output: z.object({ decided: z.number().int(), refused: z.array(z.object({ offerId: z.number().int(), reason: z.string() })) }),
  },
  'sales.list': {
    input: z.object({ status: SalesFilterSchema.default('all'), limit: z.number().int().min(1).max(2000).default(500) }),
    output: z.object({ total: z.number().int(), rows: z.array(SalesRowSchema), counts: z.record(SalesFilterSchema, z.number().int()) }),
  },
  'sales.dashboard': { input: Empty, output: DashboardSchema },
  /** The sales (each trade: units of an item) whose sale time is in the range, newest first. */
  'sales.sold': { input: z.object(SalesRange), output: z.array(SoldRowSchema) },
  /**
   * The given sales (in the order given: the screen's filter and sort) as a CSV file: UTF-8 with
   * a BOM; Finnish: `;` separator and decimal commas, English: `,` and decimal points. The words
   * are the renderer's, from its catalog.
   */
  'sales.exportCsv': {
    input: z.object({
      saleIds: z.array(SaleId).max(100_000),
      locale: z.enum(['fi', 'en']),
      timeZone: z.string().max(100).optional(),
      words: z.object({
        headings: z.record(z.enum(SALES_COLUMN_KEYS), Words),
        kinds: z.object({ auction: Words, 'buy-now': Words, offer: Words }),
      }),
    }),
    output: z.object({ fileName: z.string(), text: z.string(), rows: z.number().int() }),
  },
  /** One picture per item for lists (the first local photo, else the marketplace's first, cached); null when none. */
  'items.thumbnails': {
    input: z.object({ localIds: z.array(LocalId).max(500) }),
    output: z.array(z.object({ localId: z.number().int(), thumbnail: z.string().nullable() })),
  },
} as const;
