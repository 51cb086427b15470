// The market history of the demo marketplace (issue 39): other sellers' closed sales over the last
// two years, for the app's market research to find. Realistic Finnish titles per leaf (the catalog
// of market-catalog.ts, written in the word forms sellers use: "Arabia Paratiisi kahvikupit 4 kpl",
// "Kahvikuppi, Arabia Paratiisi"), conditions, prices that depend on the product and its
// condition, sold and unsold, auctions with bids and buy-now sales. Pure planning from a seed
// (the same seed and `now` give the same sales); `seedMarketHistory` writes them in ONE
// transaction. The sellers and buyers are accounts of their own (no password: they never sign
// in), never the demo accounts, so the demo shops and ville's purchases stay as they were.
import type { Statement } from 'better-sqlite3';
import type { Condition, SaleMethod } from '../../shared/api/index.ts';
import type { Db } from '../db/open.ts';
import { DAY_MS, HOUR_MS } from '../domain/time.ts';
import type { Service } from '../service.ts';
import { DEMO_CATEGORIES } from './category-data.ts';
import { locationOf, type SeedRow } from './item-plan.ts';
import { marketCatalog, type CatalogLeaf } from './market-catalog.ts';
import { seededRandom, type Random } from './random.ts';

export const DEFAULT_MARKET_SEED = 39_2026;
/** Two years back from now. */
export const HISTORY_SPAN_MS = 730 * DAY_MS;

/** What new items of a condition fetch, as a share of a new one's price. */
export const CONDITION_VALUE: Readonly<Record<Condition, number>> = { new: 1, 'like-new': 0.8, good: 0.62, acceptable: 0.45, weak: 0.28 };
const CONDITIONS: readonly Condition[] = ['new', 'like-new', 'like-new', 'good', 'good', 'good', 'good', 'acceptable', 'acceptable', 'weak'];

/** One planned closed sale, with what the evaluation of the research needs to know about it. */
export interface MarketSale {
  leafId: number;
  /** The product ("leaf/noun/maker"): sales of one product and condition form one market. */
  product: string;
  condition: Condition;
  title: string;
  saleMethod: SaleMethod;
  sold: boolean;
  /** The final price: the winning bid or the buy-now price (sold), the standing price (unsold). */
  price: number;
  /** Buyers' bids, lowest first (the last one won when sold); a buy-now sale has its one buying bid. */
  bids: number[];
  startingPrice: number | null;
  buyNowPrice: number | null;
  reservePrice: number | null;
  listTime: number;
  closingTime: number;
  openDays: number;
  seller: number;
  /** Index into `bidders` per bid. */
  bidders: number[];
}

const FIRST_NAMES = ['tiina', 'jussi', 'merja', 'kalle', 'sanna', 'pasi', 'heidi', 'timo', 'riikka', 'janne', 'minna', 'antti', 'leena', 'mikko', 'satu', 'harri', 'katja', 'petri', 'elina', 'marko'];
const PLACES = ['kuopio', 'lahti', 'turku', 'oulu', 'pori', 'vaasa', 'jyvaskyla', 'joensuu', 'kotka', 'hameenlinna'];
const MARKET_ZIPS = ['70100', '15100', '20100', '90100', '28100', '65100', '40100', '80100', '48100', '13100', '00100', '33100'];
/** Accounts of the market: sellers first, then buyers. */
const SELLER_COUNT = 60;
const BUYER_COUNT = 80;

export function marketUserNames(): string[] {
  const names: string[] = [];
  for (let i = 0; names.length < SELLER_COUNT + BUYER_COUNT; i++) {
    const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
    const place = PLACES[Math.floor(i / FIRST_NAMES.length) % PLACES.length]!;
    names.push(i < SELLER_COUNT ? `${first}_${place}` : `ostaja_${first}${i}`);
  }
  return names;
}

const TAILS = ['', '', '', 'kuin uusi', 'siisti', 'nouto', 'hyvä kunto', 'postitus onnistuu', 'vähän käytetty'];

// toUpperCase, not toLocaleUpperCase('fi'): Finnish has no casing rules of its own, and the
// locale's lookup costs tens of microseconds a call.
function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A title in one of the shapes sellers write, at most 60 characters. */
export function marketTitle(r: Random, leaf: CatalogLeaf, nounIndex: number, maker: string): string {
  const noun = leaf.nouns[nounIndex]!;
  const count = r.int(2, 6);
  const detail = r.pick(leaf.details);
  const tail = r.pick(TAILS);
  let title = shape(r.int(0, 7), maker, noun, count, detail, tail);
  if (title.length > 60) title = `${maker} ${noun.one}`.slice(0, 60);
  // Now and then a seller shouts.
  return r.chance(0.04) ? title.toUpperCase() : title;
}

function shape(n: number, maker: string, noun: CatalogLeaf['nouns'][number], count: number, detail: string, tail: string): string {
  switch (n) {
    case 0: return `${maker} ${noun.one}`;
    case 1: return `${maker} ${noun.many}, ${count} kpl`;
    case 2: return `${capital(noun.one)}, ${maker}`;
    case 3: return `${maker} ${noun.one}, ${detail}`;
    case 4: return `${capital(noun.some)} ${maker} ${count} kpl`;
    case 5: return `${maker} ${noun.one} ${detail}${tail ? `, ${tail}` : ''}`;
    case 6: return `${capital(noun.one)} ${maker} (${detail})`;
    default: return `${maker}: ${noun.one}${tail ? ` ${tail}` : ''}`;
  }
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0) / 4294967296;
}

/** A new product's price: the leaf's range, where in it fixed per product (not per sale). */
export function newPrice(leaf: CatalogLeaf, product: string): number {
  const [low, high] = leaf.price;
  return low + (high - low) * hash(product) ** 2;
}

/** A normal deviate (Box-Muller) from the seeded source. */
function normal(r: Random): number {
  return Math.sqrt(-2 * Math.log(1 - r.next())) * Math.cos(2 * Math.PI * r.next());
}

/** Prices as people ask and bid: cents under 10 €, whole euros under 100, fives above. */
function asked(price: number): number {
  if (price < 10) return Math.max(0.5, Math.round(price * 2) / 2);
  if (price < 100) return Math.round(price);
  if (price < 1000) return Math.round(price / 5) * 5;
  return Math.round(price / 50) * 50;
}

function bidStep(price: number): number {
  return price < 20 ? 0.5 : price < 100 ? 1 : price < 1000 ? 5 : 50;
}

export function catalogLeaves(): CatalogLeaf[] {
  const films = DEMO_CATEGORIES.flatMap((m) => m.sections.flatMap((s) => s.subcategories.map((c) => ({ id: c.id, sectionId: s.id, title: c.title }))));
  return marketCatalog(films);
}

/** `count` closed sales over the two years before `now`, from `seed`. */
export function planMarketHistory(count: number, now: number, seed = DEFAULT_MARKET_SEED): MarketSale[] {
  return [...marketSales(count, now, seed)];
}

/** The planned sales one at a time (the sandbox writes them a slice per turn of the event loop). */
export function* marketSales(count: number, now: number, seed = DEFAULT_MARKET_SEED): Generator<MarketSale> {
  const r = seededRandom(seed);
  const leaves = catalogLeaves();
  for (let n = 0; n < count; n++) {
    const leaf = r.pick(leaves);
    const nounIndex = r.int(0, leaf.nouns.length - 1);
    const maker = r.pick(leaf.makers);
    const product = `${leaf.leafId}/${nounIndex}/${maker}`;
    const condition = r.pick(CONDITIONS);
    const value = newPrice(leaf, product) * CONDITION_VALUE[condition] * Math.exp(0.18 * normal(r));
    const closingTime = Math.floor((now - HOUR_MS - r.next() * (HISTORY_SPAN_MS - HOUR_MS)) / 60_000) * 60_000;
    const openDays = r.pick([3, 5, 7, 7, 7, 10, 14]);
    const base = {
      leafId: leaf.leafId, product, condition, title: marketTitle(r, leaf, nounIndex, maker), openDays,
      closingTime, listTime: closingTime - openDays * DAY_MS, seller: r.int(0, SELLER_COUNT - 1),
    };
    const bidder = () => r.int(0, BUYER_COUNT - 1);
    if (r.chance(0.55)) {
      // An auction: a start under the value; sold when bids came (and met a reserve, if any).
      const startingPrice = asked(value * (0.3 + 0.6 * r.next()));
      const buyNowPrice = r.chance(0.15) ? asked(value * 1.3) : null;
      const reservePrice = r.chance(0.1) ? asked(value * 1.05) : null;
      const wanted = startingPrice / value < 0.8 ? 0.8 : 0.45;
      const bidCount = r.chance(wanted) ? r.int(1, 7) : 0;
      const final = bidCount === 0 ? startingPrice : Math.max(startingPrice, asked(value * (0.88 + 0.24 * r.next())));
      const boughtOut = buyNowPrice !== null && bidCount > 0 && r.chance(0.3);
      const top = boughtOut ? buyNowPrice : final;
      const bids = Array.from({ length: bidCount }, (_, i) => (i === bidCount - 1 ? top : Math.max(startingPrice, Math.round((top - bidStep(top) * (bidCount - 1 - i)) * 100) / 100)));
      const sold = bidCount > 0 && (reservePrice === null || top >= reservePrice || boughtOut);
      yield ({
        ...base, saleMethod: 'auction', sold, price: top, bids, startingPrice, buyNowPrice, reservePrice,
        bidders: bids.map(bidder),
      });
    } else {
      // A buy-now sale: the dearer the asking price against what it is worth, the rarer a buyer.
      const ask = asked(value * (0.95 + 0.4 * r.next()));
      const sold = r.chance(Math.min(0.9, Math.max(0.15, 1.3 - ask / value)));
      yield ({
        ...base, saleMethod: 'buy-now', sold, price: ask, bids: sold ? [ask] : [], startingPrice: null, buyNowPrice: ask, reservePrice: null,
        bidders: sold ? [bidder()] : [],
      });
    }
  }
}

const CONDITION_WORDS: Readonly<Record<Condition, string>> = {
  new: 'Uusi, käyttämätön.',
  'like-new': 'Kuin uusi, käytetty vähän.',
  good: 'Hyvässä kunnossa, normaalit käytön jäljet.',
  acceptable: 'Käyttökuntoinen, jälkiä näkyy.',
  weak: 'Heikossa kunnossa, myydään sellaisenaan.',
};

function rowOf(sale: MarketSale, r: Random): SeedRow {
  const zip = r.pick(MARKET_ZIPS);
  const auction = sale.saleMethod === 'auction';
  return {
    status: 'closed',
    title: sale.title,
    description: `<p>${escapeHtml(sale.title)}.</p><p>${CONDITION_WORDS[sale.condition]}</p>`,
    sale_method: sale.saleMethod,
    condition: sale.condition,
    category_id: sale.leafId,
    main_category_id: null,
    section_category_id: null,
    starting_price: sale.startingPrice,
    current_price: auction ? sale.price : sale.buyNowPrice,
    buy_now_price: sale.buyNowPrice,
    minimum_increase: null,
    reserve_price: sale.reservePrice,
    quantity: 1,
    quantity_left: sale.sold ? 0 : 1,
    open_days: sale.openDays,
    list_time: sale.listTime,
    closing_time: sale.closingTime,
    list_time_requested: 0,
    postal_code: zip,
    location: locationOf(zip),
    is_location_abroad: 0,
    delivery_methods: JSON.stringify(r.chance(0.6) ? ['pickup', 'shipment'] : ['pickup']),
    delivery_price: null,
    delivery_terms: null,
    payment_methods: JSON.stringify(['mobile-pay']),
    payment_terms: null,
    identification_required: 0,
    minimum_feedback: 0,
    republish: 0,
    marginal_tax: 0,
    vat: null,
    offers_allowed: 0,
    upgrades: '[]',
    original_id: null,
    republished_from: null,
    bidder_count: new Set(sale.bidders).size,
    offer_count: 0,
    hits: r.int(5, 400),
    sold_quantity: sale.sold ? 1 : 0,
    closed_at: sale.closingTime,
    created: sale.listTime - HOUR_MS,
    updated: sale.closingTime,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export interface MarketHistoryResult {
  seeded: boolean;
  items: number;
  bids: number;
  trades: number;
}

/** Ids of the market's accounts, sellers first; empty when the history was never begun. */
function marketUserIds(db: Db): number[] {
  const names = marketUserNames();
  const ids = new Map((db.prepare('SELECT username, id FROM users WHERE username IN (SELECT value FROM json_each(?))').all(JSON.stringify(names)) as Array<{ username: string; id: number }>).map((u) => [u.username, u.id]));
  return ids.size === names.length ? names.map((n) => ids.get(n)!) : [];
}

export interface MarketHistoryOptions {
  count: number;
  randomSeed?: number;
  /** Sales written per transaction; between two, the event loop is free (the service answers). */
  sliceSize?: number;
  /** Stops between two slices; what was written stays, and the next run writes the rest. */
  signal?: AbortSignal;
}

/**
 * Writes `count` planned sales (and their sellers, buyers, bids and trades) in slices, each its
 * own short transaction. A database that holds the history already is left as it is; one whose
 * writing was stopped (the app closed meanwhile) gets the rest at the next run. Leaves the tree
 * lacks are skipped.
 */
export async function seedMarketHistory(service: Service, options: MarketHistoryOptions): Promise<MarketHistoryResult> {
  const { db } = service;
  const result: MarketHistoryResult = { seeded: false, items: 0, bids: 0, trades: 0 };
  if (options.count <= 0) return result;
  // Sliced: nothing is written before the caller's turn of the event loop ends.
  if (options.sliceSize !== undefined) await new Promise((resolve) => setImmediate(resolve));
  if (options.signal?.aborted) return result;
  const now = service.clock.now();
  const seed = options.randomSeed ?? DEFAULT_MARKET_SEED;
  let userIds = marketUserIds(db);
  const written = userIds.length === 0 ? 0 : (db.prepare('SELECT count(*) AS n FROM items WHERE seller_id IN (SELECT value FROM json_each(?))').get(JSON.stringify(userIds.slice(0, SELLER_COUNT))) as { n: number }).n;
  if (written >= options.count) return result;
  if (userIds.length === 0) userIds = db.transaction(() => insertMarketUsers(db, now))();
  // Planned a slice at a time, and written from where an earlier run stopped.
  const planned = marketSales(options.count, now, seed);
  for (let skip = 0; skip < written; skip++) planned.next();
  const r = seededRandom(seed + written + 1);
  const writer = saleWriter(db, userIds, r);
  const size = options.sliceSize ?? options.count;
  for (let at = written; at < options.count; at += size) {
    if (options.signal?.aborted) break;
    if (options.sliceSize !== undefined) await new Promise((resolve) => setImmediate(resolve));
    if (options.signal?.aborted) break;
    const slice: MarketSale[] = [];
    for (let n = 0; n < size; n++) {
      const next = planned.next();
      if (next.done) break;
      slice.push(next.value);
    }
    const counts = db.transaction(() => writer(slice)).immediate();
    result.items += counts.items;
    result.bids += counts.bids;
    result.trades += counts.trades;
    result.seeded = true;
  }
  return result;
}

/** Writes these sales as the market's (its accounts made first when missing): tests and the
 * research benchmark write sales they know. One transaction. */
export function writeMarketSales(service: Service, sales: readonly MarketSale[], randomSeed = 1): Omit<MarketHistoryResult, 'seeded'> {
  const { db } = service;
  return db.transaction(() => {
    const ids = marketUserIds(db);
    const userIds = ids.length > 0 ? ids : insertMarketUsers(db, service.clock.now());
    return saleWriter(db, userIds, seededRandom(randomSeed))(sales);
  }).immediate();
}

function insertMarketUsers(db: Db, now: number): number[] {
  // '!' is no password hash: verifyPassword refuses every password, so these never sign in.
  const insert = db.prepare(
    `INSERT INTO users (username, password_hash, type, roles, email, full_name, town, zip, created, updated)
     VALUES (?, '!', 'private', '["private"]', ?, ?, ?, ?, ?, ?)`,
  );
  const since = now - HISTORY_SPAN_MS - DAY_MS;
  return marketUserNames().map((name, i) => {
    const zip = MARKET_ZIPS[i % MARKET_ZIPS.length]!;
    return Number(insert.run(name, `${name}@example.com`, capital(name.replace(/_.*/, '')), locationOf(zip), zip, since, since).lastInsertRowid);
  });
}

/** Writes sales as rows (items, bids, trades); runs inside the caller's transaction. */
function saleWriter(db: Db, userIds: readonly number[], r: Random) {
  const parents = new Map((db.prepare('SELECT c.id, c.parent_id AS section, s.parent_id AS main FROM categories c JOIN categories s ON s.id = c.parent_id WHERE c.level = 3').all() as Array<{ id: number; section: number; main: number }>).map((c) => [c.id, c]));
  const sellerId = (i: number) => userIds[i]!;
  const buyerId = (i: number) => userIds[SELLER_COUNT + i]!;
  let insertItem: Statement | null = null;
  const insertBid = db.prepare('INSERT INTO bids (item_id, bidder_id, amount, max_amount, automatic, quantity, created) VALUES (?, ?, ?, ?, 0, 1, ?)');
  const insertTrade = db.prepare('INSERT INTO trades (item_id, seller_id, buyer_id, kind, source_id, quantity, price, created) VALUES (?, ?, ?, ?, ?, 1, ?, ?)');
  return (sales: readonly MarketSale[]): Omit<MarketHistoryResult, 'seeded'> => {
    let items = 0;
    let bids = 0;
    let trades = 0;
    for (const sale of sales) {
      const place = parents.get(sale.leafId);
      if (!place) continue;
      const row = { ...rowOf(sale, r), main_category_id: place.main, section_category_id: place.section };
      if (!insertItem) {
        const columns = ['seller_id', ...Object.keys(row)];
        insertItem = db.prepare(`INSERT INTO items (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`);
      }
      const itemId = Number(insertItem.run({ seller_id: sellerId(sale.seller), ...row }).lastInsertRowid);
      items++;
      let lastBid = 0;
      sale.bids.forEach((amount, i) => {
        const at = sale.closingTime - Math.round(((sale.bids.length - i) * sale.openDays * DAY_MS) / (sale.bids.length + 1));
        lastBid = Number(insertBid.run(itemId, buyerId(sale.bidders[i]!), amount, amount, at).lastInsertRowid);
        bids++;
      });
      if (sale.sold) {
        const kind = sale.saleMethod === 'buy-now' || sale.price === sale.buyNowPrice ? 'buy-now' : 'auction';
        insertTrade.run(itemId, sellerId(sale.seller), buyerId(sale.bidders.at(-1)!), kind, lastBid, sale.price, sale.closingTime);
        trades++;
      }
    }
    return { items, bids, trades };
  };
}
