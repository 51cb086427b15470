// Schema snapshots of both databases, one file per version (as Actual's schema guard keeps one):
// what sqlite_schema and table_xinfo say after migrating an empty database step by step. A shipped
// step is frozen text, so the schema it leaves never changes: tests/shared/schema-snapshots.test.ts
// compares every version with its file, and each version with the one before (additive only).
//
// Write the snapshot of a NEW version (never rewrites an existing file):
//   npx tsx tests/support/schema-snapshots.ts write
// Print the service's items_version trigger for a step that adds an item column (paste it in full):
//   npx tsx tests/support/schema-snapshots.ts version-trigger
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { MIGRATIONS as CACHE_MIGRATIONS } from '../../electron/core/db/migrations.ts';
import { htmlText } from '../../electron/core/db/html-text.ts';
import { titleSortKey } from '../../electron/core/db/sort-key.ts';
import { MIGRATIONS as SERVICE_MIGRATIONS } from '../../server/db/migrations.ts';
import { itemsVersionTriggerSql } from '../../server/db/item-columns.ts';
import { stripHtml } from '../../server/domain/text.ts';
import { runMigrations, type Migration } from '../../shared/sqlite/migrations.ts';

const ROOT = resolve(import.meta.dirname, '../..');

export interface SchemaObject {
  type: string;
  name: string;
  table: string;
  sql: string | null;
}

export interface Column {
  name: string;
  type: string;
  notNull: boolean;
  default: string | null;
  primaryKey: number;
  hidden: number;
}

export interface SchemaSnapshot {
  version: number;
  objects: SchemaObject[];
  columns: Record<string, Column[]>;
}

export interface SchemaDatabase {
  /** 'service' or 'cache' */
  name: string;
  migrations: readonly Migration[];
  /** Where its snapshots are kept: v<version>.json */
  folder: string;
  /** An empty in-memory database with the functions its steps call. */
  open(): Database.Database;
}

export const SCHEMA_DATABASES: readonly SchemaDatabase[] = [
  {
    name: 'service',
    migrations: SERVICE_MIGRATIONS,
    folder: join(ROOT, 'server/db/schema-snapshots'),
    open() {
      const db = new Database(':memory:');
      db.pragma('foreign_keys = ON');
      db.function('strip_html', { deterministic: true }, (html: unknown) => stripHtml(typeof html === 'string' ? html : ''));
      return db;
    },
  },
  {
    name: 'cache',
    migrations: CACHE_MIGRATIONS,
    folder: join(ROOT, 'electron/core/db/schema-snapshots'),
    open() {
      const db = new Database(':memory:');
      db.pragma('foreign_keys = ON');
      db.function('html_text', { deterministic: true }, htmlText);
      db.function('title_sort_key', { deterministic: true }, titleSortKey);
      return db;
    },
  },
];

const collapse = (sql: string | null) => (sql === null ? null : sql.replace(/\s+/g, ' ').trim());

export function snapshotOf(db: Database.Database, version: number): SchemaSnapshot {
  const rows = db.prepare(`SELECT type, name, tbl_name AS "table", sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name`).all() as SchemaObject[];
  const objects = rows.map((row) => ({ ...row, sql: collapse(row.sql) }));
  const columns: Record<string, Column[]> = {};
  for (const table of objects.filter((o) => o.type === 'table')) {
    const info = db.prepare('SELECT name, type, "notnull", dflt_value, pk, hidden FROM pragma_table_xinfo(?) ORDER BY cid').all(table.name) as Array<{
      name: string; type: string; notnull: number; dflt_value: string | null; pk: number; hidden: number;
    }>;
    columns[table.name] = info.map((c) => ({ name: c.name, type: c.type, notNull: c.notnull === 1, default: c.dflt_value, primaryKey: c.pk, hidden: c.hidden }));
  }
  return { version, objects, columns };
}

/** The schema after each step, migrating one empty database a step at a time. */
export function snapshotsOf(database: SchemaDatabase): SchemaSnapshot[] {
  const db = database.open();
  try {
    return database.migrations.map((step) => {
      runMigrations(db, database.migrations, { upTo: step.version, what: `the ${database.name} database` });
      return snapshotOf(db, step.version);
    });
  } finally {
    db.close();
  }
}

export const snapshotFile = (database: SchemaDatabase, version: number) => join(database.folder, `v${version}.json`);

export function readSnapshot(database: SchemaDatabase, version: number): SchemaSnapshot | undefined {
  const file = snapshotFile(database, version);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SchemaSnapshot) : undefined;
}

/** The versions that have a snapshot file. */
export function storedVersions(database: SchemaDatabase): number[] {
  if (!existsSync(database.folder)) return [];
  return readdirSync(database.folder).map((f) => /^v(\d+)\.json$/.exec(f)?.[1]).filter((v) => v !== undefined).map(Number).sort((a, b) => a - b);
}

/** One object per line: a new version's file reads (and diffs) by table, index and trigger. */
export function formatSnapshot(snapshot: SchemaSnapshot): string {
  const objects = snapshot.objects.map((o) => `    ${JSON.stringify(o)}`).join(',\n');
  const columns = Object.entries(snapshot.columns).map(([table, cols]) =>
    `    ${JSON.stringify(table)}: [\n${cols.map((c) => `      ${JSON.stringify(c)}`).join(',\n')}\n    ]`).join(',\n');
  return `{\n  "version": ${snapshot.version},\n  "objects": [\n${objects}\n  ],\n  "columns": {\n${columns}\n  }\n}\n`;
}

/**
 * What a step may not do to the schema before it (Actual's schema guard): drop or rename a table,
 * drop a column, change a column's type; nor bring back a name (table, column, index, trigger)
 * an earlier step retired. Indexes and triggers may be dropped (they hold no data).
 */
export function schemaViolations(history: readonly SchemaSnapshot[]): string[] {
  const problems: string[] = [];
  const retired = new Map<string, number>(); // "index items_status" -> the version that retired it
  for (let i = 1; i < history.length; i++) {
    const before = history[i - 1]!;
    const after = history[i]!;
    const at = `version ${after.version}`;
    const names = (s: SchemaSnapshot) => new Set([
      ...s.objects.map((o) => `${o.type} ${o.name}`),
      ...Object.entries(s.columns).flatMap(([table, cols]) => cols.map((c) => `column ${table}.${c.name}`)),
    ]);
    const namesBefore = names(before);
    const namesAfter = names(after);
    for (const name of namesAfter) {
      if (!namesBefore.has(name) && retired.has(name)) problems.push(`${at} brings back ${name}, retired in version ${retired.get(name)}`);
    }
    for (const name of namesBefore) {
      if (namesAfter.has(name)) continue;
      retired.set(name, after.version);
      if (name.startsWith('table ') || name.startsWith('column ')) problems.push(`${at} removes ${name}: changes are additive only`);
    }
    for (const [table, cols] of Object.entries(before.columns)) {
      const now = new Map((after.columns[table] ?? []).map((c) => [c.name, c]));
      for (const column of cols) {
        const later = now.get(column.name);
        if (later && later.type !== column.type) problems.push(`${at} changes the type of ${table}.${column.name} from ${column.type} to ${later.type}`);
      }
    }
  }
  return problems;
}

/** Writes the snapshot of every version that has none yet; an existing file is never rewritten. */
export function writeNewSnapshots(): string[] {
  const written: string[] = [];
  for (const database of SCHEMA_DATABASES) {
    mkdirSync(database.folder, { recursive: true });
    for (const snapshot of snapshotsOf(database)) {
      const file = snapshotFile(database, snapshot.version);
      if (existsSync(file)) continue;
      writeFileSync(file, formatSnapshot(snapshot));
      written.push(file);
    }
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const command = process.argv[2];
  if (command === 'write') {
    const written = writeNewSnapshots();
    process.stdout.write(written.length ? `${written.map((f) => `wrote ${f}`).join('\n')}\n` : 'every version has its snapshot already\n');
  } else if (command === 'version-trigger') {
    process.stdout.write(`${itemsVersionTriggerSql()}\n`);
  } else {
    process.stderr.write('usage: npx tsx tests/support/schema-snapshots.ts write | version-trigger\n');
    process.exitCode = 2;
  }
}
