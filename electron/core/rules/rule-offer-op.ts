// The push of an offer decision a rule made ('rule-offer-decision' outbox rows): the same PUT as
// the seller's own decision, with the checks a decision taken unattended needs. The rules log is
// the seller's record: one entry per decision, ending as the marketplace has it.
// - An accept is marked in the audit log before it is sent; when any attempt of the row was sent
//   before (a lost answer, a crash before or after the answer was recorded), the offer is read
//   back first, never accepted again blindly: accepted already → done; no longer pending
//   (cancelled, expired, refused elsewhere) → moot.
// - Before an accept the item is read (the one read of a changed item): closed, or a buy-now item
//   with no unit left → moot, nothing sent. The rule pass never queues more accepts than units.
// - A refusal is sent as it is; the service's 409 is read back as publishing does.
// - The answer's audit entry, the offer, the log entry and the item's units left commit in ONE
//   transaction: a kill lands before it (the offer is read back at the next start) or after it.
//   A done accept leaves the cached item as the marketplace has it (one unit fewer, closed when
//   none is left or it was an auction), so a rules pass before the next pull never accepts an
//   offer for a unit already sold.
import { ApiError } from '../api/api-error.ts';
import type { Db } from '../db/open-account-db.ts';
import type { OutboxPayload, OutboxRow } from '../outbox/outbox.ts';
import type { ListingState, MarketOffer } from '../sync/marketplace-types.ts';
import { remoteIdOf, type OpContext, type OpResult } from '../sync/operations.ts';
import { logOutcomeOf, sendOrReadBack } from '../sync/request-outcome.ts';
import { ruleStore } from './rule-store.ts';

type Payload = OutboxPayload<'rule-offer-decision'>;
/** How a decision's ending was learnt (the log's detail `how`; the screens word it). */
export type DecisionHow = 'sent' | 'read-back' | 'no-unit-left' | 'item-closed';
type ItemAfter = Pick<ListingState, 'status' | 'unitsLeft'>;

/** The item as the marketplace's accept leaves it (the offer route's document): one unit of a buy-now item, or the whole auction. */
function afterAccept(item: ListingState): ItemAfter {
  if (item.saleMethod !== 'buy-now') return { status: 'closed', unitsLeft: item.unitsLeft };
  const left = Math.max(0, (item.unitsLeft ?? 1) - 1);
  return { status: left === 0 ? 'closed' : item.status, unitsLeft: left };
}

export function ruleOfferOp(db: Db) {
  const rules = ruleStore(db);
  const clearDecision = db.prepare(`UPDATE offers SET pending_decision = NULL WHERE remote_id = ?`);
  const sentBefore = db.prepare(`SELECT count(*) FROM request_log WHERE outbox_id = ?`).pluck();

  /**
   * The offer as the service has it decides how the row ends: ours → done, else moot. `item`: the
   * item after our accept, when it is done; `answered`: the request's audit entry, closed here.
   */
  function settle(ctx: OpContext, row: OutboxRow, payload: Payload, offer: MarketOffer, how: DecisionHow, item: ItemAfter | null, answered: number | null = null): OpResult {
    const ours = offer.state === payload.decision;
    db.transaction(() => {
      if (answered !== null) ctx.store.logFinish(answered, 200, 'ok', null, ctx.now());
      ctx.store.completeOffer(row, offer);
      if (ours && item) ctx.store.reflectListing(row.item_local_id, item.status, item.unitsLeft);
      rules.finish(payload.logId, ours ? 'done' : 'moot', { result: offer.state, how });
    })();
    return 'applied';
  }

  /** Read back: the offer, and when our accept is on it, the item as it is now; what settles the row (null: still pending). */
  async function readBack(ctx: OpContext, row: OutboxRow, payload: Payload, id: number): Promise<(() => OpResult) | null> {
    const offer = await ctx.api.getOffer(id, payload.offerId);
    if (offer.state === 'pending') return null;
    const item = offer.state === 'accepted' && payload.decision === 'accepted' ? await ctx.api.listingState(id) : null;
    return () => settle(ctx, row, payload, offer, 'read-back', item);
  }

  return async function send(ctx: OpContext, row: OutboxRow, payload: Payload): Promise<OpResult> {
    const id = remoteIdOf(ctx, row);
    const path = `/items/${id}/offers/${payload.offerId}`;
    let item: ListingState | null = null;
    if (payload.decision === 'accepted') {
      if ((sentBefore.get(row.id) as number) > 0) {
        const settleRead = await readBack(ctx, row, payload, id);
        if (settleRead) return settleRead();
      }
      item = await ctx.api.listingState(id);
      const noUnit = item.saleMethod === 'buy-now' && (item.unitsLeft ?? 0) < 1;
      if (item.status !== 'published' || noUnit) {
        const seen = item;
        db.transaction(() => {
          ctx.store.completeRow(row, null);
          ctx.store.reflectListing(row.item_local_id, seen.status, seen.unitsLeft);
          clearDecision.run(payload.offerId);
          rules.finish(payload.logId, 'moot', { result: seen.status, how: noUnit ? 'no-unit-left' : 'item-closed' });
        })();
        return 'dropped';
      }
    }
    // Decided already (our earlier attempt, or elsewhere), or the item closed: read it back.
    // Each way gives what settles the row, done after the request's error handling: a failure
    // to record the answer is not the request's failure (the row stays and is read back).
    let settleRow: () => OpResult;
    try {
      settleRow = await sendOrReadBack(async () => {
        const logId = ctx.store.logSent(row, 'PUT', path, ctx.now());
        try {
          const offer = await ctx.api.decideOffer(id, payload.offerId, payload.decision);
          return () => settle(ctx, row, payload, offer, 'sent', item && afterAccept(item), logId);
        } catch (error) {
          const o = logOutcomeOf(error);
          ctx.store.logFinish(logId, o.status, o.outcome, o.message, ctx.now());
          throw error;
        }
      }, () => readBack(ctx, row, payload, id));
    } catch (error) {
      if (!(error instanceof ApiError && error.retryable)) rules.finish(payload.logId, 'failed', { error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
    return settleRow();
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
