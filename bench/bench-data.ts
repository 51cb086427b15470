// A realistic catalogue for the benchmark: 8 main categories with 4 sections of 5 subcategories,
// 50 sellers, and N items (default 100,000) whose titles and descriptions are drawn from a word
// list, so a word matches a few percent of all items, as real queries do. Deterministic.
import type { Db } from '../server/db/open.ts';
import { DAY_MS, HOUR_MS } from '../server/domain/time.ts';
import { insertCategoryTree, insertItems, type CategorySpec, type ItemFixture } from '../tests/support/item-fixtures.ts';

const MAIN = ['Home', 'Garden', 'Sports', 'Music', 'Books', 'Vehicles', 'Fashion', 'Electronics'];
const SECTIONS = ['Classic', 'Modern', 'Vintage', 'Outdoor'];
const SUBS = ['Small', 'Large', 'Parts', 'Sets', 'Other'];

const NOUNS = (
  'lamp chair table sofa bicycle guitar piano drum camera lens phone radio speaker amplifier ' +
  'jacket boots shirt dress coat scarf watch ring necklace bracelet book novel atlas comic ' +
  'magazine record vinyl cassette poster painting mirror clock vase bowl plate cup kettle ' +
  'toaster blender mixer drill saw hammer ladder mower tent kayak ski snowboard helmet skates ' +
  'racket ball tyre rim engine mirror seat battery charger cable monitor keyboard mouse laptop ' +
  'tablet printer router console controller game puzzle doll train car truck boat trailer'
).split(' ');
const ADJECTIVES = (
  'old new red blue green black white wooden metal vintage modern classic rare small large ' +
  'heavy light broken working tested original boxed signed antique finnish swedish handmade ' +
  'electric manual portable compact deluxe premium basic used clean'
).split(' ');
const FILLER = (
  'good condition some wear fully working pickup from shipment possible cash only ask more ' +
  'details pictures show everything smoke free home quick sale no returns'
).split(' ');

/** A small deterministic PRNG (mulberry32), so every run measures the same data. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface BenchData {
  sellerIds: number[];
  mainCategoryIds: number[];
  leafCategoryIds: number[];
  itemIds: number[];
}

export function fillBenchDatabase(db: Db, now: number, itemCount = 100_000): BenchData {
  const specs: CategorySpec[] = MAIN.map((main) => ({
    title: main,
    children: SECTIONS.map((section) => ({
      title: `${main} / ${section}`,
      children: SUBS.map((sub) => ({ title: `${main} / ${section} / ${sub}` })),
    })),
  }));
  const ids = insertCategoryTree(db, specs, now);
  const mainCategoryIds = MAIN.map((m) => ids.get(m)!);
  const leafCategoryIds = MAIN.flatMap((m) => SECTIONS.flatMap((s) => SUBS.map((sub) => ids.get(`${m} / ${s} / ${sub}`)!)));

  // Sellers straight into the table: the password hash is never checked in the benchmark.
  const insertUser = db.prepare(
    `INSERT INTO users (username, password_hash, type, roles, created, updated) VALUES (?, 'x', ?, '["private"]', ?, ?)`,
  );
  const sellerIds = db.transaction(() =>
    Array.from({ length: 50 }, (_, i) =>
      Number(insertUser.run(`seller${i}`, i % 5 === 0 ? 'company' : 'private', now, now).lastInsertRowid),
    ),
  )();

  const rnd = random(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const words = (n: number, list: readonly string[]) => Array.from({ length: n }, () => pick(list)).join(' ');
  const items: ItemFixture[] = [];
  for (let i = 0; i < itemCount; i++) {
    const listTime = now - Math.floor(rnd() * 14 * DAY_MS);
    const open = rnd() < 0.7;
    const auction = rnd() < 0.6;
    const price = Math.round(rnd() * 50000) / 100;
    items.push({
      seller_id: pick(sellerIds),
      status: open ? 'published' : 'closed',
      title: `${pick(ADJECTIVES)} ${pick(NOUNS)} ${words(2, ADJECTIVES.concat(NOUNS))}`.slice(0, 60),
      description: `<p>${words(6, NOUNS.concat(ADJECTIVES))} ${words(12, FILLER)}</p>`,
      sale_method: auction ? 'auction' : 'buy-now',
      condition: pick(['new', 'like-new', 'good', 'acceptable', 'weak'] as const),
      category_id: pick(leafCategoryIds),
      starting_price: price,
      current_price: auction && rnd() < 0.3 ? price + 5 : null,
      buy_now_price: auction ? null : price,
      list_time: listTime,
      closing_time: open ? now + Math.floor(rnd() * 14 * DAY_MS) + HOUR_MS : listTime + 7 * DAY_MS,
      bidder_count: auction ? Math.floor(rnd() * 10) : 0,
      hits: Math.floor(rnd() * 1000),
      upgrades: rnd() < 0.05 ? '["category-gallery"]' : '[]',
    });
  }
  const itemIds = insertItems(db, items, now);
  return { sellerIds, mainCategoryIds, leafCategoryIds, itemIds };
}
