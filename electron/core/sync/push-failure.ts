// What a row's failed send means for the row: the one place the push decides between waiting,
// retrying, dropping and parking. The failure is read in the app's words (api-error.ts maps the
// marketplace's answers to them); nothing here knows an HTTP status.
import { ApiError } from '../api/api-error.ts';
import type { OutboxRow } from '../outbox/outbox.ts';
import type { DraftSlots } from './draft-slots.ts';
import type { OpOutcome } from './events.ts';
import type { PushContext } from './push-context.ts';

export function rowFailed(ctx: PushContext, row: OutboxRow, error: unknown, slots: DraftSlots): OpOutcome {
  const { store, events } = ctx;
  const localId = row.item_local_id;
  if (ctx.pauseIfSignInNeeded(error)) return 'deferred';
  if (!(error instanceof ApiError)) {
    // The core's own failure (a file gone, a bug): the item waits for the seller, with the reason.
    const message = error instanceof Error ? error.message : String(error);
    store.park(row, message, null);
    events.emit({ type: 'item-state', localId, state: 'rejected', reason: message, field: null });
    return 'parked';
  }
  if (error.isGone && row.kind !== 'delete' && store.item(localId)?.deleted_at != null) {
    // The seller deleted the item and the marketplace no longer has it (removed elsewhere): a
    // change still queued before the delete is moot. Drop it so the delete can be confirmed.
    store.completeRow(row, null);
    return 'dropped';
  }
  events.emit({ type: 'connectivity', online: !error.isNetwork });
  if (error.isDraftLimit) {
    // Drafts made elsewhere fill the marketplace's slots: wait for a later run, do not fail.
    slots.exhaust();
    store.defer(row, ctx.now() + ctx.backoff(0, null), false);
    return 'deferred';
  }
  if (error.worthRepeating) {
    store.defer(row, ctx.now() + ctx.backoff(row.attempts, error.retryAfterMs), true);
    const creates = row.kind === 'create' || row.kind === 'copy';
    // A create that may have been made: the next attempt looks for it before sending again.
    const unknown = creates && error.outcomeUnknown;
    ctx.setState(localId, unknown ? 'outcome-unknown' : 'queued');
    return unknown ? 'outcome-unknown' : 'deferred';
  }
  store.park(row, error.message, error.field, error.code);
  events.emit({ type: 'item-state', localId, state: 'rejected', reason: error.message, field: error.field, code: error.code });
  return 'parked';
}
