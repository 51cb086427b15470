// The seller screens' stores over the real core (memory transport: JSON copies, no shared
// objects) and the real service on port 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call as bridgeCall } from '../../renderer/src/bridge/bridge-types.ts';
import { createOffersStore, decisionSummary } from '../../renderer/src/offers/offers-store.ts';
import { translate } from '../../renderer/src/i18n/translate.ts';
import type { Msg } from '../../renderer/src/i18n/messages.ts';
import type { ErrorInfo } from '../../renderer/src/draft-editor/error-info.ts';
import { answerProblems, createCannedEditor, sampleItem } from '../../renderer/src/questions/canned-editor-store.ts';
import { ANSWER_MAX, createQuestionsStore, DEFAULT_CANNED, fillTemplate } from '../../renderer/src/questions/questions-store.ts';
import { createSalesStore } from '../../renderer/src/sales/sales-store.ts';
import { createSyncProblemsStore } from '../../renderer/src/sync-panel/sync-problems-store.ts';
import { call, startTestServer, TEST_PASSWORD, type TestServer } from '../support/server.ts';
import { insertTradingItem } from '../support/trading-fixtures.ts';
import { signedInSeller } from './seller-session.ts';
import '../support/catalogs-loaded.ts';

let server: TestServer;
let n = 0;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** A store's message as an English-speaking seller reads it (a core error: its sentence). */
const said = (message: Msg | ErrorInfo | null | undefined) => (message ? ('id' in message ? translate(message, 'en') : message.message) : undefined);

async function setup() {
  const { username, userId, bridge, session, syncNow } = await signedInSeller(server, `store-seller-${++n}`);
  const stores = {
    questions: createQuestionsStore(bridge), offers: createOffersStore(bridge), sales: createSalesStore(bridge), problems: createSyncProblemsStore(bridge),
  };
  const close = () => {
    for (const s of Object.values(stores)) s.getState().dispose();
    session.close();
  };
  return { username, userId, bridge, stores, close, syncNow };
}

describe('canned answers', () => {
  it('fill {title}, {price} and {deliveryTerms} from the item in the seller\'s language and leave unknown placeholders as typed', () => {
    const item = { title: 'Oak chair', price: 40, buyNowPrice: null, currentPrice: 40, deliveryPrice: 9.9, deliveryTerms: 'Posti within 2 days', paymentTerms: null };
    expect(fillTemplate('"{title}" costs {price}; {deliveryTerms}. {colour}?', item, 'fi')).toBe('"Oak chair" costs 40,00\u00a0€; Posti within 2 days. {colour}?');
    expect(fillTemplate('"{title}" costs {price}; {deliveryTerms}. {colour}?', item, 'en')).toBe('"Oak chair" costs €40.00; Posti within 2 days. {colour}?');
    expect(fillTemplate('Payment: {paymentTerms}.', item, 'fi')).toBe('Payment: sopimuksen mukaan.');
  });
});

describe('the seller stores', () => {
  it('answer a question with a canned text, accept an offer after a confirmation, and show the sale', async () => {
    const t = await setup();
    try {
      const buyer = await server.login(`store-buyer-${n}`);
      const item = insertTradingItem(server.service, { seller_id: t.userId, title: 'Oak chair', starting_price: 40 });
      await call(server.api(`/items/${item}/questions`), { method: 'POST', token: buyer.token, json: { question: 'Still there?' } });
      await call(server.api(`/items/${item}/offers`), { method: 'POST', token: buyer.token, json: { offer: 35 } });
      await t.syncNow();

      const q = t.stores.questions;
      await q.getState().load();
      const question = q.getState().rows[0];
      expect(question).toMatchObject({ question: 'Still there?', answer: null });
      q.getState().useCanned(question?.questionId ?? 0, 0);
      expect(q.getState().drafts[question?.questionId ?? 0]).toBe('Yes, “Oak chair” is still available at €40.00.');
      q.getState().setDraft(question?.questionId ?? 0, 'x'.repeat(400));
      expect(q.getState().drafts[question?.questionId ?? 0]).toHaveLength(ANSWER_MAX);
      q.getState().setDraft(question?.questionId ?? 0, 'Yes, it is.');
      expect(await q.getState().answer(question?.questionId ?? 0)).toBe(true);
      expect(q.getState().rows[0]).toMatchObject({ pendingAnswer: 'Yes, it is.' });

      const o = t.stores.offers;
      await o.getState().load();
      const offer = o.getState().rows[0];
      o.getState().toggle(offer?.offerId ?? 0);
      o.getState().ask('accepted', o.getState().selected);
      expect(said(decisionSummary('accepted', o.getState().rows))).toMatch(/binding sale at the offered price/);
      // Nothing is decided before the confirmation.
      expect((await bridgeCall(t.bridge, 'offers.list', {}))[0]?.pendingDecision).toBeNull();
      await o.getState().confirm();
      const notice = o.getState().notice;
      expect(notice?.kind).toBe('info');
      expect(said(notice && 'msg' in notice ? notice.msg : null)).toBe('1 offer accepted: sent with the next sync.');
      expect(o.getState().rows[0]?.pendingDecision).toBe('accepted');

      await t.syncNow();
      expect(o.getState().rows).toEqual([]);
      expect(q.getState().rows[0]).toMatchObject({ answer: 'Yes, it is.', pendingAnswer: null });
      const sales = t.stores.sales;
      await sales.getState().setFilter('closed');
      expect(sales.getState().rows.map((r) => r.title)).toEqual(['Oak chair']);
      expect(sales.getState().dashboard?.sellThrough).toEqual({ closed: 1, sold: 1 });
    } finally {
      t.close();
    }
  });

  it('let the seller add, rename, edit and delete canned answers, flag unknown placeholders and answer with a saved one', async () => {
    const t = await setup();
    try {
      const buyer = await server.login(`store-buyer-${n}`);
      const item = insertTradingItem(server.service, { seller_id: t.userId, title: 'Teak table', starting_price: 120 });
      await call(server.api(`/items/${item}/questions`), { method: 'POST', token: buyer.token, json: { question: 'Can you ship it?' } });
      await t.syncNow();
      const q = t.stores.questions;
      await q.getState().load();
      expect(q.getState()).toMatchObject({ canned: DEFAULT_CANNED, cannedCustom: false });
      const questionId = q.getState().rows[0]?.questionId ?? 0;

      const editor = createCannedEditor(t.bridge, q);
      editor.getState().openFor(questionId);
      expect(editor.getState()).toMatchObject({ open: true, selected: 0, previewItem: { title: 'Teak table' } });
      expect(editor.getState().answers.map((a) => a.name)).toEqual(DEFAULT_CANNED.map((a) => a.name));

      // Rename and edit the first, delete "Payment", add a new one with a typo'd placeholder.
      editor.getState().update(0, { name: 'Available', text: 'Yes, {title} is available: {price}.' });
      editor.getState().remove(2);
      editor.getState().add();
      const added = editor.getState().selected;
      expect(editor.getState().answers[added]?.name).toBe('New answer');
      editor.getState().update(added, { name: 'Shipping', text: 'I ship {tittle} with {deliveryTerms}.' });
      expect(answerProblems(editor.getState().answers)[added]).toMatchObject({ unknown: ['tittle'] });
      expect(said(answerProblems(editor.getState().answers)[added]?.text)).toMatch(/unknown placeholder \{tittle\}/);
      expect(await editor.getState().save()).toBe(false);
      expect(said(editor.getState().error)).toMatch(/Shipping.*\{tittle\}/);
      expect((await bridgeCall(t.bridge, 'cannedAnswers.list', {})).custom).toBe(false);

      editor.getState().update(added, { text: 'I ship {title} with Posti, postage {deliveryPrice}.' });
      editor.getState().move(added, -1);
      expect(editor.getState().answers.map((a) => a.name)).toEqual(['Available', 'Shipping', 'Delivery']);
      // A name used twice is refused before anything is sent.
      editor.getState().update(2, { name: 'shipping' });
      expect(said(answerProblems(editor.getState().answers)[2]?.name)).toMatch(/used twice/);
      editor.getState().update(2, { name: 'Delivery' });
      expect(await editor.getState().save()).toBe(true);
      expect(editor.getState().open).toBe(false);
      expect(q.getState().canned.map((a) => a.name)).toEqual(['Available', 'Shipping', 'Delivery']);
      expect(q.getState().cannedCustom).toBe(true);

      // A fresh store (another window, a restart) reads the saved list from the core.
      const other = createQuestionsStore(t.bridge);
      await other.getState().load();
      expect(other.getState().canned).toEqual(q.getState().canned);
      other.getState().dispose();

      q.getState().useCanned(questionId, 1);
      // The item has no postage: its clause goes (issue 21), never "postage —" to the buyer.
      expect(q.getState().drafts[questionId]).toBe('I ship Teak table with Posti.');
      expect(await q.getState().answer(questionId)).toBe(true);

      // Restoring the defaults also reaches the inbox; with no question the preview uses a sample.
      editor.getState().openFor();
      expect(await editor.getState().restoreDefaults()).toBe(true);
      expect(q.getState()).toMatchObject({ canned: DEFAULT_CANNED, cannedCustom: false });
      editor.getState().close();
      const empty = createCannedEditor(t.bridge, createQuestionsStore(t.bridge));
      empty.getState().openFor();
      expect(empty.getState().previewItem).toEqual(sampleItem());
    } finally {
      t.close();
    }
  });

  it('resolve a conflict only once every field has a choice', async () => {
    const t = await setup();
    try {
      const login = await call(server.api('/authentication'), { method: 'POST', json: { username: t.username, password: TEST_PASSWORD } });
      const token = (login.body as { authentication: { token: { id: string } } }).authentication.token.id;
      const created = await call(server.api('/items'), { method: 'POST', token, json: { status: 'draft', title: 'Desk', postalCode: '00100' } });
      const remoteId = (created.body as { id: number }).id;
      await t.syncNow();
      const localId = (await bridgeCall(t.bridge, 'sales.list', { status: 'draft' })).rows[0]?.localId ?? 0;
      await bridgeCall(t.bridge, 'sync.setOffline', { offline: true });
      await bridgeCall(t.bridge, 'drafts.update', { localId, changes: { title: 'Desk (mine)', postalCode: '00200' } });
      await call(server.api(`/items/${remoteId}`), { method: 'PUT', token, json: { title: 'Desk (theirs)', postalCode: '00300' } });
      await bridgeCall(t.bridge, 'sync.setOffline', { offline: false });
      await t.syncNow();

      const p = t.stores.problems;
      await p.getState().load();
      expect(p.getState().problems?.conflicts[0]?.fields.map((f) => f.field).sort()).toEqual(['postalCode', 'title']);
      p.getState().choose(localId, 'title', 'local');
      await p.getState().resolve(localId);
      expect(translate(p.getState().error!, 'en')).toMatch(/every field/);
      p.getState().choose(localId, 'postalCode', 'remote');
      await p.getState().resolve(localId);
      expect(p.getState().problems?.conflicts).toEqual([]);
      await t.syncNow();
      const remote = (await call(server.api(`/items/${remoteId}`), { token })).body as { title: string; postalCode: string };
      expect(remote).toMatchObject({ title: 'Desk (mine)', postalCode: '00300' });
    } finally {
      t.close();
    }
  });
});
