// The bulk changes the window may cancel while they run (issue 41): a bulk edit, price and text
// rules, a template applied, categories from the market. The window names each one (its writeId)
// and cancels it by that name (drafts.cancelWrite), as it does an import (csv/import-cancel.ts).
// The write runs in the writer thread, its cancel is answered on the core's thread: they meet at
// the write's commit latch (db/write-cancels.ts), so 'cancelled' means rolled back (no draft,
// undo step or outbox row of it) and 'already-done' means committed, one undo step.
import type { IpcEventPayload } from '../../../shared/ipc/contract.ts';
import { WriteCancelled } from '../db/sliced-transaction.ts';
import { writeCancels, type CancelOutcome, type WriteCancels } from '../db/write-cancels.ts';
import type { CoreSession } from '../session/core-session.ts';
import type { LongWriteJob, LongWriteResult } from '../writer/long-write-jobs.ts';
import { writeProgress } from './handler-types.ts';

/** One registry per session: the handlers of every domain that starts a bulk change share it with the cancel. */
const registries = new WeakMap<CoreSession, WriteCancels>();

function cancelsOf(session: CoreSession): WriteCancels {
  let cancels = registries.get(session);
  if (!cancels) {
    cancels = writeCancels();
    registries.set(session, cancels);
  }
  return cancels;
}

/** A bulk change's answer once cancelled: nothing was changed, no undo step (templates.apply adds notEditable: 0). */
export const CANCELLED_CHANGE = { stepId: null, changed: 0, cancelled: true as const };

/**
 * Runs `job` as a long write named `writeId` (none: it cannot be cancelled), its progress as
 * drafts.writeProgress events of `kind`. Null: it was cancelled, and nothing of it was saved.
 */
export async function cancellableWrite<J extends LongWriteJob>(
  session: CoreSession, job: J, writeId: string | undefined, kind: IpcEventPayload<'drafts.writeProgress'>['kind'],
): Promise<LongWriteResult<J['kind']> | null> {
  const cancels = cancelsOf(session);
  const control = cancels.start(writeId);
  try {
    // Cancelled before it started (the cancel overtook it): it never takes the writer.
    if (control.signal.aborted) return null;
    const result = await session.writes().long(job, { ...writeProgress(session, kind), signal: control.signal, latch: control.latch });
    control.committed();
    return result;
  } catch (error) {
    // Stopped at a slice, or at its commit by the latch: rolled back whole.
    if (error instanceof WriteCancelled) return null;
    throw error;
  } finally {
    cancels.end(writeId);
  }
}

/** drafts.cancelWrite: the truth of the named bulk change (db/write-cancels.ts). */
export const cancelWrite = async (session: CoreSession, writeId: string): Promise<CancelOutcome> => cancelsOf(session).cancel(writeId);
