// The benchmark's server process: the real service over a 100,000-item catalogue, and a bare
// Fastify JSON route as the yardstick, both on loopback port 0. Prints one JSON line with their
// URLs; closes and removes its temporary data folder when stdin closes or on SIGTERM.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../server/app.ts';
import { fillBenchDatabase } from './bench-data.ts';
import { setUpBidLoad, type Bidder } from './bid-load.ts';
import { insertDemoCategories } from '../server/seed/category-data.ts';
import { seedMarketHistory } from '../server/seed/market-history.ts';

export interface BenchServerInfo {
  api: string;
  bare: string;
  /** The bare route answering with the benchmarked item's own JSON document. */
  bareItemPayload: string;
  itemId: number;
  mainCategoryId: number;
  itemCount: number;
  /** An open auction and 100 bidders with tokens, for the bid load. */
  bidLoad: { itemId: number; bidders: Bidder[] };
  /** A second service holding only a market history of `marketItems` closed sales (issue 39). */
  market: string;
  marketItems: number;
}

const itemCount = Number(process.env.BENCH_ITEMS ?? 100_000);
const dataDir = mkdtempSync(join(tmpdir(), 'market-bench-'));
const { app, service } = await buildApp({ dataDir, rateLimitPerMinute: null, schedulerIntervalMs: null, logger: false });
const data = fillBenchDatabase(service.db, service.clock.now(), itemCount);
const bidSetup = setUpBidLoad(service, 100);

// The market history in a service of its own, so the other scenarios keep their catalogue.
const marketItems = Number(process.env.BENCH_MARKET_ITEMS ?? 100_000);
const marketDir = mkdtempSync(join(tmpdir(), 'market-bench-history-'));
const market = await buildApp({ dataDir: marketDir, rateLimitPerMinute: null, schedulerIntervalMs: null, logger: false });
market.service.db.transaction(() => insertDemoCategories(market.service.db, market.service.clock.now() - 800 * 86_400_000))();
await seedMarketHistory(market.service, { count: marketItems });

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ id: 1, title: 'bare', updated: new Date(0).toISOString() }));
// A second yardstick: the same framework sending a response as large as the item's, so the ratio
// separates what our code costs from what moving the bytes costs.
let itemPayload: unknown = null;
bare.get('/bare-item', async () => itemPayload);

const api = await app.listen({ port: 0, host: '127.0.0.1' });
const marketUrl = await market.app.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
const benchItemId = data.itemIds[Math.floor(data.itemIds.length / 2)]!;
itemPayload = await (await fetch(`${api}/1.1/items/${benchItemId}`)).json();
const info: BenchServerInfo = {
  api: `${api}/1.1`,
  bare: `${bareUrl}/bare`,
  bareItemPayload: `${bareUrl}/bare-item`,
  itemId: benchItemId,
  mainCategoryId: data.mainCategoryIds[0]!,
  itemCount,
  bidLoad: { itemId: bidSetup.itemId, bidders: bidSetup.bidders },
  market: `${marketUrl}/1.1`,
  marketItems,
};
process.stdout.write(`${JSON.stringify(info)}\n`);

let closing = false;
async function close() {
  if (closing) return;
  closing = true;
  await Promise.allSettled([app.close(), bare.close(), market.app.close()]);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(marketDir, { recursive: true, force: true });
  process.exit(0);
}
process.stdin.on('end', () => void close());
process.stdin.resume();
process.on('SIGTERM', () => void close());
process.on('SIGINT', () => void close());
