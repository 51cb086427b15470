// The seller's answers to questions and decisions on offers, as local changes with their
// outbox rows (on the item the question or offer belongs to).
import { LIMITS } from '../../../shared/items/marketplace-limits.ts';
import type { Db } from '../db/open-account-db.ts';
import { outboxStatements } from '../outbox/outbox.ts';
import { DraftError } from './draft-error.ts';
import { SQL_STATE_AFTER_LOCAL_CHANGE } from './sync-state.ts';

export function tradingChanges(db: Db) {
  const outbox = outboxStatements(db);
  const question = db.prepare(
    `SELECT q.answer, q.pending_answer, i.local_id FROM questions q JOIN items i ON i.remote_id = q.item_remote_id WHERE q.remote_id = ?`,
  );
  const offer = db.prepare(
    `SELECT o.status, o.pending_decision, i.local_id FROM offers o JOIN items i ON i.remote_id = o.item_remote_id WHERE o.remote_id = ?`,
  );
  const setAnswer = db.prepare(`UPDATE questions SET pending_answer = ? WHERE remote_id = ?`);
  const setDecision = db.prepare(`UPDATE offers SET pending_decision = ? WHERE remote_id = ?`);
  const touch = db.prepare(`UPDATE items SET updated = ?, sync_state = ${SQL_STATE_AFTER_LOCAL_CHANGE} WHERE local_id = ?`);

  return {
    /** Answers a question once (PUT /items/{id}/questions/{questionid}: at most 255 characters). */
    answerQuestion(questionId: number, answer: string, now = Date.now()): void {
      const text = answer.trim();
      if (text === '' || text.length > LIMITS.messageLength) {
        throw new DraftError('validation', `answer: 1 to ${LIMITS.messageLength} characters`, [], undefined, { reason: 'answer-length', params: { max: LIMITS.messageLength } });
      }
      db.transaction(() => {
        const row = question.get(questionId) as { answer: string | null; pending_answer: string | null; local_id: number } | undefined;
        if (!row) throw new DraftError('not-found', `question ${questionId} is not cached`, [], undefined, { reason: 'question-not-found' });
        if (row.answer !== null || row.pending_answer !== null) throw new DraftError('state', `question ${questionId} is already answered`, [], undefined, { reason: 'question-answered' });
        setAnswer.run(text, questionId);
        touch.run(now, row.local_id);
        outbox.enqueue(row.local_id, 'answer-question', { questionId, answer: text }, now);
      })();
    },

    /** Accepts or refuses a pending offer (PUT /items/{id}/offers/{offerid}), once. */
    decideOffer(offerId: number, decision: 'accepted' | 'refused', now = Date.now()): void {
      db.transaction(() => {
        const row = offer.get(offerId) as { status: string; pending_decision: string | null; local_id: number } | undefined;
        if (!row) throw new DraftError('not-found', `offer ${offerId} is not cached`, [], undefined, { reason: 'offer-not-found' });
        if (row.status !== 'pending' || row.pending_decision !== null) throw new DraftError('state', `offer ${offerId} is ${row.pending_decision ?? row.status}`, [], undefined, { reason: 'offer-decided', params: { status: row.pending_decision ?? row.status } });
        setDecision.run(decision, offerId);
        touch.run(now, row.local_id);
        outbox.enqueue(row.local_id, 'offer-decision', { offerId, decision }, now);
      })();
    },
  };
}
