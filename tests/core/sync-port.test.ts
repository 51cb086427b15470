// The sync through the marketplace port, with a double of the port instead of HTTP: the seam a
// second marketplace would plug into. The same behaviours against the real service over HTTP are
// in sync-push.test.ts; these show that the engine needs nothing but the port.
import { describe, expect, it } from 'vitest';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { draftWrites } from '../../electron/core/drafts/draft-writes.ts';
import { statusChanges } from '../../electron/core/drafts/status-changes.ts';
import { rulesPass } from '../../electron/core/rules/rules-pass.ts';
import { ruleStore } from '../../electron/core/rules/rule-store.ts';
import { createSyncEngine } from '../../electron/core/sync/index.ts';
import type { MarketOffer, MarketQuestion } from '../../electron/core/sync/marketplace-types.ts';
import { OfferRuleInputSchema } from '../../shared/ipc/rules.ts';
import { completeBuyNow, openTempDb, privateSellerRules } from './support.ts';
import { marketplaceDouble } from './support/marketplace-double.ts';

function sellerWithDouble() {
  const { db } = openTempDb();
  settingsCache(db).saveRules(privateSellerRules(), Date.now());
  settingsCache(db).replaceCategories([
    { id: 101, parentId: 0, level: 1, title: 'Furniture', position: 0 },
    { id: 1010, parentId: 101, level: 2, title: 'Tables', position: 0 },
    { id: 10102, parentId: 1010, level: 3, title: 'Dining tables', position: 0 },
  ]);
  const marketplace = marketplaceDouble(1_000_001, privateSellerRules());
  const engine = createSyncEngine({ db, api: marketplace.port, backoffBaseMs: 5, backoffCapMs: 50 });
  return { db, marketplace, engine, drafts: draftWrites(db), status: statusChanges(db) };
}

describe('the sync through the marketplace port (no HTTP)', () => {
  it('creates a published draft on the marketplace once and marks it synced', async () => {
    const { db, marketplace, engine, drafts, status } = sellerWithDouble();
    const { localId } = drafts.createDraft(completeBuyNow('Oak table'));
    status.publish(localId);
    const result = await engine.push();
    expect(result).toMatchObject({ applied: 2, parked: 0, pending: 0, paused: false });
    expect([...marketplace.listings.values()].map((i) => [i.fields.title, i.status])).toEqual([['Oak table', 'published']]);
    const row = db.prepare('SELECT remote_id, status, sync_state FROM items WHERE local_id = ?').get(localId);
    expect(row).toEqual({ remote_id: [...marketplace.listings.keys()][0], status: 'published', sync_state: 'synced' });
    expect(marketplace.calls.filter((c) => c === 'createListing')).toHaveLength(1);
  });

  it('parks the row and rejects the item, naming the field, when the marketplace refuses it', async () => {
    const { db, marketplace, engine, drafts, status } = sellerWithDouble();
    const { localId } = drafts.createDraft(completeBuyNow('Oak table'));
    status.publish(localId);
    marketplace.refuseNextCreate('title', 'invalid', 'title: not allowed here');
    const result = await engine.push();
    expect(result).toMatchObject({ parked: 1, paused: false });
    expect(marketplace.listings.size).toBe(0);
    const row = db.prepare('SELECT sync_state, reject_field, reject_code FROM items WHERE local_id = ?').get(localId);
    expect(row).toEqual({ sync_state: 'rejected', reject_field: 'title', reject_code: 'invalid' });
  });

  it('pushes a create, an edit and a status change, and pulls the listings back from their summaries (no HTTP)', async () => {
    const { db, marketplace, engine, drafts, status } = sellerWithDouble();
    // A draft made on the web: the pull reads it in full (a draft is never kept from its summary).
    const web = await marketplace.port.createListing({ fields: completeBuyNow('Tammipöytä') }, { idempotencyKey: 'web-1' });
    expect(await engine.pull()).toMatchObject({ inserted: 1 });
    const localId = db.prepare(`SELECT local_id FROM items WHERE remote_id = ?`).pluck().get(web.id) as number;
    // Edited and published here, and a new draft published here.
    drafts.editDraft(localId, { buyNowPrice: 99 });
    status.publish(localId);
    const made = drafts.createDraft(completeBuyNow('Kirjahylly')).localId;
    status.publish(made);
    expect(await engine.push()).toMatchObject({ parked: 0, pending: 0 });
    // (Two items are pushed side by side: their calls interleave.)
    expect(marketplace.calls.filter((c) => /^(createListing|editListing|changeStatus)/.test(c)).sort()).toEqual([
      'changeStatus preview', 'changeStatus preview', 'changeStatus published', 'changeStatus published', 'createListing', 'createListing', 'editListing',
    ]);
    const remote = marketplace.listings.get(web.id)!;
    expect(remote).toMatchObject({ status: 'published', fields: { title: 'Tammipöytä', buyNowPrice: 99 } });
    expect([...marketplace.listings.values()].map((l) => [l.fields.title, l.status])).toEqual([['Tammipöytä', 'published'], ['Kirjahylly', 'published']]);
    // The cache's copy is the app's listing as the marketplace answered the publish.
    const copy = (id: number) => JSON.parse(String(db.prepare(`SELECT server_copy FROM items WHERE remote_id = ?`).pluck().get(id)));
    expect(copy(web.id)).toMatchObject({ id: web.id, status: 'published', fields: { buyNowPrice: 99 } });

    // Nothing changed: the summaries match the copies, so no listing is read in full.
    const callsFrom = (at: number) => marketplace.calls.slice(at);
    let at = marketplace.calls.length;
    expect(await engine.pull()).toMatchObject({ items: 2, inserted: 0, taken: 0, conflicts: 0, removedRemotely: 0 });
    expect(callsFrom(at)).toContain('listings');
    expect(callsFrom(at)).not.toContain('listing');

    // On the web: the price changed, and a listing made and closed there (unsold).
    marketplace.listings.set(web.id, { ...remote, fields: { ...remote.fields, buyNowPrice: 89 } });
    const shelf = await marketplace.port.createListing({ fields: { title: 'Kirjahylly', saleMethod: 'auction', startingPrice: 10, postalCode: '00200' } }, { idempotencyKey: 'web-2' });
    marketplace.listings.set(shelf.id, { ...shelf, status: 'closed', listedAt: '2026-11-01T12:00:00+0200', closesAt: '2026-11-08T12:00:00+0200' });
    at = marketplace.calls.length;
    expect(await engine.pull()).toMatchObject({ items: 3, inserted: 1, taken: 1, conflicts: 0 });
    // The changed one read in full (once); the new closed one kept from its summary.
    expect(callsFrom(at).filter((c) => c === 'listing')).toHaveLength(1);
    expect(db.prepare(`SELECT buy_now_price, sync_state, detail FROM items WHERE local_id = ?`).get(localId)).toEqual({ buy_now_price: 89, sync_state: 'synced', detail: 'full' });
    expect(db.prepare(`SELECT status, detail, title, sale_method, postal_code, starting_price, units_left, closes_at FROM items WHERE remote_id = ?`).get(shelf.id)).toEqual({
      status: 'closed', detail: 'summary', title: 'Kirjahylly', sale_method: 'auction', postal_code: '00200', starting_price: null, units_left: null,
      closes_at: Date.parse('2026-11-08T12:00:00+02:00'),
    });
    // Its copy is what the summary told, nothing more: no units, no starting price.
    expect(copy(shelf.id)).toMatchObject({ id: shelf.id, status: 'closed', fields: { title: 'Kirjahylly' } });
    expect(copy(shelf.id)).not.toHaveProperty('unitsLeft');
    expect(copy(shelf.id).fields).not.toHaveProperty('startingPrice');
  });

  it('pulls a listing, its facts and the questions and offers on it through the port, and a rule decides an offer (no HTTP)', async () => {
    const { db } = openTempDb();
    const marketplace = marketplaceDouble(1_000_001, privateSellerRules());
    // The seller listed a lamp on the web: one unit, closing on a set day.
    const draft = await marketplace.port.createListing({ fields: { title: 'Messinkilamppu', saleMethod: 'buy-now', buyNowPrice: 100, quantity: 1 } }, { idempotencyKey: 'web' });
    const listed = { ...draft, status: 'published' as const, listedAt: '2026-11-20T12:00:00+0200', closesAt: '2026-11-27T12:00:00+0200' };
    marketplace.listings.set(draft.id, listed);
    const record = (v: object) => JSON.stringify(v);
    const question: MarketQuestion = { id: 71, itemId: draft.id, question: 'Toimiiko?', answer: null, author: 'maija', askedAt: '2026-11-21T09:00:00+0200', answeredAt: null, record: record({ id: 71 }) };
    const offer = (id: number, amount: number, author: string): MarketOffer => ({ id, itemId: draft.id, amount, message: null, state: 'pending', author, expiresAt: '2099-01-01T00:00:00+0200', changedAt: '2026-11-21T10:00:00+0200', record: record({ id }) });
    marketplace.questions.push(question);
    marketplace.offers.push(offer(81, 95, 'maija'), offer(82, 40, 'jussi'));
    // The shop's rule: accept an offer of 90 % of the buy-now price or more.
    ruleStore(db).saveOfferRule(OfferRuleInputSchema.parse({ scope: 'shop', scopeId: 0, acceptPercent: 90 }), Date.now());
    const pass = rulesPass(db);
    const engine = createSyncEngine({ db, api: marketplace.port, backoffBaseMs: 5, backoffCapMs: 50, afterPull: () => void pass(Date.now()) });

    const pulled = await engine.pull();
    expect(pulled).toMatchObject({ inserted: 1, questions: 1, offers: 2 });
    const row = () => db.prepare(`SELECT local_id, status, title, detail, units_left, closes_at, listed_at FROM items WHERE remote_id = ?`).get(draft.id);
    expect(row()).toMatchObject({ status: 'published', title: 'Messinkilamppu', detail: 'full', units_left: 1, closes_at: Date.parse('2026-11-27T12:00:00+02:00'), listed_at: '2026-11-20T12:00:00+0200' });
    expect(db.prepare(`SELECT remote_id, question, author, created FROM questions`).all()).toEqual([{ remote_id: 71, question: 'Toimiiko?', author: 'maija', created: '2026-11-21T09:00:00+0200' }]);
    expect(db.prepare(`SELECT remote_id, amount, status, pending_decision FROM offers ORDER BY remote_id`).all()).toEqual([
      { remote_id: 81, amount: 95, status: 'pending', pending_decision: 'accepted' },
      { remote_id: 82, amount: 40, status: 'pending', pending_decision: null },
    ]);
    // The pull read what the port offers in the app's words: a marketplace without the sync
    // extension (summaries without their change time), so each open listing's lists.
    expect(marketplace.calls).toEqual(expect.arrayContaining(['listQuestions', 'listOffers', 'categories', 'listingRules']));
    expect(marketplace.calls).not.toContain('tradingSince');

    // The push sends the rule's decision: the listing's state read first, the accept, and its last unit gone.
    const pushed = await engine.push();
    expect(pushed).toMatchObject({ parked: 0, pending: 0 });
    expect(marketplace.calls).toEqual(expect.arrayContaining(['listingState', 'decideOffer accepted']));
    expect(marketplace.offers.map((o) => [o.id, o.state])).toEqual([[81, 'accepted'], [82, 'pending']]);
    expect(row()).toMatchObject({ status: 'closed', units_left: 0 });
    expect(db.prepare(`SELECT action, outcome, json_extract(detail, '$.sent') AS sent FROM rule_log WHERE offer_id = 81`).get())
      .toEqual({ action: 'accept', outcome: 'done', sent: `accept offer 81 on listing ${draft.id}` });
    expect(db.prepare(`SELECT status FROM offers WHERE remote_id = 81`).pluck().get()).toBe('accepted');
  });
});
