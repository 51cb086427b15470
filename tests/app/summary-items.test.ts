// Issue 38 through the handler table and the stores, against the real engine and service: an item
// shown from the marketplace's list summary is marked so (its grid row names the fields not read
// yet, its checks are not judged by them), the editor reads its record as it opens it, and every
// path that needs the whole record reads it first (copy, relist, export, a template) or refuses
// while the app works offline: nothing is made or exported from an unknown field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryCredentialStore } from '../../electron/core/api/session.ts';
import { createIpcDispatcher } from '../../electron/core/ipc/dispatcher.ts';
import { coreHandlers } from '../../electron/core/ipc/handlers.ts';
import { openCoreSession } from '../../electron/core/session/core-session.ts';
import { engineSync } from '../../electron/core/session/engine-sync.ts';
import { createMarketplace } from '../../electron/core/api/marketplace.ts';
import { call, typedBridge } from '../../renderer/src/bridge/bridge-types.ts';
import { createEditorStore } from '../../renderer/src/draft-editor/editor-store.ts';
import { createQuestionsStore, fillTemplate } from '../../renderer/src/questions/questions-store.ts';
import { createSyncStore } from '../../renderer/src/stores/sync-store.ts';
import { makeCategories } from '../support/item-helpers.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../support/server.ts';
import { insertShop, type Shop } from '../support/shop-fixtures.ts';
import { memoryTransport } from './memory-transport.ts';
import { tempFolder } from './support.ts';

let server: TestServer;
let shop: Shop;
let buyer = 0;
/** A buyer's question on the service, as its activity feed shows it (written straight into its database). */
const ask = (itemId: number, question: string) => {
  const now = server.service.clock.now();
  server.service.db.prepare(`INSERT INTO questions (item_id, author_id, question, created, updated) VALUES (?, ?, ?, ?, ?)`).run(itemId, buyer, question, now, now);
};
beforeAll(async () => {
  server = await startTestServer();
  const sellerId = await server.addUser('summary-seller', ['private', 'powerseller']);
  const buyerId = await server.addUser('summary-buyer');
  buyer = buyerId;
  // 120 listings: 30 open, 9 sold, 81 closed unsold (one page).
  shop = insertShop(server.service.db, { sellerId, buyerId, categoryId: makeCategories(server).sub, listings: 120 }, server.service.clock.now());
});
afterAll(() => server.close());

describe('items shown from the marketplace\'s list', () => {
  it('are marked in the grid and read when the editor opens them, a copy, a relist, an export or a template reads first, and offline nothing is made of them', async () => {
    const session = openCoreSession({
      root: tempFolder(),
      sync: (db) => engineSync({ db, marketplace: createMarketplace({ baseUrl: server.url, credentials: memoryCredentialStore({ username: 'summary-seller', password: TEST_PASSWORD }) }), backgroundReadMs: 0 }),
    });
    const core = createIpcDispatcher(coreHandlers(session, async () => {}));
    const bridge = typedBridge(memoryTransport(core, session));
    const sync = createSyncStore(bridge);
    try {
      await sync.getState().syncNow();
      // The bar knows what is left: no open or sold record, the 81 unsold ones later.
      expect(sync.getState().shop).toMatchObject({ listing: null, first: { left: 0 }, soldLeft: 0, laterLeft: 81, waitUntil: null });
      const page = await call(bridge, 'drafts.page', { offset: 0, limit: 200 });
      expect(page.total).toBe(120);
      const rowOf = (remoteId: number) => page.rows.find((r) => r.remoteId === remoteId)!;
      expect(rowOf(shop.ids.open[0]!).detailsMissing).toBeUndefined();
      const unsold = shop.ids.unsold.map(rowOf);
      expect(unsold[0]).toMatchObject({ status: 'closed', problems: [], fields: { title: expect.any(String) } });
      expect(unsold[0]!.detailsMissing).toEqual(expect.arrayContaining(['description', 'condition', 'quantity', 'deliveryTerms']));
      expect(unsold[0]!.detailsMissing).not.toContain('title');

      // The editor reads the record as it opens the item.
      const editor = createEditorStore(bridge);
      await editor.actions.open(unsold[0]!.localId);
      await expect.poll(() => editor.getState().details).toBeNull();
      expect(editor.getState().row).toMatchObject({ fields: { description: expect.stringContaining('described in full'), condition: 'good' } });
      expect(editor.getState().row?.detailsMissing).toBeUndefined();

      // A copy, a relist, an export and a template read the record first.
      const copy = await call(bridge, 'drafts.copyClosed', { localId: unsold[1]!.localId });
      expect((await call(bridge, 'drafts.get', { localId: copy.localId })).fields).toMatchObject({ description: expect.stringContaining('described in full'), condition: 'good' });
      const relist = { action: 'relist' as const, target: { localIds: [unsold[2]!.localId, unsold[3]!.localId] } };
      expect(await call(bridge, 'drafts.actionPreview', relist)).toMatchObject({ ready: 2, toRead: 2 });
      expect(await call(bridge, 'drafts.runAction', relist)).toMatchObject({ changed: 2, refused: 0 });
      const exported = await call(bridge, 'csv.export', { localIds: [unsold[4]!.localId] });
      expect(exported.text).toContain('described in full');
      expect(await call(bridge, 'templates.fromDraft', { localId: unsold[5]!.localId, name: 'From an old listing' })).toMatchObject({ fields: { condition: 'good' } });
      await sync.getState().refresh();
      expect(sync.getState().shop).toMatchObject({ laterLeft: 81 - 6 });

      // Offline: nothing is made of an item whose record is not read.
      await sync.getState().setOffline(true);
      const refused = { code: 'state', reason: 'details-missing', params: { count: 1 } };
      await expect(call(bridge, 'drafts.copyClosed', { localId: unsold[6]!.localId })).rejects.toMatchObject(refused);
      await expect(call(bridge, 'csv.export', { localIds: [unsold[6]!.localId] })).rejects.toMatchObject(refused);
      await expect(call(bridge, 'templates.fromDraft', { localId: unsold[6]!.localId, name: 'Offline' })).rejects.toMatchObject(refused);
      const offline = { action: 'relist' as const, target: { localIds: [unsold[6]!.localId] } };
      expect(await call(bridge, 'drafts.runAction', offline)).toMatchObject({ changed: 0, refused: 1 });
      await editor.actions.open(unsold[6]!.localId);
      await expect.poll(() => editor.getState().details).toBe('unread');
      expect((await call(bridge, 'drafts.page', { offset: 0, limit: 200 })).total).toBe(120 + 3);

      // A question on a listing shown from the list: its answer is filled from the item's record,
      // read as the Questions screen opens; offline, its postage and terms are never made up.
      await sync.getState().setOffline(false);
      ask(shop.ids.unsold[7]!, 'Onko vielä saatavilla?');
      await sync.getState().syncNow();
      const questions = createQuestionsStore(bridge);
      await questions.getState().load();
      const rowOfItem = (id: number) => questions.getState().rows.find((r) => r.itemId === id)!;
      expect(rowOfItem(shop.ids.unsold[7]!).item).toMatchObject({ deliveryTerms: null });
      expect(rowOfItem(shop.ids.unsold[7]!).item.unread).toBeUndefined();
      // Offline, a question the feed brought on an item whose record was not read yet (a cut reading).
      await sync.getState().setOffline(true);
      session.db().prepare(`INSERT INTO questions (remote_id, item_remote_id, question, author, created, record) VALUES (990001, ?, 'Miten toimitus?', 'ostaja', '2026-11-29T10:00:00+0200', '{}')`).run(shop.ids.unsold[8]!);
      await questions.getState().load();
      const unreadQuestion = rowOfItem(shop.ids.unsold[8]!);
      expect(unreadQuestion.item).toMatchObject({ unread: true, deliveryTerms: null });
      expect(fillTemplate('Toimitusehdot: {deliveryTerms}. Kiitos!', unreadQuestion.item, 'fi')).toBe('Toimitusehdot: {deliveryTerms}. Kiitos!');
      questions.getState().setDraft(unreadQuestion.questionId, fillTemplate('Toimitusehdot: {deliveryTerms}.', unreadQuestion.item, 'fi'));
      expect(await questions.getState().answer(unreadQuestion.questionId)).toBe(false);
      expect(questions.getState().errors[unreadQuestion.questionId]).toEqual({ id: 'questions.answer.unread' });
      questions.getState().dispose();
    } finally {
      sync.getState().dispose();
      session.close();
    }
  });
});
