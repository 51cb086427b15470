// The push engine's table: one handler per outbox kind, typed by its kind's payload. The engine
// parses a row, then hands it to the handler of its kind (handleEntry); a handler sends the change
// through the marketplace port and records the answer (operations.ts). A new outbox kind is a
// payload schema in OUTBOX_PAYLOADS (outbox/outbox.ts) and ONE line here: the table's type
// requires a handler for every kind, so a kind without one fails the typecheck.
import type { OutboxEntry, OutboxKind, OutboxPayload, OutboxRow } from '../outbox/outbox.ts';
import * as ops from './operations.ts';
import { sendRuleOfferDecision } from '../rules/rule-offer-op.ts';

export type PushHandler<K extends OutboxKind> = (ctx: ops.OpContext, row: OutboxRow, payload: OutboxPayload<K>) => Promise<ops.OpResult>;

export const PUSH_HANDLERS: { readonly [K in OutboxKind]: PushHandler<K> } = {
  create: ops.createOrCopy,
  copy: ops.createOrCopy,
  edit: ops.edit,
  delete: (ctx, row) => ops.remove(ctx, row),
  'set-status': ops.setStatus,
  'add-image': ops.addImage,
  'remove-image': ops.removeImage,
  'reorder-images': (ctx, row) => ops.reorderImages(ctx, row),
  'answer-question': ops.answerQuestion,
  'offer-decision': ops.decideOffer,
  'rule-offer-decision': sendRuleOfferDecision,
};

/** Runs the handler of the entry's kind with that kind's payload (no cast: the table is keyed by kind). */
export function handleEntry<K extends OutboxKind>(ctx: ops.OpContext, row: OutboxRow, entry: OutboxEntry<K>): Promise<ops.OpResult> {
  const handler: PushHandler<K> = PUSH_HANDLERS[entry.kind];
  return handler(ctx, row, entry.payload);
}

/** A status change to published: images must be in their final order before it is sent. */
export function isPublish(entry: OutboxEntry): boolean {
  return entry.kind === 'set-status' && entry.payload.status === 'published';
}
