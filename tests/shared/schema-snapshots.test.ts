// Shipped migration steps are frozen: the schema each version leaves is kept in a file
// (server/db/schema-snapshots/, electron/core/db/schema-snapshots/) and checked here for both
// databases, and each version may only add to the one before (Actual's schema guard). A step that
// read today's field registry would leave a different schema at its version once a field is added,
// and fail here. A new step: `npx tsx tests/support/schema-snapshots.ts write` writes its file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMigrations, type Migration } from '../../shared/sqlite/migrations.ts';
import { MIGRATIONS as SERVER_MIGRATIONS } from '../../server/db/migrations.ts';
import { MIGRATIONS as CACHE_MIGRATIONS } from '../../electron/core/db/migrations.ts';
import {
  formatSnapshot, readSnapshot, SCHEMA_DATABASES, schemaViolations, snapshotOf, snapshotsOf, storedVersions, type SchemaDatabase,
} from '../support/schema-snapshots.ts';

const WRITE = 'npx tsx tests/support/schema-snapshots.ts write';

describe.each(SCHEMA_DATABASES.map((d) => [d.name, d] as [string, SchemaDatabase]))('the %s database\'s schema, version by version', (_name, database) => {
  const history = snapshotsOf(database);

  it('has a snapshot file for every version and none for a version it does not have', () => {
    const versions = database.migrations.map((m) => m.version);
    for (const version of versions) expect(readSnapshot(database, version), `no snapshot of version ${version}: ${WRITE}`).toBeDefined();
    expect(storedVersions(database)).toEqual(versions);
  });

  it('leaves at every version exactly the schema its snapshot holds (shipped steps never change)', () => {
    for (const snapshot of history) {
      expect(snapshot, `version ${snapshot.version} differs from its snapshot: a shipped step changed`).toEqual(readSnapshot(database, snapshot.version));
    }
  });

  it('only adds from one version to the next: no table or column removed, no type changed, no retired name reused', () => {
    const stored = storedVersions(database).map((v) => readSnapshot(database, v)!);
    expect(schemaViolations(stored)).toEqual([]);
  });

  it('keeps its snapshot files in the form the writer writes them', () => {
    for (const snapshot of history) {
      expect(readFileSync(`${database.folder}/v${snapshot.version}.json`, 'utf8')).toBe(formatSnapshot(snapshot));
    }
  });
});

describe('the schema guard', () => {
  // The guard on steps it must refuse, run on a real SQLite database.
  const steps: Migration[] = [
    { version: 1, name: 'start', sql: 'CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b INTEGER); CREATE INDEX t_a ON t(a);' },
    { version: 2, name: 'drops an index (allowed)', sql: 'DROP INDEX t_a;' },
    { version: 3, name: 'brings the retired index name back', sql: 'CREATE INDEX t_a ON t(b);' },
    { version: 4, name: 'drops a column', sql: 'DROP INDEX t_a; ALTER TABLE t DROP COLUMN b;' },
    { version: 5, name: 'drops a table', sql: 'DROP TABLE t;' },
  ];
  it('refuses a removed column or table and a retired name brought back, and lets an index go', () => {
    const db = SCHEMA_DATABASES[0]!.open();
    const history = steps.map((step) => {
      runMigrations(db, steps, { upTo: step.version });
      return snapshotOf(db, step.version);
    });
    db.close();
    expect(schemaViolations(history)).toEqual([
      'version 3 brings back index t_a, retired in version 2',
      'version 4 removes column t.b: changes are additive only',
      'version 5 removes table t: changes are additive only',
      'version 5 removes column t.id: changes are additive only',
      'version 5 removes column t.a: changes are additive only',
    ]);
  });

  it('refuses a changed column type', () => {
    const db = SCHEMA_DATABASES[1]!.open();
    const changed: Migration[] = [
      { version: 1, name: 'start', sql: 'CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT);' },
      { version: 2, name: 'rebuilds t with a as INTEGER', sql: 'CREATE TABLE t2 (id INTEGER PRIMARY KEY, a INTEGER); DROP TABLE t; ALTER TABLE t2 RENAME TO t;' },
    ];
    const history = changed.map((step) => {
      runMigrations(db, changed, { upTo: step.version });
      return snapshotOf(db, step.version);
    });
    db.close();
    expect(schemaViolations(history)).toEqual(['version 2 changes the type of t.a from TEXT to INTEGER']);
  });
});

describe('the migration files', () => {
  // One file per step (NNNN-name.ts in each database's migrations/), listed in order by the
  // database's migrations.ts: an old step changed shows as a diff of its own file.
  const FOLDERS = [
    { folder: 'server/db/migrations', index: 'server/db/migrations.ts', migrations: SERVER_MIGRATIONS },
    { folder: 'electron/core/db/migrations', index: 'electron/core/db/migrations.ts', migrations: CACHE_MIGRATIONS },
  ];

  it('hold one step each, numbered as the file is named, listed in order with no gap', () => {
    for (const { folder, index, migrations } of FOLDERS) {
      const files = readdirSync(folder).sort();
      expect(files.every((file) => /^\d{4}-[a-z0-9-]+\.ts$/.test(file)), folder).toBe(true);
      expect(files.map((file) => Number(file.slice(0, 4))), folder).toEqual(files.map((_, i) => i + 1));
      expect(migrations.map((step) => step.version), index).toEqual(files.map((_, i) => i + 1));
      const listed = [...readFileSync(index, 'utf8').matchAll(/from '\.\/migrations\/([^']+)'/g)].map((m) => m[1]);
      expect(listed, index).toEqual(files);
    }
  });

  it('import no live code: a step holds every value it uses as written when it shipped', () => {
    for (const { folder } of FOLDERS) {
      for (const file of readdirSync(folder)) {
        const text = readFileSync(join(folder, file), 'utf8');
        // Types only: an `import type` is erased, so nothing today's code holds can reach the step.
        const valueImports = [...text.matchAll(/^(?:import|export)\b(?!\s+type\b)[^;]*?from\s+'([^']+)'/gm)].map((m) => m[1]);
        const dynamic = [...text.matchAll(/\b(?:import|require)\s*\(/g)].length;
        expect({ valueImports, dynamic }, `${folder}/${file}`).toEqual({ valueImports: [], dynamic: 0 });
      }
    }
  });

  it('catch a step that imports live code', () => {
    const text = `import { FIRST_IDS } from '../migration-ids.ts';\nimport type { Migration } from '../../../shared/sqlite/migrations.ts';`;
    expect([...text.matchAll(/^(?:import|export)\b(?!\s+type\b)[^;]*?from\s+'([^']+)'/gm)].map((m) => m[1])).toEqual(['../migration-ids.ts']);
  });
});
