// The column mapping step of an import: headings that are no field name are matched to fields
// by their label (the grid's and the editor's, any case), and what the seller chose is kept per
// header set so the same spreadsheet imports without asking again.
import type { Db } from '../db/open-account-db.ts';
import { DRAFT_FIELDS, FIELD_SPECS, isDraftField, type DraftField } from '../drafts/fields.ts';
import { FIELD_LABELS_FI, FIELD_SYNONYMS } from '../../../shared/field-labels-fi.ts';
import type { ItemFieldDef } from '../../../shared/item-fields.ts';
import type { ColumnMapping } from '../csv/drafts-csv.ts';

/** The key of a header set: its headings trimmed, in lower case, in order. */
export function headerKey(headings: readonly string[]): string {
  return headings.map((h) => h.trim().toLowerCase()).join('\t');
}

const simple = (text: string) => text.toLowerCase().replace(/[^a-z0-9äöå]+/g, '');

/**
 * A field whose name or label a heading spells, in English or Finnish (ignoring case, spaces and
 * signs such as €), else one whose common synonym it is ("Hinta", "Kpl", "Nimi").
 */
export function suggestField(heading: string): DraftField | null {
  const wanted = simple(heading);
  if (wanted === '') return null;
  for (const field of DRAFT_FIELDS) {
    const def: ItemFieldDef = FIELD_SPECS[field];
    if ([field, def.label, def.grid?.label ?? '', ...FIELD_LABELS_FI[field]].some((name) => simple(name) === wanted)) return field;
  }
  for (const field of DRAFT_FIELDS) if (FIELD_SYNONYMS[field]?.some((name) => simple(name) === wanted)) return field;
  return null;
}

export function importMappings(db: Db) {
  const get = db.prepare(`SELECT mapping FROM import_mappings WHERE header_key = ?`).pluck();
  const put = db.prepare(
    `INSERT INTO import_mappings (header_key, mapping, updated) VALUES (?, ?, ?)
     ON CONFLICT (header_key) DO UPDATE SET mapping = excluded.mapping, updated = excluded.updated`,
  );
  const all = db.prepare(`SELECT header_key, mapping, updated FROM import_mappings ORDER BY updated DESC, header_key`);
  const remove = db.prepare(`DELETE FROM import_mappings WHERE header_key = ?`);
  return {
    /**
     * The mapping offered for the headings that are no field name: the remembered one for this
     * header set, else a suggestion by label (null: left out until the seller picks a field).
     */
    proposal(headings: readonly string[]): { unknown: string[]; mapping: Record<string, DraftField | null>; remembered: boolean } {
      const unknown = [...new Set(headings.map((h) => h.trim()).filter((h) => !isDraftField(h)))];
      const stored = get.get(headerKey(headings)) as string | undefined;
      const saved = stored ? (JSON.parse(stored) as Record<string, string | null>) : null;
      const mapping: Record<string, DraftField | null> = {};
      for (const heading of unknown) {
        const chosen = saved?.[heading];
        mapping[heading] = typeof chosen === 'string' && isDraftField(chosen) ? chosen : saved && chosen === null ? null : suggestField(heading);
      }
      return { unknown, mapping, remembered: saved !== null };
    },
    remember(headings: readonly string[], mapping: ColumnMapping, now = Date.now()): void {
      put.run(headerKey(headings), JSON.stringify(mapping), now);
    },
    /** Every remembered mapping, the last used first (headings as the key holds them). */
    list(): Array<{ key: string; headings: string[]; mapping: Record<string, DraftField | null>; updated: number }> {
      const rows = all.all() as Array<{ header_key: string; mapping: string; updated: number }>;
      return rows.map((row) => {
        const saved = JSON.parse(row.mapping) as Record<string, string | null>;
        const mapping: Record<string, DraftField | null> = {};
        for (const [heading, field] of Object.entries(saved)) mapping[heading] = typeof field === 'string' && isDraftField(field) ? field : null;
        return { key: row.header_key, headings: row.header_key.split('\t'), mapping, updated: row.updated };
      });
    },
    forget(key: string): boolean {
      return remove.run(key).changes > 0;
    },
  };
}
