// The Rules screen's store against the real core through an in-memory bridge: saved groups with
// their live counts (and as a target of bulk actions), an offer rule previewed before it is
// saved, its decisions in the log and the CSV, relisting rules, the pause switch, a staggered
// schedule previewed with each item's start and end, every handler of the contract's rules part.
import { describe, expect, it } from 'vitest';
import { typedBridge } from '../../renderer/src/bridge/bridge-types.ts';
import { createRulesStore } from '../../renderer/src/rules/rules-store.ts';
import { memoryTransport } from './memory-transport.ts';
import { invokeOk, openTestCore } from './support.ts';
import { completeBuyNow } from '../core/support.ts';
import { ruleStore } from '../../electron/core/rules/rule-store.ts';
import '../support/catalogs-loaded.ts';

function setup() {
  const core = openTestCore();
  const bridge = typedBridge(memoryTransport(core.bridge, core.session));
  const db = core.session.db();
  const now = Date.now();
  // A published item of the seller's and its offers, as a pull leaves them.
  db.prepare(
    `INSERT INTO items (remote_id, status, sync_state, title, sale_method, buy_now_price, quantity, server_copy, units_left, created, updated)
     VALUES (77, 'published', 'synced', 'Lamppu', 'buy-now', 100, 1, '{"quantity":1}', 1, ?, ?)`,
  ).run(now, now);
  const offer = db.prepare(`INSERT INTO offers (remote_id, item_remote_id, amount, status, author, expires, record) VALUES (?, 77, ?, 'pending', ?, '2099-01-01T00:00:00+0200', '{}')`);
  offer.run(1, 95, 'maija');
  offer.run(2, 92, 'ella');
  offer.run(3, 20, 'jussi');
  return { core, rules: createRulesStore(bridge) };
}

describe('the rules store', () => {
  it('previews an offer rule, saves it, and never accepts two offers for the last unit', async () => {
    const { core, rules } = setup();
    await rules.getState().load();
    await rules.getState().previewOfferRule({ scope: 'shop', scopeId: 0, acceptPercent: 90, refusePercent: 50 });
    const verdicts = rules.getState().preview?.verdicts ?? [];
    expect(verdicts.map((v) => [v.offerId, v.decision, v.reason])).toEqual([[1, 'accept', null], [2, 'hold', 'no-unit-left'], [3, 'refuse', null]]);
    // A preview writes nothing.
    expect(core.session.db().prepare(`SELECT count(*) FROM rule_log`).pluck().get()).toBe(0);
    await rules.getState().confirmOfferRule();
    expect(rules.getState().offerRules).toHaveLength(1);
    expect(rules.getState().log.map((e) => [e.offerId, e.action, e.outcome])).toEqual([[3, 'refuse', 'queued'], [2, 'hold', 'none'], [1, 'accept', 'queued']]);
    expect(core.session.db().prepare(`SELECT kind, count(*) AS n FROM outbox GROUP BY kind`).all()).toEqual([{ kind: 'rule-offer-decision', n: 2 }]);
    // Run again: nothing decided twice.
    expect(await invokeOk(core.bridge, 'rules.runNow', {})).toEqual({ queued: 0, relisted: 0 });
    // A schedule's entry, as stagger.ts writes it: its start and end are wall-clock times.
    ruleStore(core.session.db()).log({
      at: Date.parse('2099-03-01T08:00:00Z'), ruleKind: 'schedule', ruleId: null, ruleVersion: null, itemLocalId: null, itemRemoteId: 77, offerId: null,
      action: 'schedule', outcome: 'queued', detail: { listTime: '2099-03-01 10:30:00', closingTime: '2099-03-08 10:30:00', spacing: { kind: 'every', minutes: 10 } },
    });
    // The CSV in the seller's language (issue 42): headings, decisions, results and reasons in words, Finnish times and amounts.
    const csv = await rules.getState().exportLog('fi');
    const lines = csv?.text.split('\r\n') ?? [];
    expect(lines[0]).toBe('\uFEFFAika;Sääntö;Päätös;Tulos;Ilmoituksen numero;Ilmoitus;Tarjouksen numero;Summa;Tarjoaja;Syy;Tiedot');
    expect(lines.slice(1, 4).map((l) => l.split(';').slice(1))).toEqual([
      ['Tarjoussääntö', 'Hyväksy', 'odottaa synkronointia', '77', 'Lamppu', '1', '95,00', 'maija', '', ''],
      ['Tarjoussääntö', 'Odottaa', '–', '77', 'Lamppu', '2', '92,00', 'ella', 'ei vapaita kappaleita', ''],
      ['Tarjoussääntö', 'Hylkää', 'odottaa synkronointia', '77', 'Lamppu', '3', '20,00', 'jussi', '', ''],
    ]);
    expect(lines[4]).toBe('1.3.2099 10.00;Porrastettu ajastus;Ajastettu;odottaa synkronointia;77;;;;;;Myyntiin: 1.3.2099 10.30 · Päättyy: 8.3.2099 10.30');
    expect((await rules.getState().exportLog('en'))?.text.split('\r\n')[4]).toBe('2099-03-01 10:00,Spread starts,Scheduled,waiting to sync,77,,,,,,On sale: 2099-03-01 10:30 · Ends: 2099-03-08 10:30');
    await rules.getState().setFilter({ text: 'jussi' });
    expect(rules.getState().log.map((e) => e.offerId)).toEqual([3]);
    await rules.getState().setPaused(true);
    expect(rules.getState().paused).toBe(true);
    rules.getState().dispose();
  });

  it('keeps saved groups with live counts, usable as a target of rules and schedules', async () => {
    const { core, rules } = setup();
    const drafts = await Promise.all([1, 2, 3].map((i) => invokeOk(core.bridge, 'drafts.create', { fields: { ...completeBuyNow(`Vaasi ${i}`), sku: `VAS-${i}`, categoryId: undefined } })));
    await rules.getState().saveGroup('Vaasit', { skuPrefix: 'VAS-' });
    await rules.getState().saveGroup('Kalliit', { priceMin: 99 });
    expect(rules.getState().groups.map((g) => [g.name, g.count])).toEqual([['Vaasit', 3], ['Kalliit', 4]]);
    const vases = rules.getState().groups[0]!;
    expect((await invokeOk(core.bridge, 'groups.ids', { target: { groupId: vases.id } })).sort()).toEqual(drafts.map((d) => d.localId).sort());
    await rules.getState().saveRelistRule({ scope: 'group', scopeId: vases.id, maxTimes: 2, stepPercent: 10, floorPrice: 50, hour: 9 });
    expect(rules.getState().relistRules).toMatchObject([{ scope: 'group', scopeId: vases.id, maxTimes: 2, hour: 9 }]);
    const preview = await invokeOk(core.bridge, 'schedule.preview', { target: { groupId: vases.id }, start: '2099-03-01 10:00:00', spacing: { kind: 'window', minutes: 60 } });
    // Drafts without a category cannot be published: each is refused with its reason, none scheduled.
    expect(preview.items.length + preview.refused.length).toBe(3);
    rules.getState().dispose();
  });

  it('offers templates and items found by search as a rule\'s scope, names them in the lists, and loads a saved rule for editing', async () => {
    const { core, rules } = setup();
    const template = await invokeOk(core.bridge, 'templates.save', { name: 'Valaisimet', fields: { condition: 'good' } });
    const lamp = await invokeOk(core.bridge, 'drafts.create', { fields: { title: 'Jalkalamppu', sku: 'JL-1' } });
    await rules.getState().load();
    expect(rules.getState().templates).toEqual([{ id: template.id, name: 'Valaisimet' }]);
    await rules.getState().searchItems('JL-');
    expect(rules.getState().itemChoices).toEqual([{ localId: lamp.localId, title: 'Jalkalamppu', sku: 'JL-1' }]);
    await rules.getState().previewOfferRule({ scope: 'item', scopeId: lamp.localId, acceptAmount: 80 }, 'scoped');
    expect(rules.getState().preview).toMatchObject({ form: 'scoped', verdicts: [] });
    await rules.getState().confirmOfferRule();
    await rules.getState().saveRelistRule({ scope: 'template', scopeId: template.id, maxTimes: 3 });
    expect(rules.getState().itemTitles).toEqual({ [lamp.localId]: 'Jalkalamppu' });
    const itemRule = rules.getState().offerRules.find((r) => r.scope === 'item');
    expect(itemRule).toMatchObject({ scopeId: lamp.localId, acceptAmount: 80 });
    rules.getState().edit({ kind: 'offer', rule: itemRule! });
    expect(rules.getState().editing).toMatchObject({ kind: 'offer', rule: { id: itemRule!.id } });
    // Saving the edited rule replaces it (one rule per scope) and ends the editing.
    await rules.getState().previewOfferRule({ scope: 'item', scopeId: lamp.localId, acceptAmount: 90 }, 'scoped');
    await rules.getState().confirmOfferRule();
    expect(rules.getState().editing).toBeNull();
    expect(rules.getState().offerRules.filter((r) => r.scope === 'item')).toMatchObject([{ id: itemRule!.id, acceptAmount: 90 }]);
    expect(rules.getState().relistRules).toMatchObject([{ scope: 'template', scopeId: template.id, maxTimes: 3 }]);
    rules.getState().dispose();
  });
});
