// Issue 38: a first sync killed (SIGKILL, as a crash or a closed laptop would) goes on where it
// stopped: the listing at the page after the last one it committed, the records of open and sold
// items from the cache's own state (what is read is kept, nothing read twice beyond the batch in
// flight), and the shop ends whole and right, whatever moments the kills hit.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { openAccountDb } from '../../electron/core/db/open-account-db.ts';
import { builtChild } from '../support/built-child.ts';
import { makeCategories } from '../support/item-helpers.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../support/server.ts';
import { insertShop } from '../support/shop-fixtures.ts';
import { childTurns, type ChildTurns } from '../support/warm-child.ts';
import { openTempDb } from './support.ts';
import { startLoopbackProxy, type LoopbackProxy } from './support/loopback-proxy.ts';

const CHILD = fileURLToPath(new URL('./fixtures/first-sync-once.ts', import.meta.url));
/** A commit of records per 50 (item-details.ts), and at most 6 reads in flight: what a kill may lose. */
const LOST_PER_KILL = 50 + 6;

let server: TestServer;
let proxy: LoopbackProxy;
let childScript: string;
type Request = { method: string; path: string; url: string };
const requests: Request[] = [];
/** The kill of the running child: when the request it waits for reaches the marketplace (it is cut in flight). */
let killWhen: ((request: Request, seen: Request[]) => boolean) | null = null;
let kill: (() => void) | null = null;
beforeAll(async () => {
  childScript = await builtChild(CHILD);
  server = await startTestServer();
  proxy = await startLoopbackProxy(server.url, {
    onRequest: (method, path, url) => {
      requests.push({ method, path, url });
      if (killWhen?.({ method, path, url }, requests)) {
        killWhen = null;
        kill?.();
      }
    },
  });
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});

const isListingPage = (r: Request) => r.method === 'GET' && /\/sales\?/.test(r.url) && r.url.includes('status=all') && r.url.includes('limit=500') && !r.url.includes('changedSince');
const isSoldPage = (r: Request) => r.method === 'GET' && /\/sales\?/.test(r.url) && r.url.includes('sold=1');
const isRead = (r: Request) => r.method === 'GET' && /^\/1\.1\/items\/\d+$/.test(r.path);
/** Kills at the `n`-th request (from now on) that `match` takes. */
const atThe = (n: number, match: (r: Request) => boolean) => {
  let seen = 0;
  return (r: Request) => match(r) && ++seen === n;
};

/**
 * Where the kills land: the listing's last page asked for (the listing asks for the next page while
 * it writes one: page 1 committed, page 2 being written), the sold items' page, among the reads
 * (some batches committed, one not).
 */
const KILLS = [atThe(3, isListingPage), atThe(1, isSoldPage), atThe(80, isRead), atThe(130, isRead)];

async function run(turns: ChildTurns, when: ((r: Request) => boolean) | null): Promise<'done' | 'killed'> {
  const { process: child, exited, stderr } = turns.next();
  let stdout = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (stdout.includes('ready')) resolve();
    });
    void exited.then(() => reject(new Error(`child exited before it was ready: ${stderr()}`)));
  });
  kill = () => child.kill('SIGKILL');
  killWhen = when;
  const [code, signal] = await exited;
  killWhen = null;
  if (signal === null && code !== 0) throw new Error(`child failed: ${stderr()}`);
  return stdout.includes('done') ? 'done' : 'killed';
}

describe('a first sync killed', () => {
  it(`goes on where it stopped after ${KILLS.length} kills and ends with the whole shop, reading each page and record about once`, async () => {
    const cats = makeCategories(server);
    const sellerId = await server.addUser('resume-seller', ['private', 'powerseller']);
    const buyerId = await server.addUser('resume-buyer');
    // 1,100 listings: three list pages; 275 open, 83 sold, 742 unsold.
    const shop = insertShop(server.service.db, { sellerId, buyerId, categoryId: cats.sub, listings: 1100 }, server.service.clock.now());
    const firstReads = [...shop.ids.open, ...shop.ids.sold];
    const { db, path } = openTempDb();
    db.close();
    const turns = childTurns(childScript, [path, proxy.url, 'resume-seller', TEST_PASSWORD]);
    onTestFinished(() => turns.close());
    let killed = 0;
    for (const when of KILLS) {
      expect(await run(turns, when)).toBe('killed');
      killed += 1;
      const check = openAccountDb(path);
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
      check.close();
    }
    expect(await run(turns, null)).toBe('done');

    const cache = openAccountDb(path);
    try {
      expect(cache.prepare(`SELECT count(*), count(DISTINCT remote_id) FROM items`).raw().get()).toEqual([1100, 1100]);
      const detail = (ids: number[]) => new Set(ids.map((id) => cache.prepare(`SELECT detail FROM items WHERE remote_id = ?`).pluck().get(id)));
      expect(detail(firstReads)).toEqual(new Set(['full']));
      expect(detail(shop.ids.unsold)).toEqual(new Set(['summary']));
      expect(cache.prepare(`SELECT count(*) FROM sync_cursors`).pluck().get()).toBe(0);
      expect(cache.prepare(`SELECT count(*) FROM sync_marks WHERE name = 'sales'`).pluck().get()).toBe(1);
    } finally {
      cache.close();
    }
    // Each page of the listing read once, the one a kill cut once more; each record likewise.
    const page = (r: Request) => new URL(r.url, 'http://x').searchParams.get('page');
    // Page 1 once (committed before the kill); pages 2 and 3 again at most once (cut, or being written).
    const pages = requests.filter(isListingPage).map(page);
    expect(pages.filter((p) => p === '1')).toEqual(['1']);
    expect(pages.filter((p) => p === '2').length).toBeLessThanOrEqual(2);
    expect(pages.filter((p) => p === '3')).toEqual(['3', '3']);
    expect(requests.filter(isSoldPage).map(page)).toEqual(['1', '1']);
    const reads = requests.filter(isRead).map((r) => Number(r.path.split('/').pop()));
    expect(new Set(reads)).toEqual(new Set(firstReads));
    // What two kills among the reads cost: at most the batch each had not committed, and the reads in flight.
    expect(reads.length).toBeGreaterThan(firstReads.length);
    expect(reads.length).toBeLessThanOrEqual(firstReads.length + 2 * LOST_PER_KILL);
    process.stdout.write(`${JSON.stringify({ firstSyncResume: { kills: killed, listingPages: requests.filter(isListingPage).length, records: firstReads.length, reads: reads.length } })}\n`);
  }, 120_000);
});
