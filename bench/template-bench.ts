// bench:core's template figure: a listing template (delivery and payment terms, a description
// with {title}, {sku}, {condition} and {price}) applied to 10,000 drafts as one undoable step,
// against a bare loop that reads each draft, fills the same description with String.replace and
// UPDATEs the three columns, in one transaction. Best of 5, two templates in turn (so every
// draft changes each round).
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { bulkWrites } from '../electron/core/bulk/bulk-edit.ts';
import { settingsCache } from '../electron/core/cache/settings-cache.ts';
import { openAccountDb } from '../electron/core/db/open-account-db.ts';
import { draftWrites } from '../electron/core/drafts/draft-writes.ts';
import { itemReads } from '../electron/core/drafts/item-rows.ts';
import { applyTemplate } from '../electron/core/templates/apply-template.ts';
import { listingTemplates } from '../electron/core/templates/listing-templates.ts';
import { privateSellerRules } from '../tests/core/fixtures/sellers.ts';

const DESCRIPTION = '<p>{title} ({sku}), kunto {condition}. Hinta {price}.</p>';
const WORDS = { locale: 'fi' as const, conditions: { good: 'hyvä', new: 'uusi' } };

export function benchTemplateApply(root: string, drafts: number) {
  const db = openAccountDb(join(root, 'templates.sqlite'));
  settingsCache(db).saveRules(privateSellerRules(), Date.now());
  const writes = draftWrites(db);
  const ids = db.transaction(() => Array.from({ length: drafts }, (_, i) =>
    writes.insertValidated({ title: `Tuote ${i}`, sku: i % 10 === 0 ? null : `SKU-${i}`, saleMethod: 'buy-now', buyNowPrice: 10 + (i % 50), condition: i % 2 ? 'good' : 'new' }, 1)))();
  const templates = listingTemplates(db);
  const pair = ['A', 'B'].map((name) => templates.save({ name, fields: { deliveryTerms: `Posti ${name}`, paymentTerms: `Tilisiirto ${name}`, description: `${DESCRIPTION}<p>${name}</p>` } }));
  const repo = { reads: itemReads(db), bulk: bulkWrites(db) };
  const read = db.prepare(`SELECT local_id, title, sku, condition, buy_now_price FROM items WHERE local_id IN (SELECT value FROM json_each(?))`).raw();
  const bare = db.prepare(`UPDATE items SET delivery_terms = ?, payment_terms = ?, description = ?, updated = ? WHERE local_id = ?`);
  const money = new Intl.NumberFormat('fi-FI', { style: 'currency', currency: 'EUR' });
  const bareRun = db.transaction((name: string) => {
    const now = Date.now();
    for (const [id, title, sku, condition, price] of read.all(JSON.stringify(ids)) as Array<[number, string, string | null, string, number]>) {
      const description = `${DESCRIPTION}<p>${name}</p>`.replace('{title}', title).replace('{sku}', sku ?? '').replace('{condition}', WORDS.conditions[condition as 'good'] ?? condition).replace('{price}', money.format(price));
      bare.run(`Posti ${name}`, `Tilisiirto ${name}`, description, now, id);
    }
  });
  const ours: number[] = [];
  const baseline: number[] = [];
  for (let round = 0; round < 5; round++) {
    // The bare loop writes the other template's values, so the template changes every draft.
    const template = pair[round % 2]!;
    let t = performance.now();
    bareRun(pair[(round + 1) % 2]!.name);
    baseline.push(performance.now() - t);
    t = performance.now();
    const result = applyTemplate(repo, ids, { template, mode: 'replace', words: WORDS, categoryTitle: () => undefined });
    ours.push(performance.now() - t);
    if (result.changed !== ids.length) throw new Error(`the template changed ${result.changed} of ${ids.length}`);
  }
  db.close();
  const oursMs = Math.min(...ours);
  const bareMs = Math.min(...baseline);
  return {
    drafts,
    ms: Math.round(oursMs),
    bareUpdateMs: Math.round(bareMs),
    ratio: Number((oursMs / bareMs).toFixed(2)),
    note: 'ours = the template\'s values and each draft\'s filled description (no stray punctuation for the empty SKUs), validation per group, set-based updates, an outbox row per draft, the undo record; bare = read, String.replace the placeholders, UPDATE three columns per row in one transaction; best of 5',
  };
}
