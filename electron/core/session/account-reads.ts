// The long reads of one open account's cache (issue 41): a read of 100,000 rows (select all of a
// grid query) runs in slices on a connection of its own, so the session's connection keeps
// answering the grid between them. Each long read is ONE read transaction: every slice sees the
// cache as it was at its first read (WAL), whatever is committed meanwhile, so the answer is the
// one a single statement would have given. One long read at a time holds the connection (a
// statement stays open across slices); the others wait their turn, in order.
import type { Db } from '../db/open-account-db.ts';
import { openAccountDb } from '../db/open-account-db.ts';
import { runSliced, type SliceOptions, type Slices } from '../db/sliced-transaction.ts';
import { CoreError } from '../errors/core-error.ts';

export interface AccountReads {
  /** Runs `work` over the long reads' connection in slices, inside one read transaction. */
  long<T>(work: (db: Db) => Slices<T>, options?: SliceOptions): Promise<T>;
  /** True while a long read is under way (tests, diagnostics). */
  readonly reading: boolean;
  /** Stops a long read under way (it fails at its next slice) and closes the connection. */
  close(): void;
}

const closedError = () => new CoreError('state', 'the account was closed while it was being read');

/** `path`: the account's cache file; the long reads' connection is opened on first use. */
export function accountReads(path: string): AccountReads {
  let own: Db | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  /** The long read under way: a close ends it (its open statement would keep the file open). */
  let current: Slices<unknown> | null = null;
  const closing = new AbortController();
  const connection = (): Db => {
    if (own) return own;
    own = openAccountDb(path);
    // It never writes: a write reaching it is a bug, refused at once.
    own.pragma('query_only = ON');
    return own;
  };

  async function run<T>(work: (db: Db) => Slices<T>, options: SliceOptions): Promise<T> {
    if (closing.signal.aborted) throw closedError();
    const db = connection();
    const signal = options.signal ? AbortSignal.any([options.signal, closing.signal]) : closing.signal;
    db.exec('BEGIN');
    const steps = work(db);
    current = steps;
    try {
      return await runSliced(steps, { ...options, signal });
    } finally {
      current = null;
      if (db.open && db.inTransaction) db.exec('COMMIT');
    }
  }

  return {
    long(work, options = {}) {
      const result = queue.then(() => run(work, options));
      queue = result.catch(() => undefined);
      return result;
    },
    get reading() {
      return current !== null;
    },
    close() {
      closing.abort(closedError());
      // A long read waits for its next slice, where it finds the signal aborted: its statement is
      // ended now so the connection can close (a restore is about to replace the file).
      try {
        current?.return(undefined as never);
      } catch {
        // It was ended already.
      }
      if (own?.open && own.inTransaction) own.exec('ROLLBACK');
      own?.close();
      own = null;
    },
  };
}
