// Issue 21: a draft made from a template keeps its placeholders until publish, which fills them
// from the fields as the seller left them, in the listing's language (Finnish words, 2 119,04 €)
// whatever the screens speak; {price} carries the euro sign, so "{price} €" gives one.
import { describe, expect, it } from 'vitest';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { draftWrites } from '../../electron/core/drafts/draft-writes.ts';
import { itemReads } from '../../electron/core/drafts/item-rows.ts';
import { statusChanges } from '../../electron/core/drafts/status-changes.ts';
import { outboxReads, parseOutboxEntry } from '../../electron/core/outbox/outbox.ts';
import { applyTemplate, draftFromTemplate, type ApplyContext } from '../../electron/core/templates/apply-template.ts';
import { listingTemplates } from '../../electron/core/templates/listing-templates.ts';
import { bulkWrites } from '../../electron/core/bulk/bulk-edit.ts';
import { fillListingText, withoutDoubledEuro } from '../../shared/listing-words.ts';
import { completeBuyNow, openTempDb, privateSellerSettings } from './support.ts';

function setup() {
  const { db } = openTempDb();
  const cache = settingsCache(db);
  cache.saveSettings(privateSellerSettings(), 1);
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

  it('are written in the listing\'s language when applied to a selection, whatever the screens speak', () => {
    const { db, reads, drafts, templates, ctx } = setup();
    const localId = drafts.createDraft({ ...completeBuyNow('Kamera'), buyNowPrice: 2119.04 }).localId;
    const template = templates.save({ name: 'Lyhyt', fields: { description: '<p>Kunto: {condition}. Hinta {price} €</p>' } });
    applyTemplate({ reads, bulk: bulkWrites(db) }, [localId], ctx(template.id));
    expect(reads.item(localId)?.fields.description).toBe('<p>Kunto: Hyvä. Hinta 2\u00a0119,04\u00a0€</p>');
  });
});
