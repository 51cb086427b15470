import { describe, expect, it } from 'vitest';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { DraftError } from '../../electron/core/drafts/draft-error.ts';
import { draftWrites } from '../../electron/core/drafts/draft-writes.ts';
import { itemReads } from '../../electron/core/drafts/item-rows.ts';
import { statusChanges } from '../../electron/core/drafts/status-changes.ts';
import { tradingChanges } from '../../electron/core/drafts/trading-changes.ts';
import { outboxReads, parseOutboxEntry } from '../../electron/core/outbox/outbox.ts';
import { completeBuyNow, openTempDb, privateSellerRules } from './support.ts';

function setup() {
  const { db } = openTempDb();
  settingsCache(db).saveRules(privateSellerRules(), 1);
  return { db, drafts: draftWrites(db), status: statusChanges(db), trading: tradingChanges(db), reads: itemReads(db), outbox: outboxReads(db) };
}

function codeOf(f: () => unknown): string {
  try {
    f();
  } catch (error) {
    if (error instanceof DraftError) return error.code;
    throw error;
  }
  return 'no error';
}

describe('status changes as local changes', () => {
  it('publishing queues a status change only for a complete draft', () => {
    const { drafts, status, outbox } = setup();
    const incomplete = drafts.createDraft({ title: 'Half done', saleMethod: 'buy-now' }).localId;
    expect(codeOf(() => status.publish(incomplete))).toBe('validation');
    const ready = drafts.createDraft(completeBuyNow()).localId;
    status.publish(ready);
    expect(outbox.forItem(ready).map((r) => parseOutboxEntry(r))).toEqual([
      { ok: true, kind: 'create', payload: expect.anything() },
      { ok: true, kind: 'set-status', payload: { status: 'published' } },
    ]);
    expect(status.intendedStatus(ready)).toBe('published');
    expect(codeOf(() => status.publish(ready))).toBe('state'); // already on its way
  });

  it('only published items are closed and only closed ones copied', () => {
    const { db, drafts, status, reads, outbox } = setup();
    const id = drafts.createDraft(completeBuyNow()).localId;
    expect(codeOf(() => status.close(id))).toBe('state');
    expect(codeOf(() => status.copyClosed(id))).toBe('state');
    db.prepare(`UPDATE items SET status = 'published', remote_id = 600000031, sync_state = 'synced' WHERE local_id = ?`).run(id);
    status.close(id);
    expect(reads.item(id)!.syncState).toBe('queued');
    db.prepare(`UPDATE items SET status = 'closed' WHERE local_id = ?`).run(id);
    db.prepare(`DELETE FROM outbox`).run();
    const copy = status.copyClosed(id, 77);
    expect(reads.item(copy)).toMatchObject({ status: 'draft', syncState: 'local-only', fields: reads.item(id)!.fields });
    expect(outbox.forItem(copy).map((r) => parseOutboxEntry(r))).toEqual([{ ok: true, kind: 'copy', payload: { originalRemoteId: 600000031 } }]);
  });
});

describe('answers and offer decisions as local changes', () => {
  function withTrades() {
    const s = setup();
    const id = s.drafts.createDraft(completeBuyNow()).localId;
    s.db.prepare(`UPDATE items SET status = 'published', remote_id = 600000005, sync_state = 'synced' WHERE local_id = ?`).run(id);
    s.db.prepare(`INSERT INTO questions (remote_id, item_remote_id, question, author, created, record) VALUES (1, 600000005, 'Still there?', 'b', 't', '{}')`).run();
    s.db.prepare(`INSERT INTO offers (remote_id, item_remote_id, amount, status, author, expires, record) VALUES (2, 600000005, 90, 'pending', 'b', 't', '{}')`).run();
    return { ...s, id };
  }

  it('an answer is queued once and must fit 255 characters', () => {
    const { trading, outbox, id, reads } = withTrades();
    expect(codeOf(() => trading.answerQuestion(1, 'x'.repeat(256)))).toBe('validation');
    expect(codeOf(() => trading.answerQuestion(1, '   '))).toBe('validation');
    trading.answerQuestion(1, ' Yes, still available. ');
    expect(codeOf(() => trading.answerQuestion(1, 'Again'))).toBe('state');
    expect(codeOf(() => trading.answerQuestion(9, 'Who?'))).toBe('not-found');
    expect(parseOutboxEntry(outbox.forItem(id).at(-1)!)).toEqual({ ok: true, kind: 'answer-question', payload: { questionId: 1, answer: 'Yes, still available.' } });
    expect(reads.item(id)!.syncState).toBe('queued');
  });

  it('an offer is accepted or refused once, and only while pending', () => {
    const { db, trading, outbox, id } = withTrades();
    trading.decideOffer(2, 'refused');
    expect(codeOf(() => trading.decideOffer(2, 'accepted'))).toBe('state');
    expect(parseOutboxEntry(outbox.forItem(id).at(-1)!)).toEqual({ ok: true, kind: 'offer-decision', payload: { offerId: 2, decision: 'refused' } });
    db.prepare(`INSERT INTO offers (remote_id, item_remote_id, amount, status, author, expires, record) VALUES (3, 600000005, 80, 'cancelled', 'c', 't', '{}')`).run();
    expect(codeOf(() => trading.decideOffer(3, 'accepted'))).toBe('state');
  });
});
