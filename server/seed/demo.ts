// Demo data for the sandbox marketplace: the category tree, the demo accounts, 300+ items in every
// state with real images, and a trading history around the buyer ville. Fills an empty database
// once; a database with any user in it is left as it is.
//
// The slow, asynchronous work (password hashes, rendering pictures) happens first. After that
// everything is synchronous, so no request can slip in between choosing image ids, writing the
// image files (first) and the rows, all in ONE transaction; if it fails, the files written for
// it are removed again.
import type { Db } from '../db/open.ts';
import { hashPassword } from '../domain/passwords.ts';
import { insertUser } from '../domain/users.ts';
import { closeItem } from '../domain/items/close-item.ts';
import { findItem } from '../domain/items/item-row.ts';
import { recordPurchase } from '../domain/trading/place-bid.ts';
import { DAY_MS } from '../domain/time.ts';
import type { Service } from '../service.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_USER_NAMES, type DemoUserName } from './accounts.ts';
import { insertDemoCategories } from './category-data.ts';
import { removeImageFiles, renderDemoPictures, writeImageFiles, type DemoPicture } from './demo-images.ts';
import { planItems, type SeedItem } from './item-plan.ts';
import { seededRandom } from './random.ts';
import { planTrading, type PlannedBid, type PlannedOffer, type PlannedTrade, type TradingPlan } from './trading-plan.ts';

export { DEMO_PASSWORD } from './accounts.ts';

export interface SeedOptions {
  /** true: do nothing when the database has any user. false: refuse (throw) in that case. */
  onlyIfEmpty: boolean;
  /** Seed of the random choices; the default gives the documented demo. */
  randomSeed?: number;
}

export interface SeedResult {
  seeded: boolean;
  counts: Record<'categories' | 'users' | 'items' | 'images' | 'bids' | 'offers' | 'questions' | 'trades' | 'feedbacks' | 'favorites', number>;
}

const DEFAULT_RANDOM_SEED = 20_240_611;

const isEmpty = (db: Db) => (db.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n === 0;

export async function seedDemo(service: Service, options: SeedOptions): Promise<SeedResult> {
  const { db, imagesDir } = service;
  const notSeeded = (): SeedResult => {
    if (!options.onlyIfEmpty) throw new Error('the demo seed needs an empty database (it has users already)');
    return { seeded: false, counts: { categories: 0, users: 0, items: 0, images: 0, bids: 0, offers: 0, questions: 0, trades: 0, feedbacks: 0, favorites: 0 } };
  };
  if (!isEmpty(db)) return notSeeded();

  const now = service.clock.now();
  const random = seededRandom(options.randomSeed ?? DEFAULT_RANDOM_SEED);
  const items = planItems(random, now);
  const trading = planTrading(random, now, items);
  const [hashes, pictures] = await Promise.all([
    Promise.all(DEMO_USER_NAMES.map(async (name) => [name, await hashPassword(DEMO_PASSWORD)] as const)),
    renderDemoPictures(items.flatMap((i) => i.pictures)),
  ]);

  // Synchronous from here on, inside one IMMEDIATE transaction: its write lock keeps another
  // process seeding the same folder out while image ids are chosen and files written.
  const written: number[] = [];
  try {
    const counts = db
      .transaction(() => {
        if (!isEmpty(db)) return null; // another caller seeded while we were rendering
        const imageIds = writeAllImageFiles(db, imagesDir, items, pictures, written);
        return insertAll(service, now, new Map(hashes), items, imageIds, pictures, trading);
      })
      .immediate();
    return counts ? { seeded: true, counts } : notSeeded();
  } catch (err) {
    removeImageFiles(imagesDir, written);
    throw err;
  }
}

/** Writes every image's files (recording each id in `written` first, for clean-up) and returns the image ids per item. */
function writeAllImageFiles(db: Db, imagesDir: string, items: SeedItem[], pictures: Map<string, DemoPicture>, written: number[]): Map<SeedItem, number[]> {
  // The files are named by id before the rows exist, so the ids are taken from the images table's
  // AUTOINCREMENT sequence (which starts in the real service's range) as the insert would take them.
  let nextId =
    (db
      .prepare("SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'images'), 0), coalesce((SELECT max(id) FROM images), 0)) AS id")
      .get() as { id: number }).id + 1;
  const firstImageOf = new Map<string, number>();
  const ids = new Map<SeedItem, number[]>();
  for (const item of items) {
    const own: number[] = [];
    ids.set(item, own);
    for (const key of item.pictures) {
      const id = nextId++;
      own.push(id);
      written.push(id);
      writeImageFiles(imagesDir, id, pictures.get(key)!, firstImageOf.get(key));
      if (!firstImageOf.has(key)) firstImageOf.set(key, id);
    }
  }
  return ids;
}

function insertAll(
  service: Service,
  now: number,
  hashes: Map<DemoUserName, string>,
  items: SeedItem[],
  imageIds: Map<SeedItem, number[]>,
  pictures: Map<string, DemoPicture>,
  trading: TradingPlan,
): SeedResult['counts'] {
  const { db } = service;
  const categories = insertDemoCategories(db, now - 400 * DAY_MS);

  const users = new Map<DemoUserName, number>();
  DEMO_USER_NAMES.forEach((name, n) => {
    users.set(name, insertUser(db, DEMO_ACCOUNTS[name], hashes.get(name)!, now - (700 - n * 40) * DAY_MS));
  });
  const userId = (name: DemoUserName) => users.get(name)!;

  const itemIds = new Map<SeedItem, number>();
  const first = items[0]!.row;
  const columns = ['seller_id', ...Object.keys(first)];
  const insertItem = db.prepare(`INSERT INTO items (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`);
  const insertImage = db.prepare(
    `INSERT INTO images (id, item_id, position, sha256, format, width, height, bytes, created)
     VALUES (?, ?, ?, ?, 'jpeg', ?, ?, ?, ?)`,
  );
  let imageCount = 0;
  for (const item of items) {
    // An item bought at the buy-now price goes in as it stood before its first purchase, still on
    // sale; the purchases below move it on.
    const before = trading.beforePurchases.get(item);
    const row = before ? { ...item.row, ...before, status: before.status === 'closed' ? 'published' : before.status, closed_at: null } : item.row;
    const id = Number(insertItem.run({ seller_id: userId(item.seller), ...row }).lastInsertRowid);
    itemIds.set(item, id);
    item.pictures.forEach((key, position) => {
      const picture = pictures.get(key)!;
      const imageId = imageIds.get(item)![position]!;
      insertImage.run(imageId, id, position, picture.sha256, picture.width, picture.height, picture.files.original.length, item.row.created);
      imageCount++;
    });
  }
  const itemId = (item: SeedItem) => itemIds.get(item)!;

  const sourceIds = new Map<PlannedBid | PlannedOffer, number>();
  const tradeIds = new Map<PlannedTrade, number>();
  const purchases = new Map(trading.trades.filter((t) => t.kind === 'buy-now').map((t) => [t.source, t]));
  const insertBid = db.prepare('INSERT INTO bids (item_id, bidder_id, amount, max_amount, automatic, quantity, created) VALUES (?, ?, ?, ?, 0, ?, ?)');
  for (const bid of trading.bids) {
    const purchase = purchases.get(bid);
    if (purchase) {
      // Through the service's purchase code, at the purchase's time: as a live purchase.
      const item = findItem(db, itemId(bid.item))!;
      const written = recordPurchase(service, item, { buyerId: userId(bid.bidder), quantity: bid.quantity, price: bid.amount, automatic: false }, bid.created);
      sourceIds.set(bid, written.bidId);
      tradeIds.set(purchase, written.tradeId);
      continue;
    }
    sourceIds.set(bid, Number(insertBid.run(itemId(bid.item), userId(bid.bidder), bid.amount, bid.amount, bid.quantity, bid.created).lastInsertRowid));
  }
  // Items that were to close by time with stock left close as the scheduler closes them.
  for (const [item, before] of trading.beforePurchases) {
    if (before.status === 'closed' && findItem(db, itemId(item))!.status !== 'closed') closeItem(service, itemId(item), before.closing_time!);
  }
  const insertOffer = db.prepare(
    'INSERT INTO offers (item_id, author_id, amount, message, status, created, updated, expires) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (const o of trading.offers) {
    sourceIds.set(o, Number(insertOffer.run(itemId(o.item), userId(o.author), o.amount, o.message, o.status, o.created, o.updated, o.expires).lastInsertRowid));
  }

  const insertTrade = db.prepare(
    'INSERT INTO trades (item_id, seller_id, buyer_id, kind, source_id, quantity, price, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (const t of trading.trades) {
    if (t.kind === 'buy-now') continue; // recorded by its purchase above
    const row = insertTrade.run(itemId(t.item), userId(t.item.seller), userId(t.buyer), t.kind, sourceIds.get(t.source)!, t.quantity, t.price, t.created);
    tradeIds.set(t, Number(row.lastInsertRowid));
  }
  const insertFeedback = db.prepare(
    `INSERT INTO feedbacks (trade_id, author_id, receiver_id, role, rating, text, answer, created, answered)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const f of trading.feedbacks) {
    insertFeedback.run(tradeIds.get(f.trade)!, userId(f.author), userId(f.receiver), f.role, f.rating, f.text, f.answer, f.created, f.answered);
  }
  const insertQuestion = db.prepare(
    'INSERT INTO questions (item_id, author_id, question, answer, created, answered, updated) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  for (const q of trading.questions) {
    insertQuestion.run(itemId(q.item), userId(q.author), q.question, q.answer, q.created, q.answered, q.answered ?? q.created);
  }
  const insertFavorite = db.prepare('INSERT INTO favorites (user_id, item_id, created) VALUES (?, ?, ?)');
  for (const f of trading.favorites) insertFavorite.run(userId(f.user), itemId(f.item), f.created);

  return {
    categories,
    users: users.size,
    items: items.length,
    images: imageCount,
    bids: trading.bids.length,
    offers: trading.offers.length,
    questions: trading.questions.length,
    trades: trading.trades.length,
    feedbacks: trading.feedbacks.length,
    favorites: trading.favorites.length,
  };
}
