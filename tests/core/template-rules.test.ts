// Per-template offer rules: an item remembers the template it was made from or last had applied
// (cache migration 17), and its template's rule decides its offers when the item has no rule of
// its own: item > template > saved group > shop. Through the core's real handler table (contract
// checks included) on a real cache; the offers are what a pull leaves in the cache. Light: a few
// items, no service (the week against the real service is rules-week.test.ts).
import { describe, expect, it } from 'vitest';
import type { Db } from '../../electron/core/db/open-account-db.ts';
import { statusChanges } from '../../electron/core/drafts/status-changes.ts';
import { templateLinks } from '../../electron/core/rules/template-links.ts';
import { invokeOk, openTestCore } from '../support/test-core.ts';

const WORDS = { locale: 'fi', conditions: {} } as const;
let nextRemote = 900;

/** The draft as a pull leaves it once published, with pending offers of these amounts. */
function publishAsPulled(db: Db, localId: number, offers: number[]): number {
  const remoteId = nextRemote++;
  db.prepare(
    `UPDATE items SET remote_id = ?, status = 'published', sync_state = 'synced', sale_method = 'buy-now', buy_now_price = 100, quantity = 1,
            server_copy = '{"quantity":1}', units_left = 1 WHERE local_id = ?`,
  ).run(remoteId, localId);
  db.prepare(`DELETE FROM outbox WHERE item_local_id = ?`).run(localId);
  const add = db.prepare(`INSERT INTO offers (remote_id, item_remote_id, amount, status, author, expires, record) VALUES (?, ?, ?, 'pending', 'maija', '2099-01-01T00:00:00+0200', '{}')`);
  offers.forEach((amount, i) => add.run(remoteId * 10 + i, remoteId, amount));
  return remoteId;
}

async function setup() {
  const core = openTestCore();
  const db = core.session.db();
  const lp = await invokeOk(core.bridge, 'templates.save', { name: 'Vinyylit', fields: { condition: 'good' } });
  const kids = await invokeOk(core.bridge, 'templates.save', { name: 'Lastenvaatteet', fields: { condition: 'good' } });
  return { core, db, lp, kids };
}

describe('per-template offer rules', () => {
  it('a draft made from a template, or one a template is applied to, keeps the template; a relisted copy keeps its original\'s', async () => {
    const { core, db, lp, kids } = await setup();
    const links = templateLinks(db);
    const made = await invokeOk(core.bridge, 'templates.newDraft', { id: lp.id, words: WORDS });
    expect(links.of(made.localId)).toBe(lp.id);
    const plain = await invokeOk(core.bridge, 'drafts.create', { fields: { title: 'Levy' } });
    expect(links.of(plain.localId)).toBeNull();
    // Applied: the drafts take the template, also one whose values it does not change; a later
    // template replaces the link; items it cannot edit keep theirs.
    await invokeOk(core.bridge, 'templates.apply', { id: kids.id, selection: { localIds: [made.localId, plain.localId] }, words: WORDS });
    expect([links.of(made.localId), links.of(plain.localId)]).toEqual([kids.id, kids.id]);
    publishAsPulled(db, plain.localId, []);
    await invokeOk(core.bridge, 'templates.apply', { id: lp.id, selection: { localIds: [made.localId, plain.localId] }, words: WORDS });
    expect([links.of(made.localId), links.of(plain.localId)]).toEqual([lp.id, kids.id]);
    // Undo of an application puts the previous template back (the values too); a later one stays.
    const other = await invokeOk(core.bridge, 'templates.save', { name: 'Muut', fields: { condition: 'new' } });
    await invokeOk(core.bridge, 'templates.apply', { id: other.id, selection: { localIds: [made.localId] }, words: WORDS });
    expect(links.of(made.localId)).toBe(other.id);
    await invokeOk(core.bridge, 'drafts.undo', {});
    expect(links.of(made.localId)).toBe(lp.id);
    // A closed item copied (relisting's path) keeps the template.
    db.prepare(`UPDATE items SET status = 'closed' WHERE local_id = ?`).run(plain.localId);
    const copy = statusChanges(db).copyClosed(plain.localId, Date.now());
    expect(links.of(copy)).toBe(kids.id);
  });

  it('the most specific rule decides: the item\'s, then its template\'s, then a saved group\'s, then the shop\'s', async () => {
    const { core, db, lp } = await setup();
    const fromTemplate = (await invokeOk(core.bridge, 'templates.newDraft', { id: lp.id, words: WORDS })).localId;
    const ownRule = (await invokeOk(core.bridge, 'templates.newDraft', { id: lp.id, words: WORDS })).localId;
    const inGroup = (await invokeOk(core.bridge, 'drafts.create', { fields: { title: 'Ryhmässä', sku: 'GRP-1' } })).localId;
    const templateAndGroup = (await invokeOk(core.bridge, 'templates.newDraft', { id: lp.id, words: WORDS })).localId;
    db.prepare(`UPDATE items SET sku = 'GRP-2' WHERE local_id = ?`).run(templateAndGroup);
    const bare = (await invokeOk(core.bridge, 'drafts.create', { fields: { title: 'Muu' } })).localId;
    // Every item has an offer of 75 € on a buy-now price of 100 €.
    for (const id of [fromTemplate, ownRule, inGroup, templateAndGroup, bare]) publishAsPulled(db, id, [75]);
    const group = await invokeOk(core.bridge, 'groups.save', { name: 'GRP', query: { skuPrefix: 'GRP-' } });
    // Shop: refuse below 80 %; group: accept from 70 %; template: leave (accept from 90 %, refuse below 50 %);
    // the item's own: accept from 60 %. The rules are saved while paused, so the preview alone decides here.
    await invokeOk(core.bridge, 'rules.setPaused', { paused: true });
    await invokeOk(core.bridge, 'rules.saveOfferRule', { scope: 'shop', scopeId: 0, refusePercent: 80 });
    await invokeOk(core.bridge, 'rules.saveOfferRule', { scope: 'group', scopeId: group.id, acceptPercent: 70 });
    await invokeOk(core.bridge, 'rules.saveOfferRule', { scope: 'item', scopeId: ownRule, acceptPercent: 60 });
    const rules = await invokeOk(core.bridge, 'rules.list', {});
    expect(rules.offerRules.map((r) => r.scope)).toEqual(['shop', 'group', 'item']);
    // Before it is saved, the template's rule is previewed on the offers it would decide: the
    // template's items without a rule of their own, also the one a group holds.
    const preview = await invokeOk(core.bridge, 'rules.previewOfferRule', { scope: 'template', scopeId: lp.id, acceptPercent: 90, refusePercent: 50 });
    expect(preview.verdicts.map((v) => [v.itemLocalId, v.decision]).sort()).toEqual([[fromTemplate, 'leave'], [templateAndGroup, 'leave']].sort());
    const saved = await invokeOk(core.bridge, 'rules.saveOfferRule', { scope: 'template', scopeId: lp.id, acceptPercent: 90, refusePercent: 50 });
    expect(saved.rule).toMatchObject({ scope: 'template', scopeId: lp.id });
    const ruleIds = Object.fromEntries((await invokeOk(core.bridge, 'rules.list', {})).offerRules.map((r) => [r.scope, r.id]));
    await invokeOk(core.bridge, 'rules.setPaused', { paused: false });
    const log = await invokeOk(core.bridge, 'rules.log', { ruleKind: 'offer' });
    const byItem = Object.fromEntries(log.entries.map((e) => [e.itemLocalId as number, [e.action, e.ruleId]]));
    expect(byItem).toEqual({
      [fromTemplate]: ['leave', ruleIds.template],
      [ownRule]: ['accept', ruleIds.item],
      [inGroup]: ['accept', ruleIds.group],
      [templateAndGroup]: ['leave', ruleIds.template],
      [bare]: ['refuse', ruleIds.shop],
    });
    expect(log.entries.find((e) => e.itemLocalId === fromTemplate)?.detail.scope).toBe('template');
  });

  it('refuses a rule for a template that does not exist; a deleted template takes its rules and links with it', async () => {
    const { core, db, lp } = await setup();
    const refused = await core.bridge.invoke('rules.saveOfferRule', { scope: 'template', scopeId: 4242, acceptPercent: 90 });
    expect(refused).toMatchObject({ ok: false, error: { field: 'scopeId' } });
    const draft = (await invokeOk(core.bridge, 'templates.newDraft', { id: lp.id, words: WORDS })).localId;
    await invokeOk(core.bridge, 'rules.saveOfferRule', { scope: 'template', scopeId: lp.id, acceptPercent: 90 });
    await invokeOk(core.bridge, 'rules.saveRelistRule', { scope: 'template', scopeId: lp.id, maxTimes: 2, stepPercent: 10 });
    await invokeOk(core.bridge, 'templates.delete', { id: lp.id });
    expect(await invokeOk(core.bridge, 'rules.list', {})).toMatchObject({ offerRules: [], relistRules: [] });
    expect(templateLinks(db).of(draft)).toBeNull();
  });
});
