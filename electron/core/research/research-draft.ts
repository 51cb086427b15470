// Research of one draft, and category suggestions for a title: the searches of research-query.ts
// asked through the research port (each identical search once: answered from the cache while
// fresh, shared while in flight), within the seller's request budget; the comparables ranked by
// how alike their titles are; the figures of market-stats.ts and the categories of
// category-suggestions.ts. The draft's result is kept with its time (market_research): offline,
// or with the budget spent, the last one is shown with its date.
import type { Condition } from '../../../shared/items/item-fields.ts';
import type { ResearchResult } from '../../../shared/ipc/research.ts';
import { ApiError } from '../api/api-error.ts';
import type { Db } from '../db/open-account-db.ts';
import { itemReads } from '../drafts/item-rows.ts';
import { suggestCategories, type CategorySuggestion } from './category-suggestions.ts';
import { titleCount, titleSimilarity, titleWords, type TitleWord } from './finnish-words.ts';
import { ALIKE, marketStats, type Comparable } from './market-stats.ts';
import { categoryQueries, MAX_REQUESTS, queryKey, researchKey, researchQueries, type ResearchInput } from './research-query.ts';
import type { ClosedSalesPage, ClosedSalesQuery, MarketResearchPort } from './research-port.ts';
import { researchStore } from './research-store.ts';

/** A search answered less than this long ago is not asked again. */
export const QUERY_FRESH_MS = 24 * 3_600_000;
/** Even a refresh the seller asks for does not repeat a search this young (a double click). */
const REFRESH_MIN_MS = 60_000;
/** Sold comparables that make further searches unnecessary (as many as the figures narrow on). */
const ENOUGH_SOLD = 5;
/** Comparables listed in a result (the figures count every one). */
const LISTED = 30;

/** Why a search gave nothing new: working offline, the marketplace not reached, the budget spent, the rate limit, a failure. */
export type Unavailable = 'offline' | 'unreachable' | 'budget' | 'rate-limited' | 'failed';

export class RateLimited extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`the marketplace asks to wait ${retryAfterMs} ms`);
  }
}

export interface ResearchDeps {
  db: Db;
  /** The marketplace, or null while working offline or without one. */
  port: () => MarketResearchPort | null;
  now?: () => number;
}

type Fetched = { page: ClosedSalesPage; fetchedAt: number; asked: boolean } | { unavailable: Unavailable; retryAfterMs?: number };

export function createResearch(deps: ResearchDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const store = researchStore(db);
  const reads = itemReads(db);
  const inFlight = new Map<string, Promise<Fetched>>();
  const ownItems = db.prepare(
    `SELECT i.local_id AS localId, i.title, i.category_id AS categoryId FROM items_fts f JOIN items i ON i.local_id = f.rowid
      WHERE items_fts MATCH ? AND i.category_id IS NOT NULL AND i.deleted_at IS NULL LIMIT 200`,
  );

  /** One search: from the cache while fresh, else asked (once, however many callers wait for it). */
  function ask(query: ClosedSalesQuery, refresh: boolean, signal?: AbortSignal): Promise<Fetched> {
    const key = queryKey(query);
    const cached = store.query(key);
    const age = cached ? now() - cached.fetchedAt : Infinity;
    if (cached && age < (refresh ? REFRESH_MIN_MS : QUERY_FRESH_MS)) return Promise.resolve({ page: cached, fetchedAt: cached.fetchedAt, asked: false });
    // Asked already by another caller: its answer, counted once (by the one who asked).
    const pending = inFlight.get(key);
    if (pending) return pending.then((got) => ('page' in got ? { ...got, asked: false } : got));
    const stale = (unavailable: Unavailable, retryAfterMs?: number): Fetched =>
      cached ? { page: cached, fetchedAt: cached.fetchedAt, asked: false } : { unavailable, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
    const port = deps.port();
    if (!port) return Promise.resolve(stale('offline'));
    const budget = store.budget(now());
    if (budget.used >= budget.dailyLimit) return Promise.resolve(stale('budget'));
    store.logRequest(now());
    const asked = (async (): Promise<Fetched> => {
      try {
        const page = await port.closedSales(query, signal ? { signal } : undefined);
        const at = now();
        store.saveQuery(key, page, at);
        return { page, fetchedAt: at, asked: true };
      } catch (error) {
        if (error instanceof ApiError && error.isRateLimited) return { unavailable: 'rate-limited', retryAfterMs: error.retryAfterMs ?? 5000 };
        if (error instanceof ApiError && (error.isNetwork || error.code === 'timeout')) return stale('unreachable');
        if (signal?.aborted) throw error;
        return stale('failed');
      } finally {
        inFlight.delete(key);
      }
    })();
    inFlight.set(key, asked);
    return asked;
  }

  /** The seller's own items with titles like these words (their categories vote too). */
  function ownAlike(words: readonly TitleWord[], exclude: number | null): Array<{ categoryId: number; similarity: number }> {
    const terms = [...new Set(words.filter((w) => !w.weak).map((w) => w.prefix))].filter((t) => /^[\p{L}\p{N}]+$/u.test(t));
    if (terms.length === 0) return [];
    const rows = ownItems.all(`title : (${terms.map((t) => `"${t}"*`).join(' OR ')})`) as Array<{ localId: number; title: string | null; categoryId: number }>;
    return rows
      .filter((r) => r.localId !== exclude && r.title)
      .map((r) => ({ categoryId: r.categoryId, similarity: titleSimilarity(words, titleWords(r.title!)) }));
  }

  /** How alike a sold item is: its title's words, and a lot of four is not one of them. */
  function alike(words: readonly TitleWord[], count: number, title: string): number {
    return titleSimilarity(words, titleWords(title)) * (titleCount(title) === count ? 1 : 0.6);
  }

  /** Runs the ladder until enough alike items sold or MAX_REQUESTS searches were asked. */
  async function gather(queries: readonly ClosedSalesQuery[], words: readonly TitleWord[], count: number, refresh: boolean, signal?: AbortSignal) {
    const found = new Map<number, Comparable>();
    let asked = 0;
    let fromCache = 0;
    let fetchedAt: number | null = null;
    let unavailable: Unavailable | null = null;
    let retryAfterMs: number | undefined;
    for (const query of queries) {
      if (asked + fromCache >= MAX_REQUESTS) break;
      const got = await ask(query, refresh, signal);
      if ('unavailable' in got) {
        unavailable = got.unavailable;
        retryAfterMs = got.retryAfterMs;
        break;
      }
      if (got.asked) asked++;
      else fromCache++;
      fetchedAt = fetchedAt === null ? got.fetchedAt : Math.min(fetchedAt, got.fetchedAt);
      for (const sale of got.page.sales) {
        const known = found.get(sale.id);
        const condition = query.condition ?? known?.condition ?? null;
        found.set(sale.id, { ...sale, condition, similarity: known?.similarity ?? alike(words, count, sale.title) });
      }
      const soldAlike = [...found.values()].filter((c) => c.sold && c.similarity >= ALIKE).length;
      if (soldAlike >= ENOUGH_SOLD) break;
    }
    return { comparables: [...found.values()], asked, fromCache, fetchedAt, unavailable, retryAfterMs };
  }

  function listed(comparables: readonly Comparable[]): ResearchResult['comparables'] {
    return [...comparables]
      .sort((a, b) => b.similarity - a.similarity || (b.closedAt ?? 0) - (a.closedAt ?? 0))
      .slice(0, LISTED)
      .map((c) => ({ ...c, similarity: Math.round(c.similarity * 100) / 100 }));
  }

  function inputOf(localId: number, condition?: Condition | null): ResearchInput | null {
    const item = reads.item(localId);
    if (!item || item.deletedAt !== null) return null;
    return {
      title: item.fields.title ?? '',
      categoryId: item.fields.categoryId ?? null,
      condition: condition === undefined ? (item.fields.condition ?? null) : condition,
    };
  }

  return {
    store,

    /** The draft's last research as kept, marked stale when the draft changed since; null if never researched. */
    last(localId: number): ResearchResult | null {
      const kept = store.research(localId);
      if (!kept) return null;
      const input = inputOf(localId);
      const result = JSON.parse(kept.result) as ResearchResult;
      return { ...result, stale: input === null || researchKey(input) !== kept.researchKey, unavailable: null, requests: 0 };
    },

    /**
     * Researches a draft (a condition other than its own when given). `refresh`: ask again even
     * what a fresh search answered (not what was asked this minute). Throws RateLimited when the
     * marketplace asks to wait and nothing kept can answer.
     */
    async draft(localId: number, options: { refresh?: boolean; condition?: Condition | null; signal?: AbortSignal } = {}): Promise<ResearchResult | null> {
      const input = inputOf(localId, options.condition);
      if (!input) return null;
      const words = titleWords(input.title);
      const key = researchKey(input);
      const queries = researchQueries(input);
      const got = await gather(queries, words, titleCount(input.title), options.refresh ?? false, options.signal);
      // Working offline: whatever the cache answered, it is said to be the last known.
      if (deps.port() === null) got.unavailable ??= 'offline';
      if (got.fetchedAt === null) {
        if (got.unavailable === 'rate-limited') throw new RateLimited(got.retryAfterMs ?? 5000);
        // Nothing new: the last research, with its date and why.
        const last = this.last(localId);
        if (last) return { ...last, unavailable: got.unavailable };
        return emptyResult(localId, input, queries.length === 0 ? 'no-words' : got.unavailable ?? 'failed');
      }
      const { stats, suggestions, tooFew } = marketStats(got.comparables, input.condition, now());
      const categories = suggestCategories(got.comparables, ownAlike(words, localId));
      const result: ResearchResult = {
        localId, fetchedAt: got.fetchedAt, stale: false, unavailable: got.unavailable, requests: got.asked, fromCache: got.fromCache,
        title: input.title, categoryId: input.categoryId, condition: input.condition, stats, suggestions, tooFew, categories,
        comparables: listed(got.comparables),
      };
      store.saveResearch({ localId, researchKey: key, fetchedAt: got.fetchedAt, median: stats.median, sold: stats.sold, result: JSON.stringify(result) });
      return result;
    },

    /** The three likeliest categories for a title (the editor asks as the seller types). */
    async categories(title: string, exclude: number | null = null): Promise<{ suggestions: CategorySuggestion[]; requests: number; unavailable: Unavailable | null }> {
      const words = titleWords(title);
      if (words.length === 0) return { suggestions: [], requests: 0, unavailable: null };
      const got = await gather(categoryQueries(title).slice(0, 2), words, titleCount(title), false);
      return { suggestions: suggestCategories(got.comparables, ownAlike(words, exclude)), requests: got.asked, unavailable: got.unavailable };
    },

    /** A result that says only why nothing could be asked (no research kept to show instead). */
    nothing(localId: number, why: Unavailable): ResearchResult | null {
      const input = inputOf(localId);
      return input ? emptyResult(localId, input, why) : null;
    },

    /** A draft's current research key and its fields' inputs (the price rule and the grid ask). */
    keyOf(localId: number): string | null {
      const input = inputOf(localId);
      return input ? researchKey(input) : null;
    },
  };
}

export type Research = ReturnType<typeof createResearch>;

function emptyResult(localId: number, input: ResearchInput, why: Unavailable | 'no-words'): ResearchResult {
  return {
    localId, fetchedAt: null, stale: false, unavailable: why, requests: 0, fromCache: 0,
    title: input.title, categoryId: input.categoryId, condition: input.condition,
    stats: { closed: 0, sold: 0, sellThrough: null, median: null, low: null, high: null, days: 0, basis: 'any-condition' },
    suggestions: [], tooFew: true, categories: [], comparables: [],
  };
}
