// The sync benchmark's service process: the real service on loopback port 0 with a temporary data
// folder and one power seller with LISTINGS listings (tests/support/shop-fixtures.ts: 1 in 4 open,
// the rest closed long ago, 1 in 10 of those sold at its buy-now price), a few questions on the
// open ones, and buyers. Prints one JSON line, then takes commands on stdin, one a line: `change N`
// makes N remote changes as buyers would (bids, questions) and answers `changed`. Closes on stdin end.
// Options after LISTINGS: `--rate-limit N` (requests a minute per user, as the service's default
// 3000; default off).
import { createInterface } from 'node:readline';
import { TOKEN_HEADER } from '../shared/api/index.ts';
import { makeCategories } from '../tests/support/item-helpers.ts';
import { insertShop } from '../tests/support/shop-fixtures.ts';
import { startTestServer, TEST_PASSWORD } from '../tests/support/server.ts';

export interface SyncPullBenchInfo {
  url: string;
  seller: string;
  password: string;
  listings: number;
  /** Of them: open, sold and unsold closed. */
  kinds: { open: number; sold: number; unsold: number };
}

const listings = Number(process.argv[2] ?? 2000);
const rateAt = process.argv.indexOf('--rate-limit');
const rateLimitPerMinute = rateAt > 0 ? Number(process.argv[rateAt + 1]) : null;
const server = await startTestServer({ logger: false, rateLimitPerMinute });
const cats = makeCategories(server);
const sellerId = await server.addUser('bench-power-seller', ['private', 'powerseller']);
const buyerId = await server.addUser('bench-buyer-sold');
// Several buyers: the service bounds questions and offers per user and day.
const buyers = await Promise.all(Array.from({ length: 8 }, (_, i) => server.login(`bench-buyer-${i}`)));
const buyerFor = (n: number) => buyers[n % buyers.length]!;
const now = server.service.clock.now();
const shop = insertShop(server.service.db, { sellerId, buyerId, categoryId: cats.sub, listings, openEvery: 4, soldEvery: 10 }, now);
const open = shop.ids.open;

const api = (path: string, method: string, body: unknown, token: string) =>
  fetch(`${server.url}/1.1${path}`, { method, headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token }, body: JSON.stringify(body) }).then(async (r) => {
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<Record<string, unknown>>;
  });

// A question on every 20th open item: the seller's history has some.
for (const [n, id] of open.entries()) {
  if (n % 20 === 0) await api(`/items/${id}/questions`, 'POST', { question: `Is ${n} still there?` }, buyerFor(n / 20).token);
}

let changes = 0;
async function change(count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const id = open[(changes * 7) % open.length]!;
    const kind = changes % 3;
    changes += 1;
    // Bids rise with every change, so a later bid on the same item is always above the last.
    if (kind === 1) await api(`/items/${id}/questions`, 'POST', { question: `Question ${changes}?` }, buyerFor(changes).token);
    else await api(`/items/${id}/bids`, 'POST', { bid: 100 + changes * 10 }, buyers[0]!.token);
  }
}

const info: SyncPullBenchInfo = {
  url: server.url, seller: 'bench-power-seller', password: TEST_PASSWORD, listings,
  kinds: { open: shop.ids.open.length + shop.ids.scheduled.length, sold: shop.ids.sold.length, unsold: shop.ids.unsold.length },
};
process.stdout.write(`${JSON.stringify(info)}\n`);

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const [command, arg] = line.trim().split(' ');
  if (command === 'change') void change(Number(arg)).then(() => process.stdout.write('changed\n'), (e: unknown) => process.stdout.write(`failed ${String(e)}\n`));
});
lines.on('close', () => void server.close().then(() => process.exit(0)));
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
