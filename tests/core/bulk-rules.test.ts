// Price rules and text changes on a selection: per-draft values, the sale method's price, the
// warnings for drafts a rule does not fit, all or nothing, one undo step.
import { describe, expect, it } from 'vitest';
import { bulkWrites } from '../../electron/core/bulk/bulk-edit.ts';
import { previewBulkEdit } from '../../electron/core/bulk/bulk-preview.ts';
import { applyBulkRules, applyPriceRule, applyTextRule, previewBulkRules } from '../../electron/core/bulk/bulk-rules.ts';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { DraftError } from '../../electron/core/drafts/draft-error.ts';
import { draftWrites } from '../../electron/core/drafts/draft-writes.ts';
import { itemReads } from '../../electron/core/drafts/item-rows.ts';
import { outboxReads, parseOutboxEntry } from '../../electron/core/outbox/outbox.ts';
import { completeBuyNow, openTempDb, privateSellerRules } from './support.ts';

function setup() {
  const { db } = openTempDb();
  settingsCache(db).saveRules(privateSellerRules(), 1);
  const reads = itemReads(db);
  return { db, reads, drafts: draftWrites(db), repo: { reads, bulk: bulkWrites(db) }, outbox: outboxReads(db) };
}

describe('price rules', () => {
  it('sets, raises and lowers by an amount or a percentage, rounds to an ending and keeps within a floor and a ceiling', () => {
    expect(applyPriceRule(27.5, { op: 'raise', percent: 10 })).toBe(30.25);
    expect(applyPriceRule(27.5, { op: 'raise', percent: 10, ending: 90 })).toBe(29.9);
    expect(applyPriceRule(30.4, { op: 'set', amount: 30.4, ending: 90 })).toBe(30.9);
    expect(applyPriceRule(12, { op: 'lower', amount: 5 })).toBe(7);
    expect(applyPriceRule(12, { op: 'lower', percent: 50, floor: 8 })).toBe(8);
    expect(applyPriceRule(100, { op: 'raise', percent: 50, ceiling: 120 })).toBe(120);
    expect(applyPriceRule(null, { op: 'raise', amount: 1 })).toBeNull();
    expect(applyPriceRule(null, { op: 'set', amount: 5 })).toBe(5);
  });

  it('raises the price each draft\'s sale method uses, warns about drafts without one, and undoes as one step', () => {
    const { db, reads, drafts, repo, outbox } = setup();
    const buyNow = drafts.createDraft({ ...completeBuyNow('Lamp'), buyNowPrice: 27.5 }).localId;
    const auction = drafts.createDraft({ title: 'Clock', saleMethod: 'auction', startingPrice: 10 }).localId;
    const none = drafts.createDraft({ title: 'Vase' }).localId;
    const rules = { price: { op: 'raise' as const, percent: 10, ending: 90 } };
    const preview = previewBulkRules(db, repo, [buyNow, auction, none], rules);
    expect(preview).toMatchObject({
      selected: 3, changing: 2, refused: [],
      samples: [
        { localId: buyNow, title: 'Lamp', before: { buyNowPrice: 27.5 }, after: { buyNowPrice: 29.9 } },
        { localId: auction, title: 'Clock', before: { startingPrice: 10 }, after: { startingPrice: 10.9 } },
      ],
      warnings: [{ rule: 'price', count: 1 }],
    });
    // The preview wrote nothing.
    expect(reads.item(buyNow)?.fields.buyNowPrice).toBe(27.5);
    db.prepare(`DELETE FROM outbox`).run();
    expect(applyBulkRules(repo, [buyNow, auction, none], rules)).toMatchObject({ changed: 2 });
    expect([reads.item(buyNow)?.fields.buyNowPrice, reads.item(auction)?.fields.startingPrice, reads.item(auction)?.fields.buyNowPrice]).toEqual([29.9, 10.9, undefined]);
    expect(parseOutboxEntry(outbox.forItem(buyNow)[0]!)).toMatchObject({ ok: true, kind: 'edit', payload: { fields: { buyNowPrice: 29.9 } } });
    expect(outbox.forItem(none)).toEqual([]);
    drafts.editDraft(auction, { startingPrice: 12 });
    expect(repo.bulk.undo()).toMatchObject({ restored: 1, skipped: [{ localId: auction, field: 'startingPrice', reason: 'changed again since this step' }] });
    expect([reads.item(buyNow)?.fields.buyNowPrice, reads.item(auction)?.fields.startingPrice]).toEqual([27.5, 12]);
  });

  it('refuses the whole rule when one draft would get a price out of bounds', () => {
    const { db, reads, drafts, repo } = setup();
    const a = drafts.createDraft({ ...completeBuyNow('A'), buyNowPrice: 0.5 }).localId;
    const b = drafts.createDraft({ ...completeBuyNow('B'), buyNowPrice: 20 }).localId;
    const rules = { price: { op: 'lower' as const, amount: 1 } };
    expect(previewBulkRules(db, repo, [a, b], rules).refused).toEqual([{ localId: a, reason: expect.stringMatching(/^buyNowPrice: /), problems: [expect.objectContaining({ field: 'buyNowPrice', rule: 'above', params: { min: 0 } })] }]);
    expect(() => applyBulkRules(repo, [a, b], rules)).toThrow(DraftError);
    expect(reads.item(b)?.fields.buyNowPrice).toBe(20);
  });
});

describe('text changes', () => {
  it('finds and replaces plainly or ignoring case, adds before and after, and escapes text added to HTML', () => {
    expect(applyTextRule('Oak table, oak legs', { field: 'title', op: 'replace', find: 'oak', replace: 'Pine' })).toBe('Oak table, Pine legs');
    expect(applyTextRule('Oak table, oak legs', { field: 'title', op: 'replace', find: 'OAK', replace: 'Pine', caseInsensitive: true })).toBe('Pine table, Pine legs');
    expect(applyTextRule('Lamp', { field: 'title', op: 'replace', find: 'oak', replace: 'x' })).toBeNull();
    expect(applyTextRule('a.b', { field: 'title', op: 'replace', find: '.', replace: '$&!' })).toBe('a$&!b');
    expect(applyTextRule('Lamp', { field: 'title', op: 'prepend', text: 'NEW ' })).toBe('NEW Lamp');
    expect(applyTextRule('<p>Old</p>', { field: 'description', op: 'append', text: 'Pick up <Töölö>' })).toBe('<p>Old</p><p>Pick up &lt;Töölö&gt;</p>');
  });

  it('replaces a word in titles, leaves the drafts without it alone with a warning, and undoes', () => {
    const { db, reads, drafts, repo } = setup();
    const a = drafts.createDraft({ title: 'Tammi pöytä' }).localId;
    const b = drafts.createDraft({ title: 'tammi tuoli' }).localId;
    const c = drafts.createDraft({ title: 'Mänty hylly' }).localId;
    const rules = { text: [{ field: 'title' as const, op: 'replace' as const, find: 'tammi', replace: 'Koivu', caseInsensitive: true }] };
    expect(previewBulkRules(db, repo, [a, b, c], rules)).toMatchObject({ changing: 2, warnings: [{ rule: 'title', count: 1 }] });
    expect(applyBulkRules(repo, [a, b, c], rules)).toMatchObject({ changed: 2 });
    expect([a, b, c].map((id) => reads.item(id)?.fields.title)).toEqual(['Koivu pöytä', 'Koivu tuoli', 'Mänty hylly']);
    expect(repo.bulk.undo()).toMatchObject({ restored: 2, skipped: [] });
    expect([a, b, c].map((id) => reads.item(id)?.fields.title)).toEqual(['Tammi pöytä', 'tammi tuoli', 'Mänty hylly']);
  });

  it('refuses a title that would grow past its limit', () => {
    const { repo, drafts } = setup();
    const a = drafts.createDraft({ title: 'x'.repeat(58) }).localId;
    expect(() => applyBulkRules(repo, [a], { text: [{ field: 'title', op: 'append', text: ' NEW' }] })).toThrow(/cannot take these values/);
  });

describe('a field that does not apply to some of the selection', () => {
  it('is named in the preview of a bulk edit, with how many drafts it does not fit', () => {
    const { db, drafts, repo } = setup();
    const buyNow = drafts.createDraft({ ...completeBuyNow('Lamp') }).localId;
    const auction = drafts.createDraft({ title: 'Clock', saleMethod: 'auction', startingPrice: 10 }).localId;
    expect(previewBulkEdit(db, repo, [buyNow, auction], { startingPrice: 3 }).warnings).toEqual([
      { field: 'startingPrice', count: 1, message: 'startingPrice applies only to auctions: 1 selected draft sells at a buy-now price' },
    ]);
    expect(previewBulkEdit(db, repo, [auction], { startingPrice: 3 }).warnings).toEqual([]);
    expect(previewBulkEdit(db, repo, [buyNow], { title: 'Lamp 2' }).warnings).toEqual([]);
  });
});
});
