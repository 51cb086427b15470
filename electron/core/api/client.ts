// One typed function per endpoint of the marketplace interface (1.1) and of the service's
// extensions. Every answer is parsed with the shared zod schemas; every failure is an ApiError.
// Decisions: category item lists and purchases are read with GET (the service accepts GET and
// POST; GET may be retried); every call sends the token when the session has one, and the calls
// the document marks as needing it log in first.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type {
  AnswerInput,
  BidInput,
  FeedbackAnswerInput,
  FeedbackInput,
  OfferInput} from '../../../shared/api/index.ts';
import {
  Bid,
  BidResult as BidResultSchema,
  BidList,
  CategoryListing,
  Feedback,
  FeedbackList,
  FavoriteAddResult,
  ImageList,
  ImageRecord,
  ImageUploadResult,
  Item,
  ItemList,
  Offer,
  OfferList,
  Question,
  QuestionList,
  SellerActivity,
  RootResource,
  SingleCategory,
  User,
  UserSettings,
  type ItemInput,
  type OfferStatusChange,
  type PurchasesQuery,
  type SalesQuery,
  type SellerActivityQuery,
  type SearchQuery,
  type SettableStatus,
} from '../../../shared/api/index.ts';
import { ApiError } from './api-error.ts';
import { createHttp, type Http, type HttpOptions, type Method, type RequestOptions, type Result } from './http.ts';
import { createSession, type CredentialStore, type DeviceCookieStore, type Session } from './session.ts';

export interface ApiClientOptions extends HttpOptions {
  credentials: CredentialStore;
  /** Where the login's device cookie is kept (session.ts). */
  device?: DeviceCookieStore;
  renewMarginMs?: number;
  now?: () => number;
}

/** Per-call extras: a caller-chosen Idempotency-Key for POSTs, a timeout, an abort signal. */
export interface CallOptions {
  idempotencyKey?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Repeats of a read by the HTTP layer after a retryable failure (default: its own; 0 for probes). Writes are never repeated there. */
  retries?: number;
}

type Query = Record<string, string | number | undefined>;
type Auth = 'required' | 'optional';

const SubcategoryListing = CategoryListing.extend({ id: z.number().int() });
const CategoryOrListing = z.union([SingleCategory, CategoryListing]);

export type CategoryListVariant = 'items' | 'closed' | 'closing' | 'recent';

function toQuery(values: object | undefined): Query {
  const out: Query = {};
  for (const [k, v] of Object.entries(values ?? {})) {
    if (v === undefined || v === null) continue;
    out[k] = Array.isArray(v) ? v.join(',') : typeof v === 'number' ? v : String(v);
  }
  return out;
}

export function createApiClient(options: ApiClientOptions) {
  const http: Http = createHttp(options);
  const session: Session = createSession({ http, credentials: options.credentials, ...(options.device ? { device: options.device } : {}), ...(options.renewMarginMs !== undefined ? { renewMarginMs: options.renewMarginMs } : {}), ...(options.now ? { now: options.now } : {}) });

  /** Sends with the session's token; after a 403 a fresh token cures, renews once and repeats. */
  async function call<S extends z.ZodType | null>(method: Method, path: string, o: RequestOptions<S> & CallOptions, auth: Auth): Promise<Result<S>> {
    const token = auth === 'required' ? await session.token() : session.current();
    // One key for the call, also when it is repeated after a token renewal.
    if (method === 'POST' && !o.idempotencyKey) o = { ...o, idempotencyKey: randomUUID() };
    try {
      return await http.request(method, path, { ...o, token: token?.id ?? null });
    } catch (error) {
      // A refused token means the request had no effect: repeating it (also a POST, with the same
      // key) is safe. Once only: a second refusal is the caller's to see.
      if (!(error instanceof ApiError) || !error.isTokenProblem || (auth === 'optional' && !token)) throw error;
      const fresh = await session.renewAfterRefusal(token?.id ?? '');
      return http.request(method, path, { ...o, token: fresh.id });
    }
  }

  const c = (o: CallOptions | undefined) => ({
    ...(o?.idempotencyKey ? { idempotencyKey: o.idempotencyKey } : {}),
    ...(o?.timeoutMs ? { timeoutMs: o.timeoutMs } : {}),
    ...(o?.signal ? { signal: o.signal } : {}),
    ...(o?.retries !== undefined ? { retries: o.retries } : {}),
  });
  const me = async () => (await session.token()).userId;

  /**
   * A media file an image record links to (its thumbnail), as bytes. Sent with the session's
   * token when there is one (a service may serve a draft's photos only to its seller), and only to
   * the service's own origin: a link elsewhere never gets the token.
   */
  async function media(url: string, o?: CallOptions & { maxBytes?: number }): Promise<Uint8Array> {
    const target = new URL(url);
    if (target.origin !== new URL(options.baseUrl).origin) throw new Error(`${url}: not on the marketplace's own address`);
    // A signed-in session's token; logging in just for a thumbnail is not worth a delay.
    const token = session.current();
    const response = await (options.fetch ?? fetch)(target, {
      headers: token ? { 'x-marketapitoken': token.id } : {},
      signal: o?.signal ?? AbortSignal.timeout(o?.timeoutMs ?? 15_000),
    });
    if (!response.ok) throw new ApiError({ status: response.status, code: 'media', field: null, message: `GET ${target.pathname}: ${response.status}`, retryable: response.status >= 500, mayHaveReached: true });
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.byteLength > (o?.maxBytes ?? 4 * 1024 * 1024)) throw new Error(`${target.pathname}: larger than a thumbnail`);
    return bytes;
  }

  return {
    http,
    session,
    media,
    /** Logs in with the stored credentials now (also checks them). */
    login: () => session.login(),
    /**
     * Revokes the current token on the service (DELETE /authentication, an extension) and forgets
     * it: a token left behind would stay usable until it expires. Nothing to do without one.
     */
    async logout(o?: CallOptions): Promise<void> {
      const token = session.current();
      session.clear();
      if (token) await http.request('DELETE', '/authentication', { schema: null, token: token.id, ...c(o) });
    },
    me,

    // The root resource: /
    root: (o?: CallOptions) => call('GET', '/', { schema: RootResource, ...c(o) }, 'optional'),

    // Categories: /categories
    categories: (maxDepth?: 1 | 2 | 3, o?: CallOptions) =>
      call('GET', '/categories', { schema: CategoryListing, query: toQuery({ 'max-depth': maxDepth }), ...c(o) }, 'optional'),
    category: (id: number, o?: CallOptions) => call('GET', `/categories/${id}`, { schema: CategoryOrListing, ...c(o) }, 'optional'),
    subcategories: (id: number, o?: CallOptions) => call('GET', `/categories/${id}/subcategories`, { schema: SubcategoryListing, ...c(o) }, 'optional'),
    categoryItems: (id: number, query: SearchQuery = {}, variant: CategoryListVariant = 'items', o?: CallOptions) =>
      call('GET', `/categories/${id}/items${variant === 'items' ? '' : `/${variant}`}`, { schema: ItemList, query: toQuery(query), ...c(o) }, 'optional'),

    // Items: /items, /items/{id}, search
    createItem: (input: ItemInput, o?: CallOptions) => call('POST', '/items', { schema: Item, json: input, ...c(o) }, 'required'),
    getItem: (id: number, o?: CallOptions) => call('GET', `/items/${id}`, { schema: Item, ...c(o) }, 'optional'),
    editItem: (id: number, input: ItemInput, o?: CallOptions) => call('PUT', `/items/${id}`, { schema: Item, json: input, ...c(o) }, 'required'),
    setStatus: (id: number, status: SettableStatus, o?: CallOptions) => call('PUT', `/items/${id}`, { schema: Item, json: { status }, ...c(o) }, 'required'),
    deleteItem: (id: number, o?: CallOptions) => call('DELETE', `/items/${id}`, { schema: null, ...c(o) }, 'required'),
    searchItems: (query: SearchQuery = {}, o?: CallOptions) => call('GET', '/items', { schema: ItemList, query: toQuery(query), ...c(o) }, 'optional'),

    // Images: /items/{id}/images (+ reorder and single image: extensions)
    listImages: (itemId: number, o?: CallOptions) => call('GET', `/items/${itemId}/images`, { schema: ImageList, ...c(o) }, 'optional'),
    getImage: (itemId: number, imageId: number, o?: CallOptions) => call('GET', `/items/${itemId}/images/${imageId}`, { schema: ImageRecord, ...c(o) }, 'optional'),
    uploadImage: async (itemId: number, bytes: Uint8Array, o?: CallOptions & { filename?: string; contentType?: string }) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(bytes)], { type: o?.contentType ?? 'image/jpeg' }), o?.filename ?? 'image.jpg');
      const result = await call('POST', `/items/${itemId}/images`, { schema: ImageUploadResult, form, uploadBytes: bytes.byteLength, ...c(o) }, 'required');
      return { ...result, imageId: imageIdFromLink(result.links.image) };
    },
    deleteImage: (itemId: number, imageId: number, o?: CallOptions) => call('DELETE', `/items/${itemId}/images/${imageId}`, { schema: null, ...c(o) }, 'required'),
    reorderImages: (itemId: number, order: number[], o?: CallOptions) =>
      call('PUT', `/items/${itemId}/images`, { schema: ImageList, json: { order }, ...c(o) }, 'required'),

    // Bids: /items/{id}/bids
    listBids: (itemId: number, o?: CallOptions) => call('GET', `/items/${itemId}/bids`, { schema: BidList, ...c(o) }, 'optional'),
    getBid: (itemId: number, bidId: number, o?: CallOptions) => call('GET', `/items/${itemId}/bids/${bidId}`, { schema: Bid, ...c(o) }, 'optional'),
    placeBid: (itemId: number, input: z.input<typeof BidInput>, o?: CallOptions) =>
      call('POST', `/items/${itemId}/bids`, { schema: BidResultSchema, json: input, ...c(o) }, 'required'),

    // Offers: /items/{id}/offers
    /** Every page of the offers the caller may see, as one list. */
    listOffers: async (itemId: number, o?: CallOptions): Promise<OfferList> => {
      const pages = await everyPage((page) => call('GET', `/items/${itemId}/offers`, { schema: OfferList, query: { page }, ...c(o) }, 'required'));
      return { ...pages[0]!, offers: pages.flatMap((p) => p.offers) };
    },
    getOffer: (itemId: number, offerId: number, o?: CallOptions) => call('GET', `/items/${itemId}/offers/${offerId}`, { schema: Offer, ...c(o) }, 'required'),
    makeOffer: (itemId: number, input: z.input<typeof OfferInput>, o?: CallOptions) =>
      call('POST', `/items/${itemId}/offers`, { schema: Offer, json: input, ...c(o) }, 'required'),
    setOfferStatus: (itemId: number, offerId: number, status: OfferStatusChange, o?: CallOptions) =>
      call('PUT', `/items/${itemId}/offers/${offerId}`, { schema: Offer, json: { status }, ...c(o) }, 'required'),

    // Questions: /items/{id}/questions
    /** Every page of the item's questions, as one list. */
    listQuestions: async (itemId: number, o?: CallOptions): Promise<QuestionList> => {
      const pages = await everyPage((page) => call('GET', `/items/${itemId}/questions`, { schema: QuestionList, query: { page }, ...c(o) }, 'optional'));
      return { ...pages[0]!, questions: pages.flatMap((p) => p.questions) };
    },
    getQuestion: (itemId: number, questionId: number, o?: CallOptions) => call('GET', `/items/${itemId}/questions/${questionId}`, { schema: Question, ...c(o) }, 'optional'),
    askQuestion: (itemId: number, question: string, o?: CallOptions) =>
      call('POST', `/items/${itemId}/questions`, { schema: Question, json: { question }, ...c(o) }, 'required'),
    answerQuestion: (itemId: number, questionId: number, answer: z.input<typeof AnswerInput>['answer'], o?: CallOptions) =>
      call('PUT', `/items/${itemId}/questions/${questionId}`, { schema: Question, json: { answer }, ...c(o) }, 'required'),

    // Users: purchases, sales, favorites, feedback (+ favorites DELETE and feedback writing: extensions)
    getUser: (userId: number, o?: CallOptions) => call('GET', `/users/${userId}`, { schema: User, ...c(o) }, 'optional'),
    getSettings: (userId: number, o?: CallOptions) => call('GET', `/users/${userId}/settings`, { schema: UserSettings, ...c(o) }, 'required'),
    favorites: (userId: number, query: { status?: 'open' | 'closed'; limit?: 50 | 500; page?: number } = {}, o?: CallOptions) =>
      call('GET', `/users/${userId}/favorites`, { schema: ItemList, query: toQuery(query), ...c(o) }, 'required'),
    addFavorite: (userId: number, itemId: number, o?: CallOptions) =>
      call('POST', `/users/${userId}/favorites`, { schema: FavoriteAddResult, json: { itemid: itemId }, ...c(o) }, 'required'),
    removeFavorite: (userId: number, itemId: number, o?: CallOptions) =>
      call('DELETE', `/users/${userId}/favorites/${itemId}`, { schema: null, ...c(o) }, 'required'),
    feedbacks: (userId: number, query: { page?: number } = {}, o?: CallOptions) =>
      call('GET', `/users/${userId}/feedbacks`, { schema: FeedbackList, query: toQuery(query), ...c(o) }, 'optional'),
    getFeedback: (userId: number, feedbackId: number, o?: CallOptions) =>
      call('GET', `/users/${userId}/feedbacks/${feedbackId}`, { schema: Feedback, ...c(o) }, 'optional'),
    leaveFeedback: (userId: number, input: z.input<typeof FeedbackInput>, o?: CallOptions) =>
      call('POST', `/users/${userId}/feedbacks`, { schema: Feedback, json: input, ...c(o) }, 'required'),
    answerFeedback: (userId: number, feedbackId: number, answer: z.input<typeof FeedbackAnswerInput>['answer'], o?: CallOptions) =>
      call('PUT', `/users/${userId}/feedbacks/${feedbackId}`, { schema: Feedback, json: { answer }, ...c(o) }, 'required'),
    purchases: (userId: number, query: PurchasesQuery = {}, o?: CallOptions) =>
      call('GET', `/users/${userId}/purchases`, { schema: ItemList, query: toQuery(query), ...c(o) }, 'required'),
    sales: (userId: number, query: SalesQuery = {}, o?: CallOptions) =>
      call('GET', `/users/${userId}/sales`, { schema: ItemList, query: toQuery(query), ...c(o) }, 'required'),
    /** Extension (sync): questions and offers on the seller's items changed since a time. A service without it answers 404. */
    sellerActivity: (userId: number, query: SellerActivityQuery = {}, o?: CallOptions) =>
      call('GET', `/users/${userId}/activity`, { schema: SellerActivity, query: toQuery(query), ...c(o) }, 'required'),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** Offer and question lists come in pages (links.next null on the last); at most 1000 pages read. */
async function everyPage<T extends { links: { next: string | null } }>(fetchPage: (page: number) => Promise<T>): Promise<T[]> {
  const pages = [await fetchPage(1)];
  while (pages.at(-1)!.links.next !== null && pages.length < 1000) pages.push(await fetchPage(pages.length + 1));
  return pages;
}



export function imageIdFromLink(url: string): number {
  const match = /\/images\/(\d+)\/?$/.exec(url);
  if (!match) throw new Error(`no image id in ${url}`);
  return Number(match[1]);
}
