// Issue 21: a draft made from a template keeps its placeholders until publish, which fills them
// from the fields as the seller left them, in the listing's language (Finnish words, 2 119,04 €)
// whatever the screens speak; {price} carries the euro sign, so "{price} €" gives one.
import { describe, expect, it } from 'vitest';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { draftWrites } from '../../electron/core/drafts/draft-writes.ts';
import { itemReads } from '../../electron/core/drafts/item-rows.ts';
import { statusChanges } from '../../electron/core/drafts/status-changes.ts';
import { outboxReads, parseOutboxEntry } from '../../electron/core/outbox/outbox.ts';
import { applyTemplate, draftFromTemplate, previewTemplate, type ApplyContext } from '../../electron/core/templates/apply-template.ts';
import { bulkActions } from '../../electron/core/bulk/bulk-actions.ts';
import { listingTemplates } from '../../electron/core/templates/listing-templates.ts';
import { bulkWrites } from '../../electron/core/bulk/bulk-edit.ts';
import { fillListingText, withoutDoubledEuro } from '../../shared/items/listing-words.ts';
import { completeBuyNow, openTempDb, privateSellerRules } from './support.ts';

function setup() {
  const { db } = openTempDb();
  const cache = settingsCache(db);
  cache.saveRules(privateSellerRules(), 1);
  cache.replaceCategories([
    { id: 101, parentId: 0, level: 1, title: 'Huonekalut', position: 0 },
    { id: 10102, parentId: 101, level: 2, title: 'Pöydät', position: 0 },
  ]);
  const titles = new Map(cache.categories().map((c) => [c.id, c.title]));
  // English screens: the words they send are not the listing's.
  const ctx = (templateId: number): ApplyContext => ({
    template: listingTemplates(db).get(templateId), mode: 'replace', words: { locale: 'en', conditions: { good: 'Good' } }, categoryTitle: (id) => titles.get(id),
  });
  return { db, reads: itemReads(db), drafts: draftWrites(db), templates: listingTemplates(db), status: statusChanges(db), outbox: outboxReads(db), ctx };
}

const TEMPLATE = '<p>Kunto: {condition}. Hinta {price} €. Osasto {category}, postikulut {deliveryPrice}.</p>';

describe('a template\'s placeholders', () => {
  it('stay in a new draft and are filled at publish from the fields as they are then, in Finnish', () => {
    const { drafts, reads, templates, status, outbox, ctx } = setup();
    const template = templates.save({ name: 'Kamerat', fields: { saleMethod: 'buy-now', description: TEMPLATE } });
    const { localId } = draftFromTemplate(drafts, ctx(template.id));
    expect(reads.item(localId)?.fields.description).toBe(TEMPLATE);
    // The seller fills the fields afterwards; the description is left as the template wrote it.
    const { description: _omit, ...fields } = completeBuyNow('Kamera');
    drafts.editDraft(localId, { ...fields, buyNowPrice: 2119.04, deliveryPrice: 6.9 });
    expect(reads.item(localId)?.fields.description).toBe(TEMPLATE);
    status.publish(localId);
    const filled = '<p>Kunto: Hyvä. Hinta 2\u00a0119,04\u00a0€. Osasto Pöydät, postikulut 6,90\u00a0€.</p>';
    expect(reads.item(localId)?.fields.description).toBe(filled);
    // The filled text is sent before the status change.
    const kinds = outbox.forItem(localId).map((r) => parseOutboxEntry(r)).map((e) => (e.ok ? e.kind : 'bad'));
    expect(kinds.at(-1)).toBe('set-status');
  });

  it('leave no "€ €" and drop the clause of an empty field', () => {
    expect(withoutDoubledEuro('Hinta {price} €, postitus {deliveryPrice} EUR, €{price}')).toBe('Hinta {price}, postitus {deliveryPrice}, {price}');
    expect(fillListingText('<p>Kunto: {condition}. Hinta {price} €, postitus {deliveryPrice} €.</p>', { condition: 'like-new', saleMethod: 'auction', startingPrice: 5 }, () => undefined))
      .toBe('<p>Kunto: Uudenveroinen. Hinta 5,00\u00a0€.</p>');
  });

  // Changed on purpose (issue 21, round 2): applying a template to drafts keeps its placeholders
  // until publish, as a new draft from it does; they are filled then, in the listing's language.
  it('stay when applied to a selection and are written in the listing\'s language at publish, whatever the screens speak', () => {
    const { db, reads, drafts, templates, status, ctx } = setup();
    const localId = drafts.createDraft({ ...completeBuyNow('Kamera'), buyNowPrice: 2119.04 }).localId;
    const template = templates.save({ name: 'Lyhyt', fields: { description: '<p>Kunto: {condition}. Hinta {price} €</p>' } });
    const repo = { reads, bulk: bulkWrites(db) };
    // The preview shows the text as publish would fill it now.
    expect(previewTemplate(db, repo, [localId], ctx(template.id)).samples[0]?.after.description).toBe('<p>Kunto: Hyvä. Hinta 2\u00a0119,04\u00a0€</p>');
    applyTemplate(repo, [localId], ctx(template.id));
    expect(reads.item(localId)?.fields.description).toBe('<p>Kunto: {condition}. Hinta {price} €</p>');
    // The seller changes the price after applying: publish fills the price as it is then.
    drafts.editDraft(localId, { buyNowPrice: 1999 });
    status.publish(localId);
    expect(reads.item(localId)?.fields.description).toBe('<p>Kunto: Hyvä. Hinta 1\u00a0999,00\u00a0€</p>');
  });

  it('come back when a bulk publish still queued is undone, unless the seller rewrote the text since', async () => {
    const { db, reads, drafts, templates, ctx } = setup();
    const repo = { reads, bulk: bulkWrites(db) };
    const ids = ['Kamera', 'Jalusta', 'Laukku'].map((title) => drafts.createDraft({ ...completeBuyNow(title), buyNowPrice: 40 }).localId);
    const plain = drafts.createDraft({ ...completeBuyNow('Objektiivi'), description: '<p>Ei pohjaa.</p>' }).localId;
    const template = templates.save({ name: 'Kunto', fields: { description: '<p>Kunto: {condition}. Hinta {price}.</p>' } });
    applyTemplate(repo, ids, ctx(template.id));
    const published = await bulkActions(db).run('publish', [...ids, plain]);
    expect(published.changed).toBe(4);
    for (const id of ids) expect(reads.item(id)?.fields.description).toBe('<p>Kunto: Hyvä. Hinta 40,00\u00a0€.</p>');
    // The seller rewrites one filled text while the publish is still queued.
    drafts.editDraft(ids[2]!, { description: '<p>Oma teksti.</p>' });
    expect(repo.bulk.undo()).toMatchObject({ restored: 4, action: 'publish' });
    expect(ids.map((id) => reads.item(id)?.fields.description)).toEqual([
      '<p>Kunto: {condition}. Hinta {price}.</p>', '<p>Kunto: {condition}. Hinta {price}.</p>', '<p>Oma teksti.</p>',
    ]);
    expect(reads.item(plain)?.fields.description).toBe('<p>Ei pohjaa.</p>');
    // Published again, the placeholders are filled again from the fields as they are then.
    drafts.editDraft(ids[0]!, { buyNowPrice: 45 });
    await bulkActions(db).run('publish', [ids[0]!]);
    expect(reads.item(ids[0]!)?.fields.description).toBe('<p>Kunto: Hyvä. Hinta 45,00\u00a0€.</p>');
  });
});
