// The messages between the core's thread and its writer thread (writer-client.ts, writer-thread.ts).
import type { SliceProgress } from '../db/sliced-transaction.ts';
import type { CommitLatch } from '../db/commit-latch.ts';
import type { TimedSpan } from '../db/long-write-trace.ts';
import type { FieldValues } from '../drafts/plan-edit.ts';
import type { LongWriteJob } from './long-write-jobs.ts';
import type { SentError } from './thread-errors.ts';

/** Int32Array over a close's SharedArrayBuffer: CLOSED_AT set to 1 once the thread's connection to the cache is closed (writer-client.ts waits on it). */
export const CLOSED_AT = 0;

export interface RunOptions {
  /** The session connection's limit of the file's size, which holds for the writer too. */
  maxPageCount: number;
  /** A cancellable write's commit latch (db/commit-latch.ts): the commit runs only if no cancel came first. */
  latch?: CommitLatch | undefined;
  /** Someone listens to the writer's spans (bench:core): they are collected and sent at the job's end. */
  trace?: boolean | undefined;
}

export type ToWriter =
  /** `path`: the account's cache file (the thread keeps a connection per cache). */
  | { type: 'run'; id: number; path: string; job: LongWriteJob; options: RunOptions }
  | { type: 'rows'; id: number; rows: readonly FieldValues[]; unchecked: number }
  | { type: 'rows-end'; id: number }
  | { type: 'rows-failed'; id: number; error: SentError }
  | { type: 'cancel'; id: number }
  | { type: 'peek'; ask: number; path: string; sql: string }
  /** The cache's connection is closed (its job rolled back); `closed` is then set (CLOSED_AT). */
  | { type: 'close'; path: string; closed: SharedArrayBuffer };

export type FromWriter =
  | { type: 'progress'; id: number; progress: SliceProgress }
  | { type: 'batch'; id: number; written: number; total: number }
  /** `bigWal`: the commit left more than an in-place checkpoint takes (long-write-wal.ts). */
  | { type: 'done'; id: number; result: unknown; bigWal: boolean }
  | { type: 'failed'; id: number; error: SentError }
  | { type: 'spans'; id: number; spans: TimedSpan[] }
  | { type: 'peeked'; ask: number; value: unknown; error?: SentError };
