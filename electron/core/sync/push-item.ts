// One item's queued rows, in order, until they are done, one stops (a retry later, a parked row)
// or the engine pauses. A create takes one of the marketplace's draft slots first; the photos'
// order is settled once the uploads are in and before a publish (the marketplace takes a new
// order only before an item is listed).
import { ApiError } from '../api/api-error.ts';
import { parseOutboxEntry, type OutboxRow, type ParsedOutboxEntry } from '../outbox/outbox.ts';
import type { DraftSlots } from './draft-slots.ts';
import type { OpOutcome } from './events.ts';
import * as ops from './operations.ts';
import { createsRemote, type PushContext } from './push-context.ts';
import { rowFailed } from './push-failure.ts';
import { handleEntry, isPublish } from './push-handlers.ts';

export type ItemEnd = 'done' | 'stopped';

export interface ItemPush {
  localId: number;
  userId: number;
  slots: DraftSlots;
  progress: (row: OutboxRow, outcome: OpOutcome) => void;
  upload: ops.OpContext['upload'];
}

/**
 * The marketplace's photo order made the seller's: 'settled', 'no-remote' (the item is not on the
 * marketplace yet: later), or the failure. An item the marketplace refuses a new order for in its
 * state is listed already (a publish whose answer was lost): its order is final then.
 */
async function settlePhotoOrder(op: ops.OpContext, localId: number): Promise<'settled' | 'no-remote' | { failed: unknown }> {
  const remoteId = op.store.item(localId)?.remote_id ?? null;
  if (remoteId === null) return 'no-remote';
  try {
    await ops.applyLocalOrder(op, localId, remoteId);
    return 'settled';
  } catch (error) {
    if (error instanceof ApiError && error.refusedInCurrentState) return 'settled';
    return { failed: error };
  }
}

export async function pushItem(ctx: PushContext, item: ItemPush, eligible: (localId: number) => boolean): Promise<ItemEnd> {
  const { store } = ctx;
  const { localId, slots, progress } = item;
  const first = store.nextRow(localId);
  if (!first || !eligible(localId)) return 'stopped';

  let holdsSlot = false;
  if (createsRemote(ctx, localId, first)) {
    if (!(await slots.acquire())) {
      // No slot will come this run: wait (a backoff, not an attempt), never fail.
      store.defer(first, ctx.now() + ctx.backoff(0, null), false);
      return 'stopped';
    }
    holdsSlot = true;
  }
  const op: ops.OpContext = {
    api: ctx.api,
    store,
    db: ctx.db,
    userId: item.userId,
    now: ctx.now,
    leftDraft: () => {
      if (holdsSlot) {
        holdsSlot = false;
        slots.release();
      }
    },
    upload: item.upload,
    remoteImages: null,
  };
  ctx.setState(localId, 'sending');
  // Photos went up in this push (or a publish comes with photos): their order is still to settle.
  let orderPending = false;
  try {
    for (;;) {
      if (ctx.paused) return 'stopped';
      const row = store.nextRow(localId);
      if (!row) {
        // Order is applied after all uploads of the item (they finish in any order).
        if (orderPending) {
          const order = await settlePhotoOrder(op, localId);
          // A brief failure: a later reorder row or upload applies the order again.
          if (typeof order === 'object' && !(order.failed instanceof ApiError && order.failed.retryable)) throw order.failed;
        }
        if (store.item(localId)) ctx.setState(localId, 'synced');
        return 'done';
      }
      // Only reached when the seller changed the rejected item since: try again.
      if (row.state === 'parked') store.unpark(row);
      const parsed = parseOutboxEntry(row);
      if (parsed.ok && isPublish(parsed) && store.imagesOf(localId).length > 0) orderPending = true;
      if (orderPending && row.kind === 'set-status') {
        // Photos can be reordered only before publishing: settle the order first.
        const order = await settlePhotoOrder(op, localId);
        if (typeof order === 'object') {
          progress(row, rowFailed(ctx, row, order.failed, slots));
          return 'stopped';
        }
        if (order === 'settled') orderPending = false;
      }
      const outcome = await runRow(ctx, op, row, parsed, slots);
      if (row.kind === 'add-image' && outcome === 'applied') orderPending = true;
      progress(row, outcome);
      if (outcome !== 'applied' && outcome !== 'dropped') return 'stopped';
    }
  } finally {
    // A slot whose create never happened goes back; one holding a remote draft stays used.
    if (holdsSlot) {
      if ((store.item(localId)?.remote_id ?? null) === null) slots.release();
      else slots.retire();
    }
    const after = store.item(localId);
    if (after && after.sync_state === 'sending') ctx.setState(localId, store.nextRow(localId) ? 'queued' : 'synced');
  }
}

async function runRow(ctx: PushContext, op: ops.OpContext, row: OutboxRow, parsed: ParsedOutboxEntry, slots: DraftSlots): Promise<OpOutcome> {
  if (!parsed.ok) {
    ctx.store.park(row, parsed.message, null);
    ctx.events.emit({ type: 'item-state', localId: row.item_local_id, state: 'rejected', reason: parsed.message, field: null });
    return 'parked';
  }
  try {
    // One handler per kind (push-handlers.ts).
    return await handleEntry(op, row, parsed);
  } catch (error) {
    return rowFailed(ctx, row, error, slots);
  }
}
