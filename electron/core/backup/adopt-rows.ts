// A cache file from outside (a backup being restored, an export being imported) is data to read,
// never a database to adopt (SQLite's advice for files from untrusted sources). Run in a worker
// (adopt-worker.ts), this:
//  - opens the file read-only, defensive (better-sqlite3's default, asserted), trusted_schema=OFF,
//    query_only: nothing of the file's runs (no trigger fires on a read, no view is read, no
//    function of its schema is called);
//  - compares its schema with the one this app makes at the version the file names: the same
//    tables (ordinary where ours are, with our columns), indexes, triggers and virtual tables by
//    name, nothing else; anything more refuses the whole file ('foreign-schema');
//  - makes a new cache with this app's migrations up to that version and copies the rows of our
//    tables by column name (a table scan: NOT INDEXED, so none of the file's indexes is read), at
//    most as many as the manifest says; derived data (the full-text index, sort keys, category
//    titles) is made again by our own triggers; then migrates it to this app's schema;
//  - recomputes every photo path from its row's content hash and edits (images/prepared-names.ts):
//    no path stored in the file is kept, and a photo that was still being prepared when the file
//    was made is marked failed (its source is a path of the other computer, never read here);
//  - carries forward what the live cache learnt since (carry-forward.ts).
// The file's own indexes, triggers and views never reach the account, and its CHECK constraints
// and index expressions are never evaluated (no integrity_check of it: a damaged page of a table
// is found as it is read, and the rows per table are checked against the manifest).
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { ImageEditsSchema, type ImageEdits } from '../../../shared/ipc/images.ts';
import { latestVersion, migrate, openAccountDb, type Db } from '../db/open-account-db.ts';
import { preparedName, SHA256_HEX } from '../images/prepared-names.ts';
import { carryForward, readLiveState, type CarryResult, type LiveState } from './carry-forward.ts';
import { countsDiffer } from './table-counts.ts';

export interface AdoptTask {
  /** The file's cache: a private copy in the account folder (or the import's unpacked copy), opened read-only. */
  source: string;
  /** The cache made here (`cache.sqlite.restoring`); made anew. */
  target: string;
  /** The account's folder: photo paths are made under it. */
  folder: string;
  /** The manifest's rows per table and schema version: what the file must hold. */
  counts: Record<string, number>;
  schemaVersion: number;
  /** The live cache, read (read-only) to carry forward what it learnt since; null: none (an import, a dead disk). */
  live: string | null;
  now: number;
  /** When the backup was taken: the 'restored' mark's time when there is no live cache. */
  backupTime: number;
  /** The largest row taken (ROW_MAX_BYTES unless a test says less). */
  rowMaxBytes?: number;
}

export type AdoptRefusal = 'foreign-schema' | 'rows-differ' | 'newer' | 'damaged' | 'too-large' | 'stopped';

/** The file is not what this app makes: `what` names the schema object at fault. */
export class AdoptRefused extends Error {
  constructor(readonly refusal: AdoptRefusal, message: string, readonly what: string | null = null) {
    super(message);
    this.name = 'AdoptRefused';
  }
}

interface SchemaObject { type: string; name: string; table: string; virtual: boolean }
interface Column { name: string; type: string; notnull: number; pk: number; hidden: number }

/** The full-text index's shadow tables: derived from items, made again by our triggers, never read. */
const isFtsShadow = (name: string) => /^items_fts_/.test(name);
/** Rows (or bytes of values) inserted per transaction while copying; a crash leaves the half-made copy, swept at the next start. */
const COPY_BATCH = 2000;
const COPY_BATCH_BYTES = 16 * 1024 * 1024;

/**
 * The largest row (its record's bytes, as the file stores it) taken: far above any this app writes
 * (a bulk step's previous values for thousands of drafts are megabytes), and its strings fit the
 * worker's 512 MB heap. A single string larger than the heap does not end the worker as its limit
 * does: V8 ends the whole process (Node 20), so no such row is ever read.
 */
export const ROW_MAX_BYTES = 128 * 1024 * 1024;

const sizeOf = (row: readonly unknown[]) => row.reduce<number>((n, v) => n + (typeof v === 'string' ? v.length * 2 : v instanceof Uint8Array ? v.byteLength : 8), 0);

function objectsOf(db: Database.Database): Map<string, SchemaObject> {
  const rows = db.prepare(`SELECT type, name, tbl_name AS "table", sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`).all() as Array<{ type: string; name: string; table: string; sql: string | null }>;
  return new Map(rows.map((r) => [`${r.type} ${r.name}`, { type: r.type, name: r.name, table: r.table, virtual: /^\s*CREATE\s+VIRTUAL\s+TABLE/i.test(r.sql ?? '') }]));
}

function columnsOf(db: Database.Database, table: string): Column[] {
  return db.prepare(`SELECT name, type, "notnull", pk, hidden FROM pragma_table_xinfo(?)`).all(table) as Column[];
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The file's schema must be this app's at its version: the same objects, our tables ordinary with our columns. */
function assertSameSchema(file: Database.Database, ours: Database.Database): string[] {
  const theirs = objectsOf(file);
  const mine = objectsOf(ours);
  for (const [key, object] of theirs) {
    const match = mine.get(key);
    if (!match || match.table !== object.table || match.virtual !== object.virtual) {
      throw new AdoptRefused('foreign-schema', `the file's cache holds ${key} (on ${object.table}), which this app never makes`, object.name);
    }
  }
  for (const key of mine.keys()) {
    if (!theirs.has(key)) throw new AdoptRefused('damaged', `the file's cache lacks ${key}, which this app makes at its version`);
  }
  const tables: string[] = [];
  for (const { type, name, virtual } of mine.values()) {
    if (type !== 'table' || virtual) continue;
    if (JSON.stringify(columnsOf(file, name)) !== JSON.stringify(columnsOf(ours, name))) {
      throw new AdoptRefused('foreign-schema', `the file's table ${name} has other columns than this app makes`, name);
    }
    if (!isFtsShadow(name)) tables.push(name);
  }
  return tables;
}

/** Copies each table's rows by column name; never more than the manifest says a table holds. */
function copyRows(file: Database.Database, ours: Db, tables: readonly string[], counts: Record<string, number>, stopAsked: () => void): Record<string, number> {
  const copied: Record<string, number> = {};
  // Categories first: the items' category titles are then set by our insert trigger at once.
  const order = [...tables].sort((a, b) => Number(b === 'categories') - Number(a === 'categories'));
  for (const table of order) {
    const columns = columnsOf(ours, table).filter((c) => c.hidden === 0).map((c) => quote(c.name));
    const read = file.prepare(`SELECT ${columns.join(', ')} FROM ${quote(table)} NOT INDEXED`).raw();
    const write = ours.prepare(`INSERT INTO ${quote(table)} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
    const most = counts[table] ?? 0;
    let n = 0;
    let batch: unknown[][] = [];
    let bytes = 0;
    const flush = ours.transaction((rows: unknown[][]) => {
      for (const row of rows) write.run(row);
    });
    for (const row of read.iterate() as IterableIterator<unknown[]>) {
      if (++n > most) throw new AdoptRefused('rows-differ', `the file's table ${table} holds more rows than its manifest says (${most})`);
      batch.push(row);
      bytes += sizeOf(row);
      if (batch.length >= COPY_BATCH || bytes >= COPY_BATCH_BYTES) {
        stopAsked();
        flush(batch);
        batch = [];
        bytes = 0;
      }
    }
    flush(batch);
    copied[table] = n;
  }
  return copied;
}

/**
 * No row of the file is larger than `most` bytes: read from its pages' cell headers (dbstat, the
 * sizes SQLite itself reads a record by), before any row becomes a value here. About 0.1 s for
 * 20,000 drafts, where checking each value's size in the copy's query doubled its time.
 */
function assertRowSizes(file: Database.Database, most: number): void {
  const over = file.prepare(`SELECT name, mx_payload AS bytes FROM dbstat WHERE mx_payload > ? LIMIT 1`).get(most) as { name: string; bytes: number } | undefined;
  if (over) throw new AdoptRefused('too-large', `a row of the file's ${over.name} is ${Math.round(over.bytes / 1024 / 1024)} MB, larger than ${Math.round(most / 1024 / 1024)} MB`, over.name);
}

/** AUTOINCREMENT numbering continues where the file's did (outbox ids are never reused: carry-forward.ts). */
function copySequences(file: Database.Database, ours: Db, tables: readonly string[]): void {
  const hasSequence = (db: Database.Database) => db.prepare(`SELECT count(*) FROM sqlite_schema WHERE name = 'sqlite_sequence'`).pluck().get() === 1;
  if (!hasSequence(file) || !hasSequence(ours)) return;
  const known = new Set(tables);
  const set = ours.prepare(`UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?`);
  const add = ours.prepare(`INSERT INTO sqlite_sequence (name, seq) SELECT ?, ? WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ?)`);
  for (const { name, seq } of file.prepare(`SELECT name, seq FROM sqlite_sequence`).all() as Array<{ name: unknown; seq: unknown }>) {
    if (typeof name !== 'string' || !known.has(name) || typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 0) continue;
    set.run(seq, name);
    add.run(name, seq, name);
  }
}

/**
 * Every photo path from the row's hash and edits, under this account's folder. A row that names
 * no valid hash or edits, or that was still being prepared (its source is a path on the computer
 * that made the file), is a failed photo: the seller adds it again.
 */
export function recomputePhotoPaths(db: Db, folder: string): void {
  const rows = db.prepare(`SELECT id, source_sha256, edits, prep_state FROM images`).all() as Array<{ id: number; source_sha256: unknown; edits: unknown; prep_state: string }>;
  const ready = db.prepare(`UPDATE images SET file_path = ?, thumb_path = ? WHERE id = ?`);
  const failed = db.prepare(`UPDATE images SET prep_state = 'failed', file_path = NULL, thumb_path = NULL, error = ? WHERE id = ?`);
  db.transaction(() => {
    for (const row of rows) {
      const edits = storedEdits(row.edits);
      if (edits === undefined) {
        failed.run('This photo\'s edits could not be read from the backup: remove it and add it again.', row.id);
      } else if (row.prep_state === 'failed') {
        ready.run(null, null, row.id);
      } else if (row.prep_state === 'ready' && typeof row.source_sha256 === 'string' && SHA256_HEX.test(row.source_sha256)) {
        const name = preparedName(row.source_sha256, edits);
        ready.run(join(folder, 'images', name), join(folder, 'thumbs', name), row.id);
      } else {
        failed.run('This photo was not prepared when the backup was made: remove it and add it again.', row.id);
      }
    }
  })();
}

/** A row's stored edits: null for none, undefined when they are no edits this app makes. */
function storedEdits(json: unknown): ImageEdits | null | undefined {
  if (json === null) return null;
  if (typeof json !== 'string') return undefined;
  try {
    const parsed = ImageEditsSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Opened read-only and defensive, with nothing of its schema trusted. */
function openFromOutside(path: string): Database.Database {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    // better-sqlite3 sets SQLITE_DBCONFIG_DEFENSIVE at every open; said here so that it stays so.
    db.unsafeMode(false);
    db.pragma('trusted_schema = OFF');
    db.pragma('cell_size_check = ON');
    db.pragma('query_only = ON');
    if (db.pragma('trusted_schema', { simple: true }) !== 0) throw new Error('could not set trusted_schema = OFF');
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** The live cache (this app's own), read-only; null when there is none or it cannot be read: restored as after a dead disk. */
function openLive(path: string | null): { db: Database.Database; state: LiveState } | null {
  if (path === null) return null;
  let db: Database.Database | null = null;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    return { db, state: readLiveState(db) };
  } catch {
    db?.close();
    return null;
  }
}

export interface AdoptResult { carried: CarryResult; counts: Record<string, number> }

/**
 * `stopAsked` throws when the core has asked this adoption to stop (its time budget is spent): it
 * is asked between batches and steps, so the thread stops itself between two calls into SQLite.
 * (Ended from outside instead, a thread whose SQLite call then fails aborts the whole process:
 * better-sqlite3 cannot make the error in a terminating thread.)
 */
export function adoptRows(task: AdoptTask, stopAsked: () => void = () => {}): AdoptResult {
  stopAsked();
  const file = openFromOutside(task.source);
  let ours: Db | null = null;
  try {
    const version = file.pragma('user_version', { simple: true }) as number;
    if (version > latestVersion()) throw new AdoptRefused('newer', `the file's cache has schema ${version}, newer than this app's (${latestVersion()})`);
    if (version !== task.schemaVersion || version < 1) throw new AdoptRefused('rows-differ', `the file's cache has schema ${version}, its manifest says ${task.schemaVersion}`);
    ours = openAccountDb(task.target, { upTo: version });
    const tables = assertSameSchema(file, ours);
    // A new file: nothing to lose to a crash until the end (the start-up sweep removes it), so no
    // sync per batch; and our indexes are built once after the copy (a third of the time of
    // keeping fourteen indexes on items up to date row by row). Our triggers stay: they make the
    // derived data (sort keys, category titles, the full-text index) as every write does.
    ours.pragma('synchronous = OFF');
    ours.pragma('foreign_keys = OFF');
    const indexes = ours.prepare(`SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL`).all() as Array<{ name: string; sql: string }>;
    for (const index of indexes) ours.exec(`DROP INDEX ${quote(index.name)}`);
    assertRowSizes(file, task.rowMaxBytes ?? ROW_MAX_BYTES);
    const copied = copyRows(file, ours, tables, task.counts, stopAsked);
    stopAsked();
    const differs = countsDiffer(task.counts, copied);
    if (differs) throw new AdoptRefused('rows-differ', `the file's rows differ from its manifest: ${differs}`);
    copySequences(file, ours, tables);
    try {
      ours.transaction(() => {
        for (const index of indexes) ours?.exec(index.sql);
      })();
    } catch (error) {
      // A unique index of ours the file's rows break.
      throw new AdoptRefused('rows-differ', `the file's rows do not fit this app's indexes: ${error instanceof Error ? error.message : String(error)}`);
    }
    const broken = ours.pragma('foreign_key_check') as unknown[];
    if (broken.length > 0) throw new AdoptRefused('rows-differ', `the file's rows break ${broken.length} reference(s) between tables`);
    ours.pragma('foreign_keys = ON');
    ours.pragma('synchronous = FULL');
    stopAsked();
    migrate(ours);
    recomputePhotoPaths(ours, task.folder);
    let carried: CarryResult;
    const live = openLive(task.live);
    try {
      carried = carryForward(ours, live?.state ?? null, task.now, task.backupTime);
    } finally {
      live?.db.close();
    }
    ours.pragma('wal_checkpoint(TRUNCATE)');
    return { carried, counts: copied };
  } finally {
    ours?.close();
    file.close();
  }
}
