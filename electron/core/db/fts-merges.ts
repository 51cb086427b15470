// The full-text index's merges while a long write works (issue 41). Every statement that changes
// items_fts flushes its pending terms as a new segment (FTS5 does at each statement's savepoint)
// and then, by default, merges segments at once ('automerge'): a bulk edit written in pieces of 200
// drafts cost three times the same edit in one statement (a note on 10,000 drafts: 2.8 s against
// 1.0 s). So while the work runs, automerge is off. But a level that reaches 'crisismerge' (16)
// segments is still merged at once, inside the piece whose flush got it there: the 4,096th piece
// of an import of 100,000 rows merged 16 segments of 256 pieces each, 163 ms of the core's CPU in
// a piece of 23 rows (bench:core responsive, load 7.7). So the merges are the work's own pieces
// too: after each step of the work, a level of MERGE_LEVEL segments is merged in calls of
// MERGE_PAGES pages (the 'merge' command), each a place to pause, and crisismerge is raised out of
// their way. At the end the index is merged to FTS5's usual shape (fewer than 'usermerge'
// segments a level) the same way before the commit, so no reader ever sees it otherwise, and
// every setting is put back.
import type { Db } from './open-account-db.ts';
import type { Slices } from './sliced-transaction.ts';
import { traced } from './long-write-trace.ts';

/** Pages written per merge call: a few milliseconds. */
const MERGE_PAGES = 16;
/** Segments a level holds before the work's merges take it (FTS5's largest 'usermerge'). */
const MERGE_LEVEL = 16;
/** FTS5's own defaults. */
const DEFAULTS = { automerge: 4, usermerge: 4, crisismerge: 16 } as const;
type Setting = keyof typeof DEFAULTS;

/** `work` with the index's merges done in pieces of their own (the caller holds the transaction). */
export function* withMergesDeferred<T>(db: Db, work: Slices<T>): Slices<T> {
  const read = db.prepare(`SELECT v FROM items_fts_config WHERE k = ?`).pluck();
  const configured = (k: Setting) => (read.get(k) as number | undefined) ?? DEFAULTS[k];
  const before = { automerge: configured('automerge'), usermerge: configured('usermerge'), crisismerge: configured('crisismerge') };
  // FTS5 takes a setting only as an integer literal (better-sqlite3 binds numbers as reals).
  const set = (k: Setting, n: number) => db.prepare(`INSERT INTO items_fts(items_fts, rank) VALUES ('${k}', ${Math.trunc(n)})`).run();
  const changes = db.prepare(`SELECT total_changes()`).pluck();
  const merge = db.prepare(`INSERT INTO items_fts(items_fts, rank) VALUES ('merge', ?)`);
  /** One merge call; false when there was nothing to merge. */
  const mergeOnce = () => traced('merge', () => {
    const start = changes.get() as number;
    merge.run(MERGE_PAGES);
    // FTS5's documented test: a merge that did any work moves total_changes() by 2 or more.
    return (changes.get() as number) - start >= 2;
  });
  set('automerge', 0);
  set('usermerge', MERGE_LEVEL);
  // Above any level the merges let grow (MERGE_LEVEL, and the segment a piece adds meanwhile).
  set('crisismerge', 2 * MERGE_LEVEL);
  let ended = false;
  try {
    for (;;) {
      const step = work.next();
      if (step.done) {
        ended = true;
        set('usermerge', before.usermerge);
        while (mergeOnce()) yield;
        return step.value;
      }
      // The work's own pause (and progress) first, then the merges its piece made due.
      yield step.value;
      while (mergeOnce()) yield;
    }
  } finally {
    // A work stopped here (a cancel, the account closed) runs its own finally blocks.
    if (!ended) work.return(undefined as never);
    // A stopped work's transaction is rolled back, settings and all; a finished one keeps them.
    if (db.open && db.inTransaction) {
      set('automerge', before.automerge);
      set('usermerge', before.usermerge);
      set('crisismerge', before.crisismerge);
    }
  }
}
