// `npm run bench:research` (issue 39): how good and how cheap market research is. The marketplace
// (a child process, bench/research-bench-server.ts) holds a market history of --market closed
// sales from the default seed; the research runs in this process as the core runs it (the real
// research, the /1.1 adapter, a cache file per run) through the counting loopback proxy.
//
// Held out: sales planned from ANOTHER seed (--heldout-seed, never written to the marketplace
// and never looked at while tuning) are the drafts. Measured:
// - category: for --category-titles held-out titles, the share whose true leaf is the first
//   suggestion, and the share whose true leaf is among the three;
// - price: for each held-out product and condition with at least 5 sales sold in the held-out
//   set, a draft titled as one of them (its leaf and condition set) is researched; the median
//   absolute % error of the suggested buy-now price (and of the research's median) against that
//   product and condition's held-out sold median; and how often research said too few;
// - requests per researched draft, and the time to research --drafts drafts (distinct held-out
//   titles) in bulk at each --latency (ms added per request by the proxy).
// Prints one JSON document (kept as bench/results/research-<date>.json).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import type { BulkResearchProgress } from '../shared/ipc/research.ts';
import { closedSalesAdapter } from '../electron/core/api/closed-sales-adapter.ts';
import { createApiClient } from '../electron/core/api/client.ts';
import { memoryCredentialStore } from '../electron/core/api/session.ts';
import { openAccountDb, type Db } from '../electron/core/db/open-account-db.ts';
import { draftWrites } from '../electron/core/drafts/draft-writes.ts';
import { bulkResearch } from '../electron/core/research/bulk-research.ts';
import { createResearch } from '../electron/core/research/research-draft.ts';
import { DEFAULT_MARKET_SEED, planMarketHistory, type MarketSale } from '../server/seed/market-history.ts';
import { startLoopbackProxy, type LoopbackProxy } from '../tests/core/support/loopback-proxy.ts';

const { values: args } = parseArgs({
  options: {
    market: { type: 'string', default: '30000' },
    'heldout-seed': { type: 'string', default: '777' },
    'heldout-size': { type: 'string', default: '30000' },
    'category-titles': { type: 'string', default: '1000' },
    'price-products': { type: 'string', default: '400' },
    drafts: { type: 'string', default: '1000' },
    latency: { type: 'string', default: '0,50' },
  },
});

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;
const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const load = () => loadavg().map((x) => round(x, 2));

async function startMarket(count: number): Promise<{ url: string; items: number; stop(): Promise<void> }> {
  const script = fileURLToPath(new URL('./research-bench-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, RESEARCH_MARKET: String(count) } });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`market server exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  const info = JSON.parse(line) as { url: string; items: number };
  return { ...info, stop: () => new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.stdin?.end(); }) };
}

/** A fresh cache and the research over it, through the proxy. */
function researchOn(proxy: LoopbackProxy) {
  const dir = mkdtempSync(join(tmpdir(), 'research-bench-cache-'));
  const db: Db = openAccountDb(join(dir, 'cache.sqlite'));
  const api = createApiClient({ baseUrl: proxy.url, credentials: memoryCredentialStore(null) });
  const port = closedSalesAdapter(api);
  const research = createResearch({ db, port: () => port });
  research.store.setDailyLimit(100_000);
  return { db, research, drafts: draftWrites(db), close: () => { db.close(); rmSync(dir, { recursive: true, force: true }); } };
}

async function categoryAccuracy(proxy: LoopbackProxy, heldOut: readonly MarketSale[], n: number) {
  const { research, close } = researchOn(proxy);
  const seen = new Set<string>();
  const titles = heldOut.filter((s) => !seen.has(s.title) && seen.add(s.title)).slice(0, n);
  let top1 = 0;
  let top3 = 0;
  let none = 0;
  const before = proxy.count('GET', '/1.1/items');
  for (const sale of titles) {
    const { suggestions } = await research.categories(sale.title);
    if (suggestions.length === 0) none++;
    if (suggestions[0]?.categoryId === sale.leafId) top1++;
    if (suggestions.some((s) => s.categoryId === sale.leafId)) top3++;
  }
  const requests = proxy.count('GET', '/1.1/items') - before;
  close();
  return { titles: titles.length, top1: round(top1 / titles.length), top3: round(top3 / titles.length), noSuggestion: round(none / titles.length), requestsPerTitle: round(requests / titles.length) };
}

async function priceError(proxy: LoopbackProxy, heldOut: readonly MarketSale[], n: number) {
  const groups = new Map<string, MarketSale[]>();
  for (const sale of heldOut) {
    if (!sale.sold) continue;
    const key = `${sale.product}|${sale.condition}`;
    groups.set(key, [...(groups.get(key) ?? []), sale]);
  }
  const chosen = [...groups.values()].filter((g) => g.length >= 5).slice(0, n);
  const { research, drafts, close } = researchOn(proxy);
  const errors: number[] = [];
  const medianErrors: number[] = [];
  let tooFew = 0;
  let requests = 0;
  for (const group of chosen) {
    const truth = median(group.map((s) => s.price));
    const sample = group[0]!;
    const { localId } = drafts.createDraft({ title: sample.title, categoryId: sample.leafId, condition: sample.condition });
    const result = await research.draft(localId);
    requests += result?.requests ?? 0;
    const suggested = result?.suggestions.find((s) => s.saleMethod === 'buy-now')?.price;
    if (!result || result.tooFew || suggested === undefined || result.stats.median === null) {
      tooFew++;
      continue;
    }
    errors.push(Math.abs(suggested - truth) / truth);
    medianErrors.push(Math.abs(result.stats.median - truth) / truth);
  }
  close();
  const p = (xs: number[], q: number) => round([...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))] ?? NaN);
  return {
    products: chosen.length, priced: errors.length, tooFew, tooFewShare: round(tooFew / chosen.length),
    suggestedBuyNow: { medianAbsPctError: round(median(errors)), p75AbsPctError: p(errors, 0.75), within20Pct: round(errors.filter((e) => e <= 0.2).length / errors.length) },
    researchMedian: { medianAbsPctError: round(median(medianErrors)), p75AbsPctError: p(medianErrors, 0.75) },
    requestsPerDraft: round(requests / chosen.length),
  };
}

async function bulkTime(proxy: LoopbackProxy, heldOut: readonly MarketSale[], n: number) {
  const { research, drafts, close } = researchOn(proxy);
  const seen = new Set<string>();
  const ids = heldOut.filter((s) => !seen.has(s.title) && seen.add(s.title)).slice(0, n)
    .map((s) => drafts.createDraft({ title: s.title, categoryId: s.leafId, condition: s.condition }).localId);
  const before = proxy.count('GET', '/1.1/items');
  let last: BulkResearchProgress | null = null;
  const ended = new Promise<void>((resolve) => {
    const bulk = bulkResearch({ research, emit: (p) => { last = p; if (p.state !== 'running' && p.state !== 'waiting') resolve(); } });
    bulk.start(ids);
  });
  const started = performance.now();
  await ended;
  const seconds = (performance.now() - started) / 1000;
  const requests = proxy.count('GET', '/1.1/items') - before;
  close();
  const end = last as BulkResearchProgress | null;
  return { drafts: ids.length, seconds: round(seconds, 2), requests, requestsPerDraft: round(requests / ids.length), priced: end?.priced ?? 0, state: end?.state ?? null };
}

async function main() {
  const loadAtStart = load();
  const market = await startMarket(Number(args.market));
  try {
    const heldOut = planMarketHistory(Number(args['heldout-size']), Date.now(), Number(args['heldout-seed']));
    const plain = await startLoopbackProxy(market.url);
    const category = await categoryAccuracy(plain, heldOut, Number(args['category-titles']));
    const price = await priceError(plain, heldOut, Number(args['price-products']));
    await plain.close();
    const bulk: Record<string, unknown> = {};
    for (const latency of args.latency.split(',').map(Number)) {
      const proxy = await startLoopbackProxy(market.url, { delayMs: latency });
      bulk[`${latency}ms`] = { ...(await bulkTime(proxy, heldOut, Number(args.drafts))), loadAverage: load() };
      await proxy.close();
    }
    process.stdout.write(`${JSON.stringify({
      date: new Date().toISOString(), market: { items: market.items, seed: DEFAULT_MARKET_SEED }, heldOut: { seed: Number(args['heldout-seed']), size: Number(args['heldout-size']) },
      loadAverage: { atStart: loadAtStart, atEnd: load() }, category, price, bulk,
    }, null, 2)}\n`);
  } finally {
    await market.stop();
  }
}

await main();
