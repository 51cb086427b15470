// The one migration runner of the project's SQLite files (the service's and every account cache):
// numbered steps bundled statically, each in its own transaction with its bump of
// PRAGMA user_version, so a step that fails half-way leaves the previous version intact; a file
// newer than the code is refused, never opened.
import type Database from 'better-sqlite3';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** Steps SQL text cannot express (run first, in the same transaction), e.g. rebuilding tables
   * from their stored CREATE statements. */
  run?: (db: Database.Database) => void;
  /** Rebuilds tables that others reference: runs with foreign key enforcement off (it cannot be
   * switched inside a transaction), and `foreign_key_check` must find nothing before the commit. */
  foreignKeysOff?: boolean;
}

export class DatabaseTooNewError extends Error {
  readonly found: number;
  readonly known: number;
  /** `what` names the file for the message ("the cache file", "the service database"). */
  constructor(found: number, known: number, what = 'the database') {
    super(`${what} has schema version ${found}, newer than this code knows (${known}); update the app`);
    this.name = 'DatabaseTooNewError';
    this.found = found;
    this.known = known;
  }
}

export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

export function latestVersion(migrations: readonly Migration[]): number {
  return migrations.at(-1)?.version ?? 0;
}

/** Runs the steps above the file's version, up to `upTo` (migration tests step one at a time). */
export function runMigrations(db: Database.Database, migrations: readonly Migration[], options: { upTo?: number; what?: string } = {}): void {
  const known = latestVersion(migrations);
  const current = schemaVersion(db);
  if (current > known) throw new DatabaseTooNewError(current, known, options.what);
  const upTo = options.upTo ?? Infinity;
  for (const step of migrations) {
    if (step.version <= current || step.version > upTo) continue;
    const enforced = db.pragma('foreign_keys', { simple: true }) === 1;
    if (step.foreignKeysOff) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        step.run?.(db);
        db.exec(step.sql);
        if (step.foreignKeysOff) {
          const broken = db.pragma('foreign_key_check') as unknown[];
          if (broken.length > 0) throw new Error(`migration ${step.version} would break ${broken.length} foreign key(s)`);
        }
        // PRAGMA takes no bound parameters; the version is an integer from our own table.
        db.pragma(`user_version = ${Math.trunc(step.version)}`);
      })();
    } finally {
      if (step.foreignKeysOff && enforced) db.pragma('foreign_keys = ON');
    }
  }
}
