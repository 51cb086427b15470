// The seller screens' new stores and core reads (issue 14) over the real core (memory transport)
// and the real service on port 0: several questions answered with one canned answer through the
// outbox, the sales with their buyers, totals per period and a CSV for Finnish or English Excel,
// and each item's picture for the inbox cards.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call as bridgeCall } from '../../renderer/src/bridge/bridge-types.ts';
import { translate } from '../../renderer/src/i18n/translate.ts';
import { localeStore } from '../../renderer/src/i18n/locale-store.ts';
import { createOffersStore, groupByItem } from '../../renderer/src/offers/offers-store.ts';
import { createQuestionsStore } from '../../renderer/src/questions/questions-store.ts';
import { createSalesStore, shownSold } from '../../renderer/src/sales/sales-store.ts';
import { periodTotals, sumOf } from '../../renderer/src/sales/sold-table.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { signedInSeller } from './seller-session.ts';
import { insertTradingItem } from '../support/trading-fixtures.ts';
import { tempFolder } from './support.ts';
import '../support/catalogs-loaded.ts';

let server: TestServer;
let n = 0;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  localeStore.getState().choose('system');
  await server.close();
});

async function setup() {
  const { userId, bridge, session, syncNow } = await signedInSeller(server, `i18n-seller-${++n}`);
  const stores = { questions: createQuestionsStore(bridge), offers: createOffersStore(bridge), sales: createSalesStore(bridge) };
  const close = () => {
    for (const s of Object.values(stores)) s.getState().dispose();
    session.close();
  };
  return { userId, bridge, stores, close, syncNow, session };
}

describe('the questions inbox', () => {
  it('answers several questions with one canned answer, each filled from its own item, through the outbox', async () => {
    const t = await setup();
    try {
      const buyer = await server.login(`i18n-buyer-${n}`);
      const chair = insertTradingItem(server.service, { seller_id: t.userId, title: 'Oak chair', starting_price: 40 });
      const lamp = insertTradingItem(server.service, { seller_id: t.userId, title: 'Brass lamp', sale_method: 'buy-now', buy_now_price: 25 });
      for (const [id, question] of [[chair, 'Still there?'], [lamp, 'Is it available?']] as const) {
        await call(server.api(`/items/${id}/questions`), { method: 'POST', token: buyer.token, json: { question } });
      }
      await t.syncNow();
      localeStore.getState().choose('fi');
      const q = t.stores.questions;
      await q.getState().load();
      expect(q.getState().rows).toHaveLength(2);
      expect(q.getState().rows.every((r) => r.itemStatus === 'published' && (r.closesAt ?? 0) > Date.now())).toBe(true);

      q.getState().selectAllOpen(true);
      expect(q.getState().selected).toHaveLength(2);
      // Nothing is chosen: nothing is sent.
      expect(await q.getState().answerSelected(9)).toBe(false);
      expect(await q.getState().answerSelected(0)).toBe(true);
      const notice = q.getState().notice;
      expect(notice && 'msg' in notice ? translate(notice.msg, 'fi') : null).toBe('2 kysymykseen vastattu: lähtee seuraavassa synkronoinnissa.');
      // The default answer in Finnish, filled per item with the Finnish money format; queued, not yet sent.
      const pending = Object.fromEntries(q.getState().rows.map((r) => [r.item.title, r.pendingAnswer]));
      expect(pending).toEqual({
        'Oak chair': 'Kyllä, ”Oak chair” on vielä myynnissä hintaan 40,00\u00a0€.',
        'Brass lamp': 'Kyllä, ”Brass lamp” on vielä myynnissä hintaan 25,00\u00a0€.',
      });
      expect(q.getState().selected).toEqual([]);
      expect((await bridgeCall(t.bridge, 'sync.status', {})).queueLength).toBe(2);

      await t.syncNow();
      const remote = await call(server.api(`/items/${lamp}/questions`));
      expect(JSON.stringify(remote.body)).toContain('Kyllä, ”Brass lamp” on vielä myynnissä');
      // A question answered meanwhile is reported, the others go on.
      const again = await bridgeCall(t.bridge, 'questions.answerMany', { answers: q.getState().rows.map((r) => ({ questionId: r.questionId, answer: 'Again' })) });
      expect(again).toMatchObject({ answered: 0, refused: [{ code: 'state' }, { code: 'state' }] });
    } finally {
      localeStore.getState().choose('en');
      t.close();
    }
  });
});

describe('a canned answer for several questions, shown first (issue 21, item 7)', () => {
  it('fills each buyer\'s answer for their own question, drops a clause whose placeholder is empty, and sends only on Send', async () => {
    const t = await setup();
    try {
      const buyer = await server.login(`i18n-preview-buyer-${n}`);
      const chair = insertTradingItem(server.service, { seller_id: t.userId, title: 'Tammituoli', starting_price: 40 });
      const lamp = insertTradingItem(server.service, { seller_id: t.userId, title: 'Messinkilamppu', sale_method: 'buy-now', buy_now_price: 25 });
      for (const [id, question] of [[chair, 'Onko osta heti -hintaa?'], [lamp, 'Paljonko heti?']] as const) {
        await call(server.api(`/items/${id}/questions`), { method: 'POST', token: buyer.token, json: { question } });
      }
      await t.syncNow();
      localeStore.getState().choose('fi');
      await bridgeCall(t.bridge, 'cannedAnswers.save', { answers: [{ name: 'Hinta', text: 'Kiitos kysymyksestä! Osta heti -hinta on {buyNowPrice}. Toimitus sovitaan.' }] });
      const q = t.stores.questions;
      await q.getState().load();
      q.getState().selectAllOpen(true);
      expect(q.getState().previewSelected(0)).toBe(true);
      const shown: Record<string, [string, string]> = Object.fromEntries((q.getState().bulkPreview?.answers ?? []).map((a) => [a.title ?? '', [a.question, a.answer]]));
      // The auction has no buy-now price: its clause goes, never "(—)".
      expect(shown).toEqual({
        Tammituoli: ['Onko osta heti -hintaa?', 'Kiitos kysymyksestä! Toimitus sovitaan.'],
        Messinkilamppu: ['Paljonko heti?', 'Kiitos kysymyksestä! Osta heti -hinta on 25,00\u00a0€. Toimitus sovitaan.'],
      });
      // Shown, not sent; cancelled, still nothing sent.
      expect((await bridgeCall(t.bridge, 'sync.status', {})).queueLength).toBe(0);
      q.getState().cancelPreview();
      expect(q.getState().bulkPreview).toBeNull();
      expect(q.getState().rows.every((r) => r.pendingAnswer === null)).toBe(true);
      // Shown again and sent: exactly the answers shown.
      q.getState().previewSelected(0);
      expect(await q.getState().sendPreview()).toBe(true);
      expect(q.getState().bulkPreview).toBeNull();
      const pending = Object.fromEntries(q.getState().rows.map((r) => [r.item.title, r.pendingAnswer]));
      expect(pending).toEqual(Object.fromEntries(Object.entries(shown).map(([title, [, answer]]) => [title, answer])));
      expect((await bridgeCall(t.bridge, 'sync.status', {})).queueLength).toBe(2);
    } finally {
      localeStore.getState().choose('en');
      t.close();
    }
  });
});

describe('the offers inbox', () => {
  it('groups the offers under their item, the item with its price and time left', async () => {
    const t = await setup();
    try {
      const [anna, ville] = [await server.login(`i18n-anna-${n}`), await server.login(`i18n-ville-${n}`)];
      const table = insertTradingItem(server.service, { seller_id: t.userId, title: 'Pine table', starting_price: 90 });
      const sofa = insertTradingItem(server.service, { seller_id: t.userId, title: 'Sofa', starting_price: 200 });
      await call(server.api(`/items/${table}/offers`), { method: 'POST', token: anna.token, json: { offer: 70 } });
      await call(server.api(`/items/${sofa}/offers`), { method: 'POST', token: anna.token, json: { offer: 150 } });
      await call(server.api(`/items/${table}/offers`), { method: 'POST', token: ville.token, json: { offer: 80 } });
      await t.syncNow();
      const o = t.stores.offers;
      await o.getState().load();
      const groups = groupByItem(o.getState().rows);
      expect(groups.map((g) => [g.offers[0]?.title, g.offers.map((r) => r.amount).sort()])).toEqual(expect.arrayContaining([['Pine table', [70, 80]], ['Sofa', [150]]]));
      expect(groups).toHaveLength(2);
      expect(o.getState().rows.every((r) => (r.closesAt ?? 0) > Date.now())).toBe(true);
    } finally {
      t.close();
    }
  });
});

describe('the sales screen', () => {
  it('counts every unit sold from items of several units that are still open: accepted offers and a purchase of two', async () => {
    const t = await setup();
    try {
      const buyers = await Promise.all(['maija', 'jussi', 'ella'].map((b) => server.login(`units-${b}-${n}`)));
      const item = (title: string, quantity: number, price: number) =>
        insertTradingItem(server.service, { seller_id: t.userId, title, sale_method: 'buy-now', buy_now_price: price, quantity, quantity_left: quantity });
      const pair = item('Kahvikupit, 2 kpl', 2, 30);
      const three = item('Lautaset, 3 kpl', 3, 1000);
      const stock = item('Kynttilät', 5, 12.5);
      const offer = async (id: number, buyer: number, amount: number) =>
        ((await call(server.api(`/items/${id}/offers`), { method: 'POST', token: buyers[buyer]!.token, json: { offer: amount } })).body as { id: number }).id;
      const offers = [await offer(pair, 0, 28), await offer(three, 1, 990.33), await offer(three, 2, 1000)];
      // A purchase of two units at the buy-now price.
      const bought = await call(server.api(`/items/${stock}/bids`), { token: buyers[0]!.token, json: { bid: 12.5, quantityMin: 2, quantityMax: 2 } });
      expect(bought.status, bought.text).toBe(201);
      await t.syncNow();
      expect(await bridgeCall(t.bridge, 'offers.decide', { offerIds: offers, decision: 'accepted' })).toEqual({ decided: 3, refused: [] });
      await t.syncNow();
      await t.syncNow();
      // Each item still has a unit on sale.
      for (const id of [pair, three, stock]) expect(server.service.db.prepare('SELECT status FROM items WHERE id = ?').pluck().get(id)).toBe('published');

      const sales = t.stores.sales;
      await sales.getState().load();
      const sold = sales.getState().sold;
      expect(sold.map((r) => [r.title, r.buyer, r.quantity, r.unitPrice, r.price, r.kind]).sort()).toEqual([
        ['Kahvikupit, 2 kpl', `units-maija-${n}`, 1, 28, 28, 'offer'],
        ['Kynttilät', `units-maija-${n}`, 2, 12.5, 25, 'buy-now'],
        ['Lautaset, 3 kpl', `units-ella-${n}`, 1, 1000, 1000, 'offer'],
        ['Lautaset, 3 kpl', `units-jussi-${n}`, 1, 990.33, 990.33, 'offer'],
      ]);
      expect(sumOf(sold)).toEqual({ sold: 5, revenue: 2043.33 });
      expect(sales.getState().dashboard?.weeks.at(-1)).toMatchObject({ sold: 5, revenue: 2043.33 });

      localeStore.getState().choose('fi');
      const csv = (await sales.getState().exportCsv())?.text.split('\r\n').filter((l) => l !== '') ?? [];
      expect(csv).toHaveLength(5);
      expect(csv.some((l) => l.endsWith(';Kynttilät;units-maija-' + n + ';2;12,50;25,00;Ostettu heti'))).toBe(true);
    } finally {
      localeStore.getState().choose('en');
      t.close();
    }
  });

  it('lists what sold with buyer, price and how, totals per period, and a CSV for Finnish or English Excel', async () => {
    const t = await setup();
    try {
      const [anna, ville] = [await server.login(`i18n-anna-${n}`), await server.login(`i18n-ville-${n}`)];
      const lamp = insertTradingItem(server.service, { seller_id: t.userId, title: 'Brass lamp; "vintage"', sale_method: 'buy-now', buy_now_price: 1234.5 });
      const chair = insertTradingItem(server.service, { seller_id: t.userId, title: 'Oak chair', starting_price: 40 });
      insertTradingItem(server.service, { seller_id: t.userId, title: 'Unsold vase', starting_price: 5 });
      expect((await call(server.api(`/items/${lamp}/bids`), { token: anna.token, json: { bid: 1234.5 } })).status).toBe(201);
      const offer = await call(server.api(`/items/${chair}/offers`), { method: 'POST', token: ville.token, json: { offer: 35.9 } });
      await t.syncNow();
      await bridgeCall(t.bridge, 'offers.decide', { offerIds: [(offer.body as { id: number }).id], decision: 'accepted' });
      await t.syncNow();
      await t.syncNow();

      const sales = t.stores.sales;
      await sales.getState().load();
      const sold = sales.getState().sold;
      expect(sold.map((s) => [s.title, s.buyer, s.price, s.kind]).sort()).toEqual([
        ['Brass lamp; "vintage"', `i18n-anna-${n}`, 1234.5, 'buy-now'],
        ['Oak chair', `i18n-ville-${n}`, 35.9, 'offer'],
      ]);
      expect(sumOf(sold)).toEqual({ sold: 2, revenue: 1270.4 });
      const today = new Date();
      const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
      expect(periodTotals(sold, 'day', { from: day, to: day })).toEqual([{ start: new Date(today).setHours(0, 0, 0, 0), sold: 2, revenue: 1270.4 }]);
      expect(periodTotals(sold, 'month', { from: '', to: '' })).toHaveLength(1);

      // Sorted by price, cheapest first after a second click.
      sales.getState().sortBy('price');
      expect(shownSold(sales.getState()).map((s) => s.price)).toEqual([1234.5, 35.9]);
      sales.getState().sortBy('price');
      expect(shownSold(sales.getState()).map((s) => s.price)).toEqual([35.9, 1234.5]);

      // A range that ended yesterday holds none of them.
      const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
      const yesterdayDay = `${yesterday.getFullYear()}-${String(yesterday.getMonth() + 1).padStart(2, '0')}-${String(yesterday.getDate()).padStart(2, '0')}`;
      await sales.getState().setRange({ to: yesterdayDay });
      expect(sales.getState().sold).toEqual([]);
      await sales.getState().setRange({ to: day, from: day });
      expect(sales.getState().sold).toHaveLength(2);

      localeStore.getState().choose('fi');
      const fi = await sales.getState().exportCsv();
      const lines = fi?.text.split('\r\n') ?? [];
      expect(fi?.text.startsWith('\ufeff')).toBe(true);
      expect(lines[0]).toBe('\ufeffPäivä;Ilmoitus;Ostaja;Kpl;Kappalehinta;Hinta;Tila');
      expect(lines[1]).toBe(`${today.getDate()}.${today.getMonth() + 1}.${today.getFullYear()};Oak chair;i18n-ville-${n};1;35,90;35,90;Tarjous hyväksytty`);
      expect(lines[2]).toBe(`${today.getDate()}.${today.getMonth() + 1}.${today.getFullYear()};"Brass lamp; ""vintage""";i18n-anna-${n};1;1234,50;1234,50;Ostettu heti`);
      expect(translate(sales.getState().notice ?? { id: 'common.none' }, 'fi')).toMatch(/^2 myyntiä tallennettu tiedostoon sales-\d{4}-\d{2}-\d{2}\.csv\.$/);

      localeStore.getState().choose('en');
      const en = await sales.getState().exportCsv();
      const enLines = en?.text.split('\r\n') ?? [];
      expect(enLines[0]).toBe('\ufeffDate,Item,Buyer,Qty,Unit price,Price,Status');
      expect(enLines[2]).toMatch(/^\d{1,2} \w{3} \d{4},"Brass lamp; ""vintage""",i18n-anna-\d+,1,1234\.50,1234\.50,Bought now$/);
    } finally {
      localeStore.getState().choose('en');
      t.close();
    }
  });
});

describe('the items\' pictures', () => {
  it('gives an item its first photo\'s thumbnail, and none to an item without photos', async () => {
    const t = await setup();
    try {
      const { localId } = await bridgeCall(t.bridge, 'drafts.create', { fields: { title: 'With a photo' } });
      const { localId: bare } = await bridgeCall(t.bridge, 'drafts.create', { fields: { title: 'Without' } });
      const path = join(tempFolder(), 'red.jpg');
      writeFileSync(path, await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 20, b: 20 } } }).jpeg().toBuffer());
      await bridgeCall(t.bridge, 'images.add', { localId, files: [{ name: 'red.jpg', source: { kind: 'handle', id: t.session.files.handOver(path) } }] });
      const thumbs = await bridgeCall(t.bridge, 'items.thumbnails', { localIds: [localId, bare] });
      expect(thumbs.map((x) => [x.localId, x.thumbnail?.slice(0, 23) ?? null])).toEqual([[localId, 'data:image/jpeg;base64,'], [bare, null]]);
    } finally {
      t.close();
    }
  });
});
