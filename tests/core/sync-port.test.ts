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
import { completeBuyNow, openTempDb, privateSellerSettings } from './support.ts';
import { marketplaceDouble } from './support/marketplace-double.ts';

function sellerWithDouble() {
  const { db } = openTempDb();
  settingsCache(db).saveSettings(privateSellerSettings(), Date.now());
  settingsCache(db).replaceCategories([
    { id: 101, parentId: 0, level: 1, title: 'Furniture', position: 0 },
    { id: 1010, parentId: 101, level: 2, title: 'Tables', position: 0 },
    { id: 10102, parentId: 1010, level: 3, title: 'Dining tables', position: 0 },
  ]);
  const marketplace = marketplaceDouble();
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

  it('pulls a listing, its facts and the questions and offers on it through the port, and a rule decides an offer (no HTTP)', async () => {
    const { db } = openTempDb();
    const marketplace = marketplaceDouble(1_000_001, privateSellerSettings());
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
    expect(marketplace.calls).toEqual(expect.arrayContaining(['listQuestions', 'listOffers', 'categories', 'sellerSettings']));
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
