// Issue 42, point 6: the rules log after the app is SIGKILLed while it sends a rule's decisions.
// The log is the seller's record: one entry per decision, its outcome as the marketplace has it.
// A child process pushes the decisions and kills itself from inside SQLite at an exact moment
// (fixtures/rule-push-killed.ts); a new core then opens the same cache, as the app does at its
// next start, and runs its rules and its push.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, memoryCredentialStore } from '../../electron/core/api/index.ts';
import { openAccountDb, type Db } from '../../electron/core/db/open-account-db.ts';
import { ruleStore } from '../../electron/core/rules/rule-store.ts';
import { rulesPass } from '../../electron/core/rules/rules-pass.ts';
import { createSyncEngine } from '../../electron/core/sync/index.ts';
import { builtChild } from '../support/built-child.ts';
import { makeCategories } from '../support/item-helpers.ts';
import { call, startTestServer, TEST_PASSWORD, type TestServer } from '../support/server.ts';
import { insertTradingItem } from '../support/trading-fixtures.ts';
import { tempFolder } from './support.ts';
import { marketplaceAdapter } from '../../electron/core/api/marketplace-adapter.ts';

const CHILD = fileURLToPath(new URL('./fixtures/rule-push-killed.ts', import.meta.url));
let server: TestServer;
let childScript: string;
let category: number;
beforeAll(async () => {
  [childScript, server] = await Promise.all([builtChild(CHILD), startTestServer()]);
  category = makeCategories(server).sub;
});
afterAll(() => server.close());

let sellers = 0;
/** A seller whose cache pulled one buy-now item of `quantity` units with offers of these amounts (100 € item), an item rule accepting from 90 %. */
async function shop(quantity: number, amounts: number[]) {
  const username = `crash-rules-${++sellers}`;
  const sellerId = await server.addUser(username);
  const itemId = insertTradingItem(server.service, { seller_id: sellerId, title: `Lamppu ${sellers}`, category_id: category, sale_method: 'buy-now', buy_now_price: 100, quantity });
  const offerIds: number[] = [];
  for (const [i, amount] of amounts.entries()) {
    const buyer = await server.login(`${username}-buyer-${i}`);
    const res = await call(server.api(`/items/${itemId}/offers`), { token: buyer.token, json: { offer: amount } });
    expect(res.status, res.text).toBe(201);
    offerIds.push((res.body as { id: number }).id);
  }
  const path = `${tempFolder()}/cache.sqlite`;
  const core = openCore(path, username);
  await core.engine.pull();
  const localId = core.db.prepare(`SELECT local_id FROM items WHERE remote_id = ?`).pluck().get(itemId) as number;
  ruleStore(core.db).saveOfferRule({ scope: 'item', scopeId: localId, acceptAmount: null, acceptPercent: 90, refuseAmount: null, refusePercent: null, quietFrom: null, quietTo: null, enabled: true }, Date.now());
  const pass = rulesPass(core.db)(Date.now());
  core.db.close();
  return { username, path, itemId, offerIds, queued: pass.queued };
}

function openCore(path: string, username: string): { db: Db; engine: ReturnType<typeof createSyncEngine> } {
  const db = openAccountDb(path);
  const api = createApiClient({ baseUrl: server.url, credentials: memoryCredentialStore({ username, password: TEST_PASSWORD }), backoffBaseMs: 5 });
  return { db, engine: createSyncEngine({ db, api: marketplaceAdapter(api), backoffBaseMs: 5, backoffCapMs: 20, concurrency: 4 }) };
}

/** Runs the child until it kills itself at `moment`. */
async function killedAt(path: string, username: string, moment: 'settle' | 'second-put'): Promise<void> {
  const child = spawn(process.execPath, [childScript, path, server.url, username, TEST_PASSWORD, moment], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, sig) => resolve(sig)));
  expect(signal, stderr).toBe('SIGKILL');
}

const acceptsLogged = (db: Db) =>
  db.prepare(`SELECT offer_id AS offer, outcome, json_extract(detail, '$.reason') AS reason FROM rule_log WHERE action = 'accept' ORDER BY offer_id`).all() as Array<{ offer: number; outcome: string; reason: string | null }>;
const onService = (offerId: number) => server.service.db.prepare('SELECT status FROM offers WHERE id = ?').pluck().get(offerId);

describe('the rules log after a SIGKILL while decisions are sent', () => {
  it('logs an accept that reached the marketplace as done, not moot, when the app died before recording its answer (the last unit)', async () => {
    const s = await shop(1, [95]);
    expect(s.queued).toBe(1);
    await killedAt(s.path, s.username, 'settle');
    expect(onService(s.offerIds[0]!)).toBe('accepted');
    const core = openCore(s.path, s.username);
    try {
      // The next start: a pull, the rules, the push.
      await core.engine.pull();
      rulesPass(core.db)(Date.now());
      await core.engine.push();
      expect(acceptsLogged(core.db)).toEqual([{ offer: s.offerIds[0], outcome: 'done', reason: null }]);
      // Read back, never sent again.
      expect(core.db.prepare(`SELECT count(*) FROM request_log WHERE method = 'PUT'`).pluck().get()).toBe(1);
    } finally {
      core.db.close();
    }
  });

  it('makes one accept per unit: a rules pass after the restart, before any pull, does not accept a third offer for an item of two', async () => {
    const s = await shop(2, [97, 96, 95]);
    expect(s.queued).toBe(2);
    await killedAt(s.path, s.username, 'second-put');
    expect(s.offerIds.map(onService)).toEqual(['accepted', 'pending', 'pending']);
    const core = openCore(s.path, s.username);
    try {
      // "Run now" at the next start, before the first pull: the cache holds the first accept's effect.
      expect(rulesPass(core.db)(Date.now()).queued).toBe(0);
      await core.engine.push();
      await core.engine.pull();
      rulesPass(core.db)(Date.now());
      await core.engine.push();
      expect(acceptsLogged(core.db)).toEqual([
        { offer: s.offerIds[0], outcome: 'done', reason: null },
        { offer: s.offerIds[1], outcome: 'done', reason: null },
      ]);
      expect(s.offerIds.map(onService)).toEqual(['accepted', 'accepted', 'expired']);
    } finally {
      core.db.close();
    }
  });
});
