// The research benchmark's marketplace (a child process of bench/research-bench.ts): the real
// service with the demo category tree and a market history of RESEARCH_MARKET closed sales (the
// default seed), on loopback port 0. Prints one JSON line {url, items}; closes and removes its
// data folder when stdin closes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app.ts';
import { insertDemoCategories } from '../server/seed/category-data.ts';
import { seedMarketHistory } from '../server/seed/market-history.ts';

const count = Number(process.env.RESEARCH_MARKET ?? 30_000);
const dataDir = mkdtempSync(join(tmpdir(), 'research-bench-'));
const { app, service } = await buildApp({ dataDir, rateLimitPerMinute: null, schedulerIntervalMs: null, logger: false });
service.db.transaction(() => insertDemoCategories(service.db, service.clock.now() - 800 * 86_400_000))();
const written = await seedMarketHistory(service, { count });
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ url, items: written.items })}\n`);

let closing = false;
async function close() {
  if (closing) return;
  closing = true;
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.stdin.on('end', () => void close());
process.stdin.resume();
process.on('SIGTERM', () => void close());
