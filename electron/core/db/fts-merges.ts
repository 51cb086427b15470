// The full-text index's merges while a long write works (issue 41). Every statement that changes
// items_fts flushes its pending terms as a new segment (FTS5 does at each statement's savepoint)
// and then, by default, merges segments at once ('automerge'): a bulk edit written in pieces of 200
// drafts cost three times the same edit in one statement (a note on 10,000 drafts: 2.8 s against
// 1.0 s). While the work runs, automerge is off and the segments pile up in its open transaction;
// at its end they are merged in pieces (the 'merge' command, MERGE_PAGES pages a call) before the
// commit, so no reader ever sees the index unmerged, and the setting is put back.
// Known (issue 41, bench:core's traced pieces): a level that reaches 'crisismerge' (16) segments
// is still merged at once inside the piece whose statement got it there, 163 ms of the core's CPU
// in a piece of 23 rows at the 4,096th piece of a 100,000-row import. Merging as steps between the
// pieces ended that but made a bulk edit of 10,000 notes slower than a backup's copy (backup.test's
// edits during a backup no longer finished within it), so it is not done yet.
import type { Db } from './open-account-db.ts';
import type { Slices } from './sliced-transaction.ts';
import { traced } from './long-write-trace.ts';

/** Pages written per merge call: a few milliseconds. */
const MERGE_PAGES = 25;
/** FTS5's own default. */
const AUTOMERGE_DEFAULT = 4;

/** `work` with the index's merges deferred to its end (the caller holds the transaction). */
export function* withMergesDeferred<T>(db: Db, work: Slices<T>): Slices<T> {
  const configured = db.prepare(`SELECT v FROM items_fts_config WHERE k = 'automerge'`).pluck().get() as number | undefined;
  // FTS5 takes the setting only as an integer literal (better-sqlite3 binds numbers as reals).
  const setAutomerge = (n: number) => db.prepare(`INSERT INTO items_fts(items_fts, rank) VALUES ('automerge', ${Math.trunc(n)})`).run();
  setAutomerge(0);
  const result = yield* work;
  const changes = db.prepare(`SELECT total_changes()`).pluck();
  const merge = db.prepare(`INSERT INTO items_fts(items_fts, rank) VALUES ('merge', ?)`);
  for (;;) {
    const before = changes.get() as number;
    traced('merge', () => merge.run(MERGE_PAGES));
    // FTS5's documented test: a merge that did any work moves total_changes() by 2 or more.
    if ((changes.get() as number) - before < 2) break;
    yield;
  }
  setAutomerge(configured ?? AUTOMERGE_DEFAULT);
  return result;
}
