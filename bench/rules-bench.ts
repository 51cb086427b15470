// bench:core's rules figure: one rule pass over a power seller's shop (10,000 open items, 1,000
// waiting offers) against the real service, counting requests through a loopback proxy. The
// pass itself reads only the cache (0 requests); its decisions go out with the push: what it
// costs is compared with its bound, the requests that change something (one PUT per decided
// offer) plus one read per changed item (the accept's check of the item). The pull before it is
// the unchanged sync's fixed handful. Offers: 30 % to 110 % of a 100 € buy-now price, some items
// with two or three; the shop's rule accepts from 90 %, refuses under 50 %.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApiClient, memoryCredentialStore } from '../electron/core/api/index.ts';
import { openAccountDb } from '../electron/core/db/open-account-db.ts';
import { ruleStore } from '../electron/core/rules/rule-store.ts';
import { rulesPass } from '../electron/core/rules/rules-pass.ts';
import { createSyncEngine } from '../electron/core/sync/index.ts';
import { startFaultProxy } from '../tests/support/fault-proxy.ts';
import { insertItems } from '../tests/support/item-fixtures.ts';
import { startTestServer, TEST_PASSWORD } from '../tests/support/server.ts';
import { marketplaceAdapter } from '../electron/core/api/marketplace-adapter.ts';

const DAY = 86_400_000;

export async function benchRulePass(root: string, items: number, offers: number) {
  const server = await startTestServer();
  const proxy = await startFaultProxy({ target: server.url, seed: 1 });
  try {
    const sellerId = await server.addUser('rules-bench-seller', ['private', 'powerseller']);
    const buyers = await Promise.all(Array.from({ length: 10 }, (_, i) => server.addUser(`rules-bench-buyer-${i}`)));
    const now = server.service.clock.now();
    const ids = insertItems(server.service.db, Array.from({ length: items }, (_, i) => ({
      seller_id: sellerId, title: `Tuote ${i}`, sale_method: 'buy-now' as const, buy_now_price: 100, starting_price: null, minimum_increase: null,
      quantity: 1, list_time: now - DAY, closing_time: now + 5 * DAY,
    })), now);
    const db = openAccountDb(join(root, 'rules.sqlite'));
    const api = createApiClient({ baseUrl: proxy.url, credentials: memoryCredentialStore({ username: 'rules-bench-seller', password: TEST_PASSWORD }) });
    const pass = rulesPass(db);
    let passMs = 0;
    let passResult: ReturnType<typeof pass> | null = null;
    const engine = createSyncEngine({
      db, api: marketplaceAdapter(api), concurrency: 4,
      afterPull: () => {
        const t = performance.now();
        passResult = pass(Date.now());
        passMs = performance.now() - t;
      },
    });
    // The shop as the app knows it: a first pull (every item read once), no rule yet.
    await engine.pull();
    // Offers arrive (written as the service's own offer route writes them), and the seller has a rule.
    let seed = 7;
    const rnd = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);
    const insertOffer = server.service.db.prepare(
      `INSERT INTO offers (item_id, author_id, amount, message, status, created, updated, expires) VALUES (?, ?, ?, NULL, 'pending', ?, ?, ?)`,
    );
    const bump = server.service.db.prepare(`UPDATE items SET offer_count = offer_count + 1, updated = ? WHERE id = ?`);
    const at = server.service.clock.now() + 1;
    server.service.db.transaction(() => {
      for (let i = 0; i < offers; i++) {
        const item = ids[Math.floor(rnd() * Math.min(ids.length, Math.ceil(offers * 0.8)))] as number;
        insertOffer.run(item, buyers[i % buyers.length], Math.round((30 + rnd() * 80) * 100) / 100, at, at, at + 2 * DAY);
        bump.run(at, item);
      }
    })();
    ruleStore(db).saveOfferRule({ scope: 'shop', scopeId: 0, acceptAmount: null, acceptPercent: 90, refuseAmount: null, refusePercent: 50, quietFrom: null, quietTo: null, enabled: true }, Date.now());

    const before = proxy.stats().log.length;
    await engine.pull();
    const afterPull = proxy.stats().log.length;
    const t = performance.now();
    const pushed = await engine.push();
    const pushMs = performance.now() - t;
    const log = proxy.stats().log.slice(afterPull);
    const offerPuts = log.filter((e) => e.method === 'PUT' && /\/offers\/\d+$/.test(e.url));
    const itemReads = log.filter((e) => e.method === 'GET' && /^\/1\.1\/items\/\d+$/.test(e.url));
    const offerReads = log.filter((e) => e.method === 'GET' && /\/offers\/\d+$/.test(e.url));
    const fixed = log.length - offerPuts.length - itemReads.length - offerReads.length;
    const changedItems = new Set(offerPuts.map((e) => e.url.split('/')[3])).size;
    const decided = (db.prepare(`SELECT action, count(*) AS n FROM rule_log GROUP BY action`).all() as Array<{ action: string; n: number }>);
    const result = passResult as ReturnType<typeof pass> | null;
    const figure = {
      items, offers,
      passMs: Math.round(passMs * 10) / 10,
      passRequests: 0,
      queued: result?.queued ?? 0,
      decisions: Object.fromEntries(decided.map((d) => [d.action, d.n])),
      pullRequests: afterPull - before,
      push: { requests: log.length, changes: offerPuts.length, itemReads: itemReads.length, offerReadBacks: offerReads.length, perRun: fixed, ms: Math.round(pushMs), applied: pushed.applied, parked: pushed.parked },
      bound: offerPuts.length + changedItems,
      withinBound: offerPuts.length + itemReads.length + offerReads.length <= offerPuts.length + changedItems,
    };
    db.close();
    return figure;
  } finally {
    await proxy.close();
    await server.close();
  }
}
