// The seller's screens: questions with canned answers, offers, sales. A few lines each over the
// cache reads of seller/ and the writes of drafts/trading-changes.ts.
import { DraftError } from '../../drafts/draft-error.ts';
import { tradingChanges } from '../../drafts/trading-changes.ts';
import { cannedAnswers } from '../../seller/canned-answers.ts';
import { sellerReads } from '../../seller/seller-reads.ts';
import type { CoreSession } from '../../session/core-session.ts';
import { changedEmitter, perCache, type HandlerMap } from '../handler-types.ts';

type QuestionsMethod = 'questions.list' | 'questions.answer' | 'cannedAnswers.list' | 'cannedAnswers.save' | 'cannedAnswers.reset';
type OffersMethod = 'offers.list' | 'offers.decide';
type SalesMethod = 'sales.list' | 'sales.dashboard';

export function questionsHandlers(session: CoreSession): HandlerMap<QuestionsMethod> {
  const repo = perCache(session, (db) => ({ reads: sellerReads(db), trading: tradingChanges(db), canned: cannedAnswers(db) }));
  const changed = changedEmitter(session);
  return {
    'questions.list': () => repo().reads.questions(),
    'questions.answer'({ questionId, answer }) {
      repo().trading.answerQuestion(questionId, answer);
      changed(null, 'answer');
      return { ok: true as const };
    },
    'cannedAnswers.list': () => repo().canned.list(),
    'cannedAnswers.save': ({ answers }) => repo().canned.save(answers, Date.now()),
    'cannedAnswers.reset': () => repo().canned.reset(),
  };
}

export function offersHandlers(session: CoreSession): HandlerMap<OffersMethod> {
  const repo = perCache(session, (db) => ({ reads: sellerReads(db), trading: tradingChanges(db) }));
  const changed = changedEmitter(session);
  return {
    'offers.list': () => repo().reads.offers(),
    'offers.decide'({ offerIds, decision }) {
      const refused: Array<{ offerId: number; reason: string }> = [];
      let decided = 0;
      for (const offerId of [...new Set(offerIds)]) {
        try {
          repo().trading.decideOffer(offerId, decision);
          decided += 1;
        } catch (error) {
          if (!(error instanceof DraftError)) throw error;
          refused.push({ offerId, reason: error.message });
        }
      }
      if (decided > 0) changed(null, 'offer-decision');
      return { decided, refused };
    },
  };
}

export function salesHandlers(session: CoreSession): HandlerMap<SalesMethod> {
  const repo = perCache(session, sellerReads);
  return {
    'sales.list': ({ status, limit }) => repo().sales(status, limit),
    'sales.dashboard': () => repo().dashboard(),
  };
}
