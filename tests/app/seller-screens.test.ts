// The seller's screens over the REAL sync engine against the real service on port 0: sign-in
// with the password kept by the shell's vault, the questions and offers inboxes, sales and the
// dashboard, and the sync panel's conflicts resolved field by field.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIpcDispatcher } from '../../electron/core/ipc/dispatcher.ts';
import { openCoreSession } from '../../electron/core/session/core-session.ts';
import { fileCredentialVault } from '../../electron/core/session/credential-file.ts';
import { coreHandlers } from '../../electron/core/ipc/handlers.ts';
import { call, startTestServer, TEST_PASSWORD, type TestServer } from '../support/server.ts';
import { insertTradingItem } from '../support/trading-fixtures.ts';
import { invokeOk, tempFolder } from './support.ts';

let server: TestServer;
let n = 0;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** A seller account signed in through the bridge, as the settings screen does it. */
async function signedInSeller() {
  const username = `screen-seller-${++n}`;
  const userId = await server.addUser(username);
  const root = tempFolder();
  const credentials = fileCredentialVault(join(root, 'credentials.json'));
  const session = openCoreSession({ root, credentials, syncTiming: { debounceMs: 0, pollMs: 0 } });
  const bridge = createIpcDispatcher(coreHandlers(session, async () => {}));
  const account = await invokeOk(bridge, 'accounts.add', { name: 'Test market', baseUrl: server.url });
  await invokeOk(bridge, 'accounts.switch', { id: account.id });
  const signed = await invokeOk(bridge, 'accounts.signIn', { id: account.id, username, password: TEST_PASSWORD });
  return { username, userId, root, session, bridge, signed, close: () => session.close() };
}

describe('signing in', () => {
  it('keeps the password in a file only its owner can read, and refuses a wrong one without storing it', async () => {
    const seller = await signedInSeller();
    try {
      expect(seller.signed).toMatchObject({ username: seller.username, signedIn: true, active: true });
      expect(statSync(join(seller.root, 'credentials.json')).mode & 0o777).toBe(0o600);
      const other = await invokeOk(seller.bridge, 'accounts.add', { name: 'Second', baseUrl: server.url });
      const refused = await seller.bridge.invoke('accounts.signIn', { id: other.id, username: seller.username, password: 'wrong-password' });
      expect(refused.ok).toBe(false);
      const accounts = await invokeOk(seller.bridge, 'accounts.list');
      expect(accounts.find((a) => a.id === other.id)).toMatchObject({ signedIn: false, username: null });
      expect((await invokeOk(seller.bridge, 'sync.status')).engine).toBe('engine');
    } finally {
      seller.close();
    }
  });
});

describe('questions, offers and sales from the cache', () => {
  it('lists unanswered questions first and open offers, and an answer and an accepted offer reach the service', async () => {
    const seller = await signedInSeller();
    try {
      const buyer = await server.login(`screen-buyer-${n}`);
      const item = insertTradingItem(server.service, { seller_id: seller.userId, title: 'Oak chair', starting_price: 40 });
      const other = insertTradingItem(server.service, { seller_id: seller.userId, title: 'Pine table', starting_price: 90 });
      for (const [id, question] of [[item, 'Is it sturdy?'], [other, 'Can I pick it up?']] as const) {
        expect((await call(server.api(`/items/${id}/questions`), { method: 'POST', token: buyer.token, json: { question } })).status).toBe(201);
      }
      const offer = await call(server.api(`/items/${other}/offers`), { method: 'POST', token: buyer.token, json: { offer: 75, message: 'Cash today' } });
      expect(offer.status).toBe(201);

      await invokeOk(seller.bridge, 'sync.now');
      const questions = await invokeOk(seller.bridge, 'questions.list');
      expect(questions.map((q) => q.question).sort()).toEqual(['Can I pick it up?', 'Is it sturdy?']);
      expect(questions.every((q) => q.answer === null)).toBe(true);
      const sturdy = questions.find((q) => q.question === 'Is it sturdy?');
      expect(sturdy?.item).toMatchObject({ title: 'Oak chair', currentPrice: 40 });

      const offers = await invokeOk(seller.bridge, 'offers.list');
      expect(offers).toHaveLength(1);
      expect(offers[0]).toMatchObject({ title: 'Pine table', amount: 75, currentPrice: 90, message: 'Cash today' });
      expect(offers[0]?.expiresAt).toBeGreaterThan(Date.now());

      await invokeOk(seller.bridge, 'questions.answer', { questionId: sturdy?.questionId, answer: 'Yes, solid oak.' });
      const decided = await invokeOk(seller.bridge, 'offers.decide', { offerIds: [offers[0]?.offerId], decision: 'accepted' });
      expect(decided).toEqual({ decided: 1, refused: [] });
      // Before the sync the answer is shown as waiting, and unanswered ones stay first.
      const waiting = await invokeOk(seller.bridge, 'questions.list');
      expect(waiting[0]?.question).toBe('Can I pick it up?');
      expect(waiting[1]).toMatchObject({ answer: null, pendingAnswer: 'Yes, solid oak.' });

      const status = await invokeOk(seller.bridge, 'sync.now');
      expect(status).toMatchObject({ online: true, queueLength: 0, parked: 0 });
      const remoteQuestions = await call(server.api(`/items/${item}/questions`));
      expect(JSON.stringify(remoteQuestions.body)).toContain('Yes, solid oak.');
      const remoteOffer = await call(server.api(`/items/${other}/offers`), { token: buyer.token });
      expect(JSON.stringify(remoteOffer.body)).toContain('"accepted"');
      // A second decision on the same offer is refused locally.
      await invokeOk(seller.bridge, 'sync.now');
      expect(await invokeOk(seller.bridge, 'offers.list')).toEqual([]);

      const sales = await invokeOk(seller.bridge, 'sales.list', { status: 'open' });
      expect(sales.counts.open).toBe(1);
      expect(sales.rows.map((r) => r.title)).toEqual(['Oak chair']);
      const closed = await invokeOk(seller.bridge, 'sales.list', { status: 'closed' });
      expect(closed.rows.map((r) => r.title)).toEqual(['Pine table']);
      const dashboard = await invokeOk(seller.bridge, 'sales.dashboard');
      expect(dashboard.sellThrough).toEqual({ closed: 1, sold: 1 });
      expect(dashboard.weeks).toHaveLength(12);
      expect(dashboard.weeks.at(-1)).toMatchObject({ sold: 1, revenue: 75 });
    } finally {
      seller.close();
    }
  });
});

describe('the sync panel', () => {
  it('shows a field edited offline and on the service side by side, and sends the value the user keeps', async () => {
    const seller = await signedInSeller();
    try {
      const { token } = await call(server.api('/authentication'), { method: 'POST', json: { username: seller.username, password: TEST_PASSWORD } })
        .then((r) => ({ token: (r.body as { authentication: { token: { id: string } } }).authentication.token.id }));
      const created = await call(server.api('/items'), { method: 'POST', token, json: { status: 'draft', title: 'Brass lamp' } });
      const remoteId = (created.body as { id: number }).id;
      await invokeOk(seller.bridge, 'sync.now');
      const row = (await invokeOk(seller.bridge, 'sales.list', { status: 'draft' })).rows.find((r) => r.remoteId === remoteId);
      expect(row).toBeDefined();

      await invokeOk(seller.bridge, 'sync.setOffline', { offline: true });
      await invokeOk(seller.bridge, 'drafts.update', { localId: row?.localId, changes: { title: 'Brass lamp, mine' } });
      expect((await call(server.api(`/items/${remoteId}`), { method: 'PUT', token, json: { title: 'Brass lamp, theirs' } })).status).toBe(200);
      // Offline: nothing goes out.
      expect((await invokeOk(seller.bridge, 'sync.now')).queueLength).toBe(1);

      await invokeOk(seller.bridge, 'sync.setOffline', { offline: false });
      await invokeOk(seller.bridge, 'sync.now');
      const problems = await invokeOk(seller.bridge, 'sync.problems');
      expect(problems.conflicts).toEqual([{ localId: row?.localId, title: 'Brass lamp, mine', fields: [{ field: 'title', local: 'Brass lamp, mine', remote: 'Brass lamp, theirs' }] }]);
      expect(((await call(server.api(`/items/${remoteId}`), { token })).body as { title: string }).title).toBe('Brass lamp, theirs');

      await invokeOk(seller.bridge, 'sync.resolve', { localId: row?.localId, choices: { title: 'local' } });
      const after = await invokeOk(seller.bridge, 'sync.now');
      expect(after.queueLength).toBe(0);
      expect((await invokeOk(seller.bridge, 'sync.problems')).conflicts).toEqual([]);
      expect(((await call(server.api(`/items/${remoteId}`), { token })).body as { title: string }).title).toBe('Brass lamp, mine');
    } finally {
      seller.close();
    }
  });
});
