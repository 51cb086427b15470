// A shop with something of everything the seller keeps locally (drafts with notes and SKUs,
// templates, canned answers, an import mapping, prepared photos), and comparisons row for row.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../../electron/core/db/open-account-db.ts';
import { addImages } from '../../../electron/core/images/add-images.ts';
import { listingTemplates } from '../../../electron/core/templates/listing-templates.ts';
import { tableNames } from '../../../electron/core/backup/table-counts.ts';
import { insertManyDrafts } from '../../support/many-drafts.ts';
import { invokeOk, type TestCore } from '../../support/test-core.ts';
import { makeJpeg, tempFolder } from '../support.ts';

export async function fillShop(core: TestCore, drafts = 200, photos = 3): Promise<void> {
  const db = core.session.db();
  insertManyDrafts(db, drafts);
  listingTemplates(db).save({ name: 'Pöydät', fields: { condition: 'good', description: '<p>{title}, {condition}</p>', buyNowPrice: '12.5' } }, 5);
  listingTemplates(db).save({ name: 'Lamps', fields: { sku: 'L-' } }, 6);
  await invokeOk(core.bridge, 'cannedAnswers.save', { answers: [{ name: 'Available', text: 'Yes, {title} is here.' }] });
  const imported = await invokeOk(core.bridge, 'csv.import', { text: 'title,buyNowPrice\nTuoli,12.50\n' });
  if (imported.imported !== 1) throw new Error(`import: ${JSON.stringify(imported.errors)}`);
  const originals = tempFolder();
  const files: string[] = [];
  for (let i = 0; i < photos; i++) {
    const file = join(originals, `photo-${i}.jpg`);
    writeFileSync(file, await makeJpeg(400, 300, { seed: i * 7 }));
    files.push(file);
  }
  const first = db.prepare(`SELECT min(local_id) FROM items`).pluck().get() as number;
  const results = await addImages(db, { itemLocalId: first, files, folder: core.session.folder() });
  if (results.some((r) => r.outcome !== 'added')) throw new Error(`photos not added: ${JSON.stringify(results)}`);
}

/** Every row of every table the seller's data is in, with photo paths made relative to the account folder. */
export function shopRows(db: Db, folder: string, skip: readonly string[] = ['request_log', 'sync_marks', 'sync_cursors']): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const table of tableNames(db)) {
    if (skip.includes(table)) continue;
    const rows = db.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).all() as Array<Record<string, unknown>>;
    out[table] = rows.map((row) => {
      const copy = { ...row };
      for (const key of ['file_path', 'thumb_path']) if (typeof copy[key] === 'string') copy[key] = (copy[key] as string).replace(folder, '<folder>');
      return copy;
    });
  }
  return out;
}
