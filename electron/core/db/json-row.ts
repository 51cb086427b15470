// A table that holds one JSON document (row id 1) and when it was written: the cached user
// settings, the seller's canned answers. Every read parses the document with its schema: a copy
// that no longer parses (written by another version with other rules) reads as absent, never
// half-way. Table and column names are constants of the code, never input.
import type { z } from 'zod';
import type { Db } from './open-account-db.ts';

export type JsonRowTable = { table: 'user_settings'; stamp: 'fetched_at' } | { table: 'canned_answers'; stamp: 'updated' };

export function jsonRow<S extends z.ZodType>(db: Db, { table, stamp }: JsonRowTable, schema: S) {
  const read = db.prepare(`SELECT json FROM ${table} WHERE id = 1`).pluck();
  const write = db.prepare(
    `INSERT INTO ${table} (id, json, ${stamp}) VALUES (1, ?, ?)
     ON CONFLICT (id) DO UPDATE SET json = excluded.json, ${stamp} = excluded.${stamp}`,
  );
  const remove = db.prepare(`DELETE FROM ${table}`);
  return {
    /** The stored document, or null: never written, or no longer parses. */
    get(): z.output<S> | null {
      const json = read.get() as string | undefined;
      if (json === undefined) return null;
      try {
        const parsed = schema.safeParse(JSON.parse(json));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    /** The caller has parsed the value with the schema (its errors are the caller's to word). */
    put(value: z.output<S>, at: number): void {
      write.run(JSON.stringify(value), at);
    },
    clear(): void {
      remove.run();
    },
  };
}
