// Benchmarks of the desktop core that need no service: bulk edit, full-text search, image
// preparation. Each figure is compared with a baseline measured in the same run on the same
// machine. Prints one JSON object. Options: --photos N (default 20), --items N (default 100000),
// --drafts N (default 10000), --sync-items N (default 1000), --import-rows N (default 10000),
// --publish-drafts N (default 1000), --rule-items N (default 10000), --rule-offers N (default 1000),
// --only bulk,rules,templates,search,sorted,images,photos,sync,import,publish,window,backup,automation,responsive (sorted: searches
// sorted by relevance, price and title at --sorted-drafts N, default 100000, see sorted-search-bench.ts; responsive: the core's
// answers to a typed search while it backs up, bulk-edits, applies a template and imports: --responsive-drafts N, default 100000,
// --responsive-rows N, default 100000, --responsive-work backup,bulk,template,import (default all), --busy: beside a spinning child process; window: --window-rows N, default 100000, --window-photos N, default 40, --window-in-process: the old shape too; backup: --backup-drafts N,
// --backup-photos N, --backup-photo-kb N, --backup-folder DIR; see backup-bench.ts); --workers N: preparation worker threads for the
// photos figure (default: the app's).
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { bulkWrites } from '../electron/core/bulk/bulk-edit.ts';
import { applyBulkRules } from '../electron/core/bulk/bulk-rules.ts';
import { itemReads } from '../electron/core/drafts/item-rows.ts';
import { openAccountDb, type Db } from '../electron/core/db/open-account-db.ts';
import { addImages } from '../electron/core/images/add-images.ts';
import { prepareImage } from '../electron/core/images/prepare-image.ts';
import { runPool } from '../electron/core/images/pool.ts';
import { gridSearch, type GridSort } from '../electron/core/search/grid-search.ts';
import { settingsCache } from '../electron/core/cache/settings-cache.ts';
import { privateSellerRules } from '../tests/core/fixtures/sellers.ts';
import { benchBackup } from './backup-bench.ts';
import { benchBulkPublish } from './bulk-action-bench.ts';
import { benchCameraPhotos } from './photo-bench.ts';
import { benchSortedSearch } from './sorted-search-bench.ts';
import { benchSpreadsheetImport } from './spreadsheet-bench.ts';
import { benchSyncPush } from './sync-push-bench.ts';
import { benchResponsiveCore, RESPONSIVE_WORK, type ResponsiveWork } from './responsive-bench.ts';
import { benchRulePass } from './rules-bench.ts';
import { benchTemplateApply } from './template-bench.ts';
import { benchWindowThread } from './window-thread-bench.ts';

const { values: args } = parseArgs({
  options: {
    photos: { type: 'string', default: '20' },
    items: { type: 'string', default: '100000' },
    drafts: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '2' },
    'sync-items': { type: 'string', default: '1000' },
    'sync-concurrency': { type: 'string', default: '4' },
    'import-rows': { type: 'string', default: '10000' },
    'publish-drafts': { type: 'string', default: '1000' },
    'rule-items': { type: 'string', default: '10000' },
    'rule-offers': { type: 'string', default: '1000' },
    only: { type: 'string', default: 'bulk,rules,templates,search,sorted,images,photos,sync,import,publish,window,backup,automation,responsive' },
    'sorted-drafts': { type: 'string', default: '100000' },
    'responsive-drafts': { type: 'string', default: '100000' },
    'responsive-rows': { type: 'string', default: '100000' },
    'responsive-work': { type: 'string', default: RESPONSIVE_WORK.join(',') },
    busy: { type: 'boolean', default: false },
    'window-rows': { type: 'string', default: '100000' },
    'window-photos': { type: 'string', default: '40' },
    'window-in-process': { type: 'boolean', default: false },
    workers: { type: 'string' },
    'backup-drafts': { type: 'string', default: '100000' },
    'backup-photos': { type: 'string', default: '1000' },
    'backup-photo-kb': { type: 'string', default: '1024' },
    'backup-folder': { type: 'string' },
  },
});
const PHOTOS = Number(args.photos);
const ITEMS = Number(args.items);
const DRAFTS = Number(args.drafts);
const CONCURRENCY = Number(args.concurrency);
const SYNC_ITEMS = Number(args['sync-items']);
const SYNC_CONCURRENCY = Number(args['sync-concurrency']);
const IMPORT_ROWS = Number(args['import-rows']);
const PUBLISH_DRAFTS = Number(args['publish-drafts']);
const ONLY = new Set(args.only.split(','));

/** --responsive-work: which of the responsive figure's works run (import takes minutes at 100,000 rows). */
function responsiveWork(list: string): Set<ResponsiveWork> {
  const known = new Set<string>(RESPONSIVE_WORK);
  const asked = list.split(',').filter((w) => w !== '');
  for (const w of asked) if (!known.has(w)) throw new Error(`--responsive-work: ${w} is not one of ${RESPONSIVE_WORK.join(', ')}`);
  return new Set(RESPONSIVE_WORK.filter((w) => asked.includes(w)));
}

const root = mkdtempSync(join(tmpdir(), 'core-bench-'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;
const round = (x: number, digits = 3) => Number(x.toFixed(digits));

/** A deterministic pseudo-random source, so every run searches the same data. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function insertItems(db: Db, count: number, words: readonly string[], status: (i: number) => string): void {
  const random = rng(7);
  // Zipf-like word choice: a few words are common, most are rare, as in real listings.
  const word = () => words[Math.floor(words.length * random() ** 2.5)]!;
  const sentence = (n: number) => Array.from({ length: n }, word).join(' ');
  const insert = db.prepare(
    `INSERT INTO items (status, sync_state, title, description, sale_method, buy_now_price, quantity, category_id, created, updated)
     VALUES (?, 'synced', ?, ?, 'buy-now', ?, 1, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      insert.run(status(i), sentence(5).slice(0, 60), `<p>${sentence(30)}</p>`, 1 + Math.floor(random() * 500), 1 + (i % 40), i, i);
    }
  })();
}

function vocabulary(size: number): string[] {
  const random = rng(3);
  const letters = 'abcdefghijklmnoprstuvyäö';
  return Array.from({ length: size }, () =>
    Array.from({ length: 3 + Math.floor(random() * 7) }, () => letters[Math.floor(random() * letters.length)]).join(''),
  );
}

function benchBulkEdit() {
  const db = openAccountDb(join(root, 'bulk.sqlite'));
  // Validation runs against a seller's cached settings, as in the app.
  settingsCache(db).saveRules(privateSellerRules(), Date.now());
  insertItems(db, DRAFTS, vocabulary(500), () => 'draft');
  const ids = (db.prepare(`SELECT local_id FROM items ORDER BY local_id`).pluck().all() as number[]);
  const bulk = bulkWrites(db);
  const bare = db.prepare(`UPDATE items SET buy_now_price = ?, condition = ? WHERE local_id = ?`);
  const bareRun = db.transaction((price: number, condition: string) => {
    for (const id of ids) bare.run(price, condition, id);
  });
  // The same, also stamping `updated` as any real edit must (the grid sorts on it).
  const bareStamped = db.prepare(`UPDATE items SET buy_now_price = ?, condition = ?, updated = ? WHERE local_id = ?`);
  const bareStampedRun = db.transaction((price: number, condition: string) => {
    const now = Date.now();
    for (const id of ids) bareStamped.run(price, condition, now, id);
  });
  const ours: number[] = [];
  const baseline: number[] = [];
  const stamped: number[] = [];
  for (let round = 0; round < 7; round++) {
    // Alternate values so every row really changes each time.
    let t = performance.now();
    bareRun(1000 + round, round % 2 ? 'good' : 'new');
    baseline.push(performance.now() - t);
    t = performance.now();
    bareStampedRun(3000 + round, round % 2 ? 'new' : 'good');
    stamped.push(performance.now() - t);
    t = performance.now();
    const result = bulk.bulkEdit(ids, { buyNowPrice: 2000 + round, condition: round % 2 ? 'new' : 'good' });
    ours.push(performance.now() - t);
    if (result.changed !== ids.length) throw new Error(`bulk edit changed ${result.changed} of ${ids.length}`);
  }
  db.close();
  // Best of 7 on both sides: the machine is shared, and the minimum is the figure least moved
  // by other processes (medians are printed too).
  const oursMs = Math.min(...ours);
  const bareMs = Math.min(...baseline);
  const stampedMs = Math.min(...stamped);
  return {
    drafts: DRAFTS,
    fields: ['buyNowPrice', 'condition'],
    ms: round(oursMs, 1),
    bareUpdateMs: round(bareMs, 1),
    ratio: round(oursMs / bareMs, 2),
    bareUpdateWithTimestampMs: round(stampedMs, 1),
    ratioToTimestamped: round(oursMs / stampedMs, 2),
    medianMs: round(median(ours), 1),
    medianBareUpdateMs: round(median(baseline), 1),
    medianRatio: round(median(ours) / median(baseline), 2),
    note: 'ours = validation against cached settings + item update + one outbox row per item + undo record, one transaction; best of 7 rounds, alternating with the baselines',
    target: 'ratio <= 3',
  };
}

/** A price rule (raise 10 %, round to ,90) on every draft: per-draft values, one transaction. */
function benchPriceRule() {
  const db = openAccountDb(join(root, 'rules.sqlite'));
  settingsCache(db).saveRules(privateSellerRules(), Date.now());
  insertItems(db, DRAFTS, vocabulary(500), () => 'draft');
  const ids = db.prepare(`SELECT local_id FROM items ORDER BY local_id`).pluck().all() as number[];
  const repo = { reads: itemReads(db), bulk: bulkWrites(db) };
  // The baseline writes every draft's own new price too (read, compute, UPDATE per row).
  const read = db.prepare(`SELECT local_id, buy_now_price FROM items WHERE local_id IN (SELECT value FROM json_each(?))`).raw();
  const bare = db.prepare(`UPDATE items SET buy_now_price = ?, updated = ? WHERE local_id = ?`);
  const bareRun = db.transaction((factor: number) => {
    const now = Date.now();
    for (const [id, price] of read.all(JSON.stringify(ids)) as Array<[number, number]>) bare.run(Math.round(price * factor * 100) / 100, now, id);
  });
  const ours: number[] = [];
  const baseline: number[] = [];
  for (let round = 0; round < 5; round++) {
    let t = performance.now();
    bareRun(round % 2 ? 0.5 : 2);
    baseline.push(performance.now() - t);
    t = performance.now();
    // Up and down in turn so prices stay within bounds and every draft changes.
    const result = applyBulkRules(repo, ids, { price: round % 2 ? { op: 'raise', percent: 10, ending: 90 } : { op: 'lower', percent: 10, ending: 90, floor: 1 } });
    ours.push(performance.now() - t);
    if (result.changed < ids.length * 0.9) throw new Error(`the price rule changed ${result.changed} of ${ids.length}`);
  }
  db.close();
  const oursMs = Math.min(...ours);
  const bareMs = Math.min(...baseline);
  return {
    drafts: DRAFTS,
    rule: 'raise or lower 10 %, round to ,90',
    ms: round(oursMs, 1),
    bareUpdateMs: round(bareMs, 1),
    ratio: round(oursMs / bareMs, 2),
    medianRatio: round(median(ours) / median(baseline), 2),
    note: 'ours = each draft\'s new price, bounds and validation per group of equal drafts, set-based updates, an outbox row per draft, the undo record; bare = read each price and UPDATE it with the timestamp, one transaction; best of 5',
    target: 'ratio <= 3',
  };
}

function benchSearch() {
  const db = openAccountDb(join(root, 'search.sqlite'));
  const words = vocabulary(5000);
  const statuses = ['published', 'closed', 'draft', 'preview'];
  insertItems(db, ITEMS, words, (i) => statuses[i % statuses.length]!);
  const search = gridSearch(db);
  const random = rng(11);
  const pick = () => words[Math.floor(words.length * random() ** 2.5)]!;
  const queries = Array.from({ length: 500 }, (_, i) => {
    const text = i % 3 === 0 ? pick().slice(0, 3) : i % 3 === 1 ? pick() : `${pick()} ${pick()}`;
    return { text, status: i % 4 === 0 ? ['published'] : undefined, limit: 100 };
  });
  for (const q of queries.slice(0, 50)) search.search(q); // warm the page cache and statements
  const measure = (sort?: GridSort) => {
    const times: number[] = [];
    let hits = 0;
    for (const q of queries) {
      const t = performance.now();
      hits += search.search(sort ? { ...q, sort } : q).length;
      times.push(performance.now() - t);
    }
    return { p50Ms: round(percentile(times, 0.5)), p95Ms: round(percentile(times, 0.95)), maxMs: round(Math.max(...times)), meanHits: round(hits / queries.length, 1) };
  };
  // The grid's default with text: most recently cached first (the index's own order).
  const byDefault = measure();
  // Sorting every match costs in proportion to the matches: shown for comparison.
  const byRelevance = measure('relevance');
  const byPrice = measure('price');
  db.close();
  return {
    items: ITEMS,
    queries: queries.length,
    ...byDefault,
    target: 'p95 < 10 ms',
    note: 'default order (recent first), page of 100, 1/4 of queries also filter by status; words drawn Zipf-like from 5,000',
    sortedByRelevance: byRelevance,
    sortedByPrice: byPrice,
  };
}

async function benchImages() {
  const sources = join(root, 'photos');
  mkdirSync(sources);
  const files: string[] = [];
  for (let i = 0; i < PHOTOS; i++) {
    // Noise makes the encoder work as on a real photo; a flat image would flatter the figures.
    const noise = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 120 + i, sigma: 40 } } })
      .png().toBuffer();
    const photo = await sharp(noise).resize(4000, 3000, { kernel: 'nearest' }).jpeg({ quality: 90 })
      .withMetadata({ orientation: 1 + (i % 8) }).toBuffer();
    const path = join(sources, `photo-${i}.jpg`);
    writeFileSync(path, photo);
    files.push(path);
  }
  // Baseline: the same sharp calls (oriented, resized, encoded, plus a thumbnail) with the same
  // concurrency, without hashing, files or database.
  let t = performance.now();
  await runPool(files, CONCURRENCY, async (file) => {
    await prepareImage(file);
  });
  const bareMs = performance.now() - t;

  const db = openAccountDb(join(root, 'images.sqlite'));
  const localId = Number(db.prepare(`INSERT INTO items (created, updated) VALUES (0, 0)`).run().lastInsertRowid);
  t = performance.now();
  const results = await addImages(db, { itemLocalId: localId, files, folder: join(root, 'account-images'), concurrency: CONCURRENCY });
  const oursMs = performance.now() - t;
  db.close();
  const failed = results.filter((r) => r.outcome === 'failed').length;
  return {
    photos: PHOTOS,
    size: '4000x3000',
    concurrency: CONCURRENCY,
    photosPerSecond: round((PHOTOS / oursMs) * 1000, 2),
    barePhotosPerSecond: round((PHOTOS / bareMs) * 1000, 2),
    ratio: round(bareMs / oursMs, 2),
    failed,
  };
}

try {
  const figures: Record<string, unknown> = {};
  if (ONLY.has('bulk')) figures.bulkEdit = benchBulkEdit();
  if (ONLY.has('rules')) figures.priceRule = benchPriceRule();
  if (ONLY.has('publish')) figures.bulkPublishQueued = await benchBulkPublish(root, PUBLISH_DRAFTS);
  if (ONLY.has('templates')) figures.templateApply = benchTemplateApply(root, DRAFTS);
  if (ONLY.has('search')) figures.fullTextSearch = benchSearch();
  if (ONLY.has('sorted')) figures.sortedSearch = await benchSortedSearch(root, Number(args['sorted-drafts']));
  if (ONLY.has('images')) figures.imagePreparation = await benchImages();
  if (ONLY.has('photos')) figures.cameraPhotos = await benchCameraPhotos(root, args.workers ? Number(args.workers) : undefined);
  if (ONLY.has('import')) figures.spreadsheetImport = await benchSpreadsheetImport(root, IMPORT_ROWS);
  // The window's side's event-loop delay while the core imports (issue 19).
  if (ONLY.has('window')) figures.windowThread = await benchWindowThread(root, Number(args['window-rows']), Number(args['window-photos']), args['window-in-process']);
  if (ONLY.has('sync')) figures.syncPush = await benchSyncPush(root, SYNC_ITEMS, SYNC_CONCURRENCY);
  if (ONLY.has('backup')) figures.backup = await benchBackup(root, Number(args['backup-drafts']), Number(args['backup-photos']), Number(args['backup-photo-kb']), args['backup-folder']);
  if (ONLY.has('responsive')) figures.responsiveCore = await benchResponsiveCore(root, Number(args['responsive-drafts']), Number(args['responsive-rows']), args.busy, responsiveWork(args['responsive-work']));
  if (ONLY.has('automation')) figures.rulePass = await benchRulePass(root, Number(args['rule-items']), Number(args['rule-offers']));
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
