// How a request to the marketplace ended, in the app's words, for the audit log and for the
// changes that are "sent, and on a refusal read back". One place for both rules: the seller's
// own changes (operations.ts) and the rules' decisions (rules/rule-offer-op.ts) follow them alike.
import { ApiError } from '../api/api-error.ts';
import type { LogOutcome } from './sync-repository.ts';

/** The audit log's record of a failed request: its status (null without an answer), outcome and message. */
export function logOutcomeOf(error: unknown): { status: number | null; outcome: LogOutcome; message: string } {
  const e = error instanceof ApiError ? error : null;
  return {
    status: e?.status || null,
    outcome: e?.outcomeUnknown ? 'unknown' : e?.retryable ? 'failed' : 'rejected',
    message: e?.message ?? String(error),
  };
}

/**
 * Sends a change; when the marketplace refuses it in the state it has now (answered, decided or
 * listed already), reads the thing back: our own earlier attempt whose answer was lost counts as
 * done (`readBack` returns it), anything else is the refusal it was (`readBack` returns null).
 */
export async function sendOrReadBack<T>(send: () => Promise<T>, readBack: () => Promise<T | null>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ApiError && error.refusedInCurrentState)) throw error;
    const seen = await readBack();
    if (seen === null) throw error;
    return seen;
  }
}

/** Runs `send`; a "not on the marketplace" answer counts as done (a removal made already). */
export async function goneIsDone(send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (error) {
    if (!(error instanceof ApiError && error.isGone)) throw error;
  }
}
