import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openAccountDb } from '../../electron/core/db/open-account-db.ts';
import { Condition, DeliveryMethod, ItemInput, PaymentMethod, SaleMethod } from '../../shared/api/index.ts';
import { ITEM_FIELD_NAMES, ITEM_FIELDS, REST_FIELD_NAMES, type ItemFieldDef } from '../../shared/items/item-fields.ts';
import { ITEM_VERSION_COLUMNS } from '../../server/db/item-columns.ts';
import { openDatabase } from '../../server/db/open.ts';
import { en } from '../../renderer/src/i18n/catalogs/en/index.ts';
import { fi } from '../../renderer/src/i18n/catalogs/fi/index.ts';
import { FIELD_GROUPS } from '../../shared/items/item-fields.ts';

const dir = mkdtempSync(join(tmpdir(), 'item-fields-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const columnsOf = (db: { prepare(sql: string): { pluck(): { all(...a: unknown[]): unknown[] } } }) =>
  db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('items') as string[];

describe('the item-field registry', () => {
  it('has a column in the cache for every field and in the service for every REST field', () => {
    const cache = openAccountDb(join(dir, 'cache.sqlite'));
    const service = openDatabase(':memory:');
    const cacheColumns = columnsOf(cache);
    const serviceColumns = columnsOf(service);
    for (const field of ITEM_FIELD_NAMES) expect(cacheColumns, field).toContain(ITEM_FIELDS[field].column);
    for (const field of REST_FIELD_NAMES) expect(serviceColumns, field).toContain(ITEM_FIELDS[field].column);
    // A local-only field never reaches the service's table.
    for (const field of ITEM_FIELD_NAMES.filter((f) => ITEM_FIELDS[f].rest === null)) {
      expect(serviceColumns, field).not.toContain(ITEM_FIELDS[field].column);
    }
    // The version trigger's list (for the next migration that adds a column) names every column
    // of the service's items table but hits and version.
    expect([...ITEM_VERSION_COLUMNS].sort()).toEqual(serviceColumns.filter((c) => c !== 'hits' && c !== 'version').sort());
    cache.close();
    service.close();
  });

  it('names every REST field by its ItemInput parameter, with the same options and bounds', () => {
    expect(new Set(REST_FIELD_NAMES.map((f) => ITEM_FIELDS[f].rest))).toEqual(
      new Set(Object.keys(ItemInput.shape).filter((k) => k !== 'status' && k !== 'originalId')),
    );
    expect(ITEM_FIELDS.saleMethod.options).toEqual(SaleMethod.options);
    expect(ITEM_FIELDS.condition.options).toEqual(Condition.options);
    expect(ITEM_FIELDS.deliveryMethods.options).toEqual(DeliveryMethod.options);
    expect(ITEM_FIELDS.paymentMethods.options).toEqual(PaymentMethod.options);
    for (const field of REST_FIELD_NAMES) {
      const def: ItemFieldDef = ITEM_FIELDS[field];
      const schema = ItemInput.shape[field];
      const step = def.kind === 'number' ? 0.01 : 1;
      if (def.min !== undefined) {
        expect(schema.safeParse(def.min).success, `${field} min`).toBe(true);
        expect(schema.safeParse(def.min - step).success, `${field} below min`).toBe(false);
      }
      if (def.max !== undefined) {
        expect(schema.safeParse(def.max).success, `${field} max`).toBe(true);
        expect(schema.safeParse(def.max + step).success, `${field} above max`).toBe(false);
      }
      if (def.maxLength !== undefined) {
        expect(schema.safeParse('x'.repeat(def.maxLength)).success, `${field} maxLength`).toBe(true);
        expect(schema.safeParse('x'.repeat(def.maxLength + 1)).success, `${field} above maxLength`).toBe(false);
      }
    }
  });

  it('is the one source of the fields\' English words, and Finnish names every field the same way', () => {
    const catalog: Record<string, string> = en;
    const finnish: Record<string, string> = fi;
    for (const field of ITEM_FIELD_NAMES) {
      const def: ItemFieldDef = ITEM_FIELDS[field];
      expect(catalog[`field.${field}`], field).toBe(def.editor?.label ?? def.label);
      expect(catalog[`field.${field}.short`], field).toBe(def.grid?.label ?? def.label);
      expect(catalog[`field.${field}.hint`], field).toBe(def.editor?.hint);
      for (const key of [`field.${field}`, `field.${field}.short`]) expect(finnish[key], key).toMatch(/\S/);
      if (def.editor?.hint !== undefined) expect(finnish[`field.${field}.hint`], field).toMatch(/\S/);
    }
    for (const group of FIELD_GROUPS) expect([catalog[`fieldGroup.${group}`], finnish[`fieldGroup.${group}`]]).toEqual([group, expect.stringMatching(/\S/)]);
  });
});
