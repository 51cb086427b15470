// Issue 41, the core's longest blocks: what a long write does besides its own pieces is cut into
// pieces too, or moved off the core's thread. The full-text index's merges are steps of their own
// (a piece of the work never merges: FTS5's crisis merge used to run inside the piece that made
// 16 segments at a level); the commit comes after the WAL was synced off the thread, a
// cancel meanwhile still winning; and the long writes' connection spills its pages into the WAL
// as it goes instead of leaving 16 MB of them to its commit. By counts and order, not the clock.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openAccountDb, type Db } from '../../electron/core/db/open-account-db.ts';
import { runInSlices, WriteCancelled, type Slices } from '../../electron/core/db/sliced-transaction.ts';
import { invokeOk, openTestCore, tempFolder } from '../app/support.ts';
import { afterThisTest } from '../support/temp-folder.ts';

const PIECES = 40;
const PER_PIECE = 10;

function freshCache(): Db {
  const db = openAccountDb(join(tempFolder('long-write-pieces-'), 'cache.sqlite'));
  afterThisTest(() => db.close());
  return db;
}

/** SQLite's varint at `at`: its value and length. */
function varint(bytes: Uint8Array, at: number): [number, number] {
  let value = 0;
  for (let i = 0; i < 9; i++) {
    const byte = bytes[at + i] as number;
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return [value, i + 1];
  }
  throw new Error('a varint longer than 9 bytes');
}

/**
 * The index's segments: FTS5's structure record (row 10 of items_fts_data) is a 4-byte cookie,
 * a 4-byte mark in its second version, then the levels and the segments as varints.
 */
function segments(db: Db): number {
  const record = db.prepare(`SELECT block FROM items_fts_data WHERE id = 10`).pluck().get() as Uint8Array | undefined;
  if (!record) return 0;
  let at = 4;
  if (record[4] === 0xff && record[5] === 0 && record[6] === 0 && record[7] === 1) at += 4;
  const [, levelBytes] = varint(record, at);
  return varint(record, at + levelBytes)[0];
}

/** PIECES pieces of PER_PIECE drafts, one statement each; notes the segments around each piece. */
function* drafts(db: Db, added: number[]): Slices<number> {
  const insert = db.prepare(`INSERT INTO items (title, created, updated) VALUES ${Array.from({ length: PER_PIECE }, () => `(?, 1, 1)`).join(', ')}`);
  for (let piece = 0; piece < PIECES; piece++) {
    const before = segments(db);
    insert.run(...Array.from({ length: PER_PIECE }, (_, i) => `Tammipöytä ${piece * PER_PIECE + i}`));
    added.push(segments(db) - before);
    yield;
  }
  return PIECES * PER_PIECE;
}

describe("a long write's full-text merges", () => {
  it('are steps of their own between its pieces: a piece never merges segments', async () => {
    const db = freshCache();
    const added: number[] = [];
    // Every step a slice of its own. A statement on the index first writes what the one before
    // it left pending as a segment; when that made 16 at a level, FTS5 merged them at once,
    // inside the piece (the segments fell by 15). Now the merges are steps between the pieces.
    await runInSlices(db, () => drafts(db, added), { budgetMs: 0 });
    expect(added).toHaveLength(PIECES);
    expect(Math.min(...added)).toBeGreaterThanOrEqual(0);
    // The index answers for every draft, merged to FTS5's usual shape, its settings put back.
    expect(db.prepare(`SELECT count(*) FROM items_fts WHERE items_fts MATCH 'tammipoyta'`).pluck().get()).toBe(PIECES * PER_PIECE);
    expect(segments(db)).toBeLessThan(4 * 3);
    expect(db.prepare(`SELECT k, v FROM items_fts_config WHERE k IN ('automerge', 'usermerge', 'crisismerge') ORDER BY k`).all())
      .toEqual([{ k: 'automerge', v: 4 }, { k: 'crisismerge', v: 16 }, { k: 'usermerge', v: 4 }]);
  });
});

describe("a long write's commit", () => {
  it('waits for what it awaits before the commit (the WAL synced off the thread), and a cancel meanwhile still wins', async () => {
    const db = freshCache();
    const events: string[] = [];
    const committed = () => db.prepare(`SELECT count(*) FROM items`).pluck().get() as number;
    await runInSlices(db, () => drafts(db, []), {
      beforeCommit: async () => {
        events.push(`before commit, in its transaction: ${db.inTransaction}`);
        await new Promise<void>((resolve) => setImmediate(resolve));
      },
      finish: (commit) => {
        events.push('commit');
        commit();
      },
    });
    expect(events).toEqual(['before commit, in its transaction: true', 'commit']);
    expect(committed()).toBe(PIECES * PER_PIECE);

    const stop = new AbortController();
    const cancelled = runInSlices(db, () => drafts(db, []), { signal: stop.signal, beforeCommit: async () => stop.abort() });
    await expect(cancelled).rejects.toBeInstanceOf(WriteCancelled);
    expect(committed()).toBe(PIECES * PER_PIECE);
    expect(db.inTransaction).toBe(false);
  });

  it("is left few pages to write: the long writes' connection spills past SQLite's 2 MB cache, not better-sqlite3's 16 MB", async () => {
    const core = openTestCore({ syncTiming: { debounceMs: 60_000, pollMs: 0 } });
    let cache: unknown = null;
    core.session.onEvent((name) => {
      if (name === 'csv.progress') cache ??= core.session.writes().peek((db) => db.pragma('cache_size', { simple: true }));
    });
    await invokeOk(core.bridge, 'csv.import', { text: 'title\r\nTammipöytä\r\nKoivutuoli\r\n' });
    expect(core.session.db().pragma('cache_size', { simple: true })).toBe(-16000);
    expect(cache).toBe(-2000);
  });
});
