// Questions, offers and bids in a pull, at a cost that stays flat as the seller's history grows.
// With the service's seller activity feed (the sync extension): every question and offer on the
// seller's items changed since the last mark, in pages. Without it: the lists of each item still
// open or closed within the feedback window (items closed long ago take no questions or offers).
// Bids: of the items read in full in this pull (a bid changes the item: price, bidder count).
import type { MarketListing } from './market-listing.ts';
import type { MarketBid, MarketOffer, MarketQuestion } from './marketplace-types.ts';
import type { PullContext } from './pull-sales.ts';
import { factsOfItem } from './server-fields.ts';
import { syncMarks } from './sync-marks.ts';

/** How long after closing a buyer may still act on an item (feedback, a late answer): watched that long. */
export const WATCH_AFTER_CLOSING_MS = 30 * 24 * 60 * 60 * 1000;

type Context = Pick<PullContext, 'db' | 'api' | 'events' | 's' | 'now' | 'userId' | 'result'>;

/** What changed in the cache: new questions, offers and bids (for notifications and badges). */
export interface TradingNews {
  questions: MarketQuestion[];
  offers: MarketOffer[];
  /** Bids seen for the first time (issue 21: a new bid told the seller nothing). */
  bids?: MarketBid[];
}

export async function pullTrading(ctx: Context, fetched: readonly MarketListing[], extension: boolean): Promise<TradingNews> {
  const news: TradingNews = { questions: [], offers: [], bids: [] };
  const fed = extension && (await pullActivityFeed(ctx, news));
  if (!fed) await pollWatchedItems(ctx, news);
  await readBids(ctx, fetched, news);
  return news;
}

function store(ctx: Context, questions: readonly MarketQuestion[], offers: readonly MarketOffer[], news: TradingNews): void {
  const { s, result } = ctx;
  for (const q of questions) {
    const known = s.questionKnown.get(q.id) !== undefined;
    s.upsertQuestion.run(q.id, q.itemId, q.question, q.answer, q.author, q.askedAt, q.answeredAt, q.record);
    if (!known) news.questions.push(q);
  }
  for (const o of offers) {
    const known = s.offerKnown.get(o.id) !== undefined;
    s.upsertOffer.run(o.id, o.itemId, o.amount, o.message, o.state, o.author, o.expiresAt, o.changedAt, o.record);
    if (!known) news.offers.push(o);
  }
  result.questions += questions.length;
  result.offers += offers.length;
}

/** The feed since the mark, to its end; false when the marketplace keeps none. */
async function pullActivityFeed(ctx: Context, news: TradingNews): Promise<boolean> {
  const marks = syncMarks(ctx.db);
  const since = marks.get('activity');
  let mark: string | null = null;
  for (let page = 1; ; page += 1) {
    const feed = await ctx.api.tradingSince(ctx.userId, since, page);
    if (feed === null) return false;
    mark ??= feed.mark;
    const last = !feed.more;
    ctx.db.transaction(() => {
      store(ctx, feed.questions, feed.offers, news);
      if (last) marks.set('activity', mark ?? feed.mark, ctx.now());
    })();
    ctx.events.emit({ type: 'pull-progress', phase: 'activity', pages: page });
    if (last) return true;
  }
}

/** Without the feed: each open item's lists, and those of items closed within the window. */
async function pollWatchedItems(ctx: Context, news: TradingNews): Promise<void> {
  const watched = (ctx.s.itemsToWatch.all() as Array<{ remote_id: number; status: string; closing: number | null }>).filter(
    (item) => item.status === 'published' || (item.closing !== null && item.closing > ctx.now() - WATCH_AFTER_CLOSING_MS),
  );
  await Promise.all(
    watched.map(async ({ remote_id: id }) => {
      const [questions, offers] = await Promise.all([ctx.api.listQuestions(id), ctx.api.listOffers(id)]);
      ctx.db.transaction(() => store(ctx, questions, offers, news))();
    }),
  );
}

/** The bids of the items just read in full that have any and are still watched (open, or closed within the window). */
export async function readBids(ctx: Context, fetched: readonly MarketListing[], news: TradingNews): Promise<void> {
  // Bids exist where the bidder count says so, and on a buy-now item bought out (no units left)
  // whatever its count says: its buying bids tell who bought and when.
  const hasBids = (item: MarketListing) => item.bidderCount > 0 || (item.fields.saleMethod === 'buy-now' && item.unitsLeft === 0);
  const recent = fetched.filter(
    (item) => hasBids(item) && (item.status === 'published' || (item.status === 'closed' && (factsOfItem(item).closesAt ?? 0) > ctx.now() - WATCH_AFTER_CLOSING_MS)),
  );
  await Promise.all(
    recent.map(async (item) => {
      const bids = await ctx.api.listBids(item.id);
      ctx.db.transaction(() => {
        for (const b of bids) {
          if (ctx.s.bidKnown.get(b.id) === undefined) news.bids?.push({ ...b, itemId: item.id });
          ctx.s.upsertBid.run(b.id, item.id, b.amount, b.at, b.bidder, b.units, b.record);
        }
      })();
      ctx.result.bids += bids.length;
    }),
  );
}
