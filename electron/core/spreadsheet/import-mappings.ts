// The column mapping step of an import: headings that are no field name are matched to fields
// by their words (heading-match.ts), and what the seller chose is kept per header set so the same
// spreadsheet imports without asking again.
import type { Db } from '../db/open-account-db.ts';
import { isDraftField, type DraftField } from '../drafts/fields.ts';
import type { ColumnMapping } from '../csv/drafts-csv.ts';
import { matchHeading } from './heading-match.ts';

/** The key of a header set: its headings trimmed, in lower case, in order. */
export function headerKey(headings: readonly string[]): string {
  return headings.map((h) => h.trim().toLowerCase()).join('\t');
}

/** How the field offered for a heading was found: the seller's own earlier choice, the field's words, a guess to check. */
export type Recognition = 'remembered' | 'known' | 'guess';

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
     * header set, else a suggestion by their words (null: left out until the seller picks a
     * field), and how each offered field was found.
     */
    proposal(headings: readonly string[]): { unknown: string[]; mapping: Record<string, DraftField | null>; recognition: Record<string, Recognition>; remembered: boolean } {
      const unknown = [...new Set(headings.map((h) => h.trim()).filter((h) => !isDraftField(h)))];
      const stored = get.get(headerKey(headings)) as string | undefined;
      const saved = stored ? (JSON.parse(stored) as Record<string, string | null>) : null;
      const mapping: Record<string, DraftField | null> = {};
      const recognition: Record<string, Recognition> = {};
      for (const heading of unknown) {
        const chosen = saved?.[heading];
        if (typeof chosen === 'string' && isDraftField(chosen)) {
          mapping[heading] = chosen;
          recognition[heading] = 'remembered';
        } else if (saved && chosen === null) {
          mapping[heading] = null;
        } else {
          const match = matchHeading(heading);
          mapping[heading] = match?.field ?? null;
          if (match) recognition[heading] = match.how;
        }
      }
      // One column per field: a field offered for two headings goes to the surer one (the first
      // of equals), never over a heading that is the field's own name.
      const rank = (heading: string) => ['guess', 'known', 'remembered'].indexOf(recognition[heading] ?? 'guess');
      const holder = new Map<DraftField, string>();
      for (const heading of unknown) {
        const field = mapping[heading];
        if (!field) continue;
        const other = holder.get(field);
        if (headings.some((h) => h.trim() === field) || (other !== undefined && rank(other) >= rank(heading))) {
          mapping[heading] = null;
          delete recognition[heading];
          continue;
        }
        if (other !== undefined) {
          mapping[other] = null;
          delete recognition[other];
        }
        holder.set(field, heading);
      }
      return { unknown, mapping, recognition, remembered: saved !== null };
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
