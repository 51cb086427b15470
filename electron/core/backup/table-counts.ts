// Rows per table of a cache file: what a backup is verified against. Every table the schema has
// (so tables added by later steps count without a change here), except SQLite's own and the
// full-text index's shadow tables (derived from items, and contentless).
import type Database from 'better-sqlite3';
import { nextTurn } from '../db/sliced-transaction.ts';

export function tableNames(db: Database.Database): string[] {
  return (db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE 'items\\_fts%' ESCAPE '\\' ORDER BY name`).pluck().all() as string[]);
}

/** One table's rows. Table names come from sqlite_master, quoted as identifiers: no user text reaches this SQL. */
function rowsOf(db: Database.Database, name: string): number {
  return db.prepare(`SELECT count(*) FROM "${name.replace(/"/g, '""')}"`).pluck().get() as number;
}

export function tableCounts(db: Database.Database): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of tableNames(db)) out[name] = rowsOf(db, name);
  return out;
}

/**
 * tableCounts, a table per turn of the event loop (a 100,000-draft cache's counts took 50 ms in
 * one go on the core's thread). `db` must hold a read transaction, so that every count is of
 * the same moment.
 */
export async function tableCountsInTurns(db: Database.Database): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const name of tableNames(db)) {
    out[name] = rowsOf(db, name);
    await nextTurn();
  }
  return out;
}

export function draftCount(db: Database.Database): number {
  return db.prepare(`SELECT count(*) FROM items WHERE status = 'draft' AND deleted_at IS NULL`).pluck().get() as number;
}

/** The first difference between two tables' counts, or null when they agree. */
export function countsDiffer(expected: Record<string, number>, found: Record<string, number>): string | null {
  for (const [name, n] of Object.entries(expected)) if (found[name] !== n) return `${name}: ${found[name] ?? 'missing'} rows, expected ${n}`;
  for (const name of Object.keys(found)) if (!(name in expected)) return `${name}: a table the backup did not have`;
  return null;
}
