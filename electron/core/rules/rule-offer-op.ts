// The push of an offer decision a rule made ('rule-offer-decision' outbox rows): the same PUT as
// the seller's own decision, with the checks a decision taken unattended needs.
// - An accept is marked in the audit log before it is sent; after a lost answer or a crash the
//   offer is read back first, never accepted again blindly: accepted already → done; no longer
//   pending (cancelled, expired, refused elsewhere) → moot.
// - Before an accept the item is read (the one read of a changed item): closed, or a buy-now item
//   with no unit left → moot, nothing sent. The rule pass never queues more accepts than units.
// - A refusal is sent as it is; the service's 409 is read back as publishing does.
// Every ending is written to the decision's rule_log entry in the transaction that completes it.
import type { Offer } from '../../../shared/api/index.ts';
import { ApiError } from '../api/api-error.ts';
import type { Db } from '../db/open-account-db.ts';
import type { OutboxPayload, OutboxRow } from '../outbox/outbox.ts';
import type { OpContext, OpResult } from '../sync/operations.ts';
import { ruleStore } from './rule-store.ts';

type Payload = OutboxPayload<'rule-offer-decision'>;

export function ruleOfferOp(db: Db) {
  const rules = ruleStore(db);
  const clearDecision = db.prepare(`UPDATE offers SET pending_decision = NULL WHERE remote_id = ?`);

  function remoteIdOf(ctx: OpContext, row: OutboxRow): number {
    const id = ctx.store.item(row.item_local_id)?.remote_id ?? null;
    if (id === null) throw new ApiError({ status: 0, code: 'internal', field: null, message: `item ${row.item_local_id} has no remote id`, retryable: false, mayHaveReached: false });
    return id;
  }

  /** The offer as the service has it decides how the row ends: ours → done, else moot. */
  function settle(ctx: OpContext, row: OutboxRow, payload: Payload, offer: Offer, how: string): OpResult {
    db.transaction(() => {
      ctx.store.completeOffer(row, payload.offerId, offer.status, JSON.stringify(offer));
      rules.finish(payload.logId, offer.status === payload.decision ? 'done' : 'moot', { result: offer.status, how });
    })();
    return 'applied';
  }

  return async function send(ctx: OpContext, row: OutboxRow, payload: Payload): Promise<OpResult> {
    const id = remoteIdOf(ctx, row);
    const path = `/items/${id}/offers/${payload.offerId}`;
    if (payload.decision === 'accepted') {
      if (ctx.store.hadUnfinishedSend(row.id)) {
        const offer = await ctx.api.getOffer(id, payload.offerId);
        if (offer.status !== 'pending') return settle(ctx, row, payload, offer, 'read back after a lost answer');
      }
      const item = await ctx.api.getItem(id);
      const noUnit = item.saleMethod === 'buy-now' && (item.quantity ?? 0) < 1;
      if (item.status !== 'published' || noUnit) {
        db.transaction(() => {
          ctx.store.completeRow(row, item);
          clearDecision.run(payload.offerId);
          rules.finish(payload.logId, 'moot', { result: item.status, how: noUnit ? 'no unit left' : `the item is ${item.status}` });
        })();
        return 'dropped';
      }
    }
    const logId = ctx.store.logSent(row, 'PUT', path, ctx.now());
    try {
      const offer = await ctx.api.setOfferStatus(id, payload.offerId, payload.decision);
      ctx.store.logFinish(logId, 200, 'ok', null, ctx.now());
      return settle(ctx, row, payload, offer, 'sent');
    } catch (error) {
      const e = error instanceof ApiError ? error : null;
      const unknown = e !== null && e.mayHaveReached && (e.status === 0 || e.status >= 500);
      ctx.store.logFinish(logId, e?.status || null, unknown ? 'unknown' : e?.retryable ? 'failed' : 'rejected', e?.message ?? String(error), ctx.now());
      if (e && e.status === 409) {
        // Decided already (our earlier attempt, or elsewhere), or the item closed: read it back.
        const offer = await ctx.api.getOffer(id, payload.offerId);
        if (offer.status !== 'pending') return settle(ctx, row, payload, offer, 'read back after 409');
      }
      if (!e || !e.retryable) rules.finish(payload.logId, 'failed', { error: e?.message ?? String(error) });
      throw error;
    }
  };
}

const opsByDb = new WeakMap<Db, ReturnType<typeof ruleOfferOp>>();

/** The push's handler of 'rule-offer-decision' rows (sync/push-handlers.ts): one op, with its statements, per cache connection. */
export function sendRuleOfferDecision(ctx: OpContext, row: OutboxRow, payload: Payload): Promise<OpResult> {
  let op = opsByDb.get(ctx.db);
  if (!op) {
    op = ruleOfferOp(ctx.db);
    opsByDb.set(ctx.db, op);
  }
  return op(ctx, row, payload);
}
