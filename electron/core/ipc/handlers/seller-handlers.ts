// The seller's screens: questions with canned answers, offers, sales (and the items' pictures they show). A few lines each over the
// cache reads of seller/ and the writes of drafts/trading-changes.ts.
import { DraftError } from '../../drafts/draft-error.ts';
import { tradingChanges } from '../../drafts/trading-changes.ts';
import { cannedAnswers } from '../../seller/canned-answers.ts';
import { itemThumbnails } from '../../images/item-thumbnails.ts';
import { salesCsv } from '../../seller/sales-csv.ts';
import { sellerReads } from '../../seller/seller-reads.ts';
import { soldBetween, soldItems } from '../../seller/sold-items.ts';
import type { CoreSession } from '../../session/core-session.ts';
import { changedEmitter, perCache, type HandlerMap } from '../handler-types.ts';

type QuestionsMethod = 'questions.list' | 'questions.answer' | 'questions.answerMany' | 'cannedAnswers.list' | 'cannedAnswers.save' | 'cannedAnswers.reset';
type OffersMethod = 'offers.list' | 'offers.decide';
type SalesMethod = 'sales.list' | 'sales.dashboard' | 'sales.sold' | 'sales.exportCsv' | 'items.thumbnails';

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
    'questions.answerMany'({ answers }) {
      const refused: Array<{ questionId: number; code: string; reason: string }> = [];
      let answered = 0;
      for (const { questionId, answer } of answers) {
        try {
          repo().trading.answerQuestion(questionId, answer);
          answered += 1;
        } catch (error) {
          if (!(error instanceof DraftError)) throw error;
          refused.push({ questionId, code: error.code, reason: error.message });
        }
      }
      if (answered > 0) changed(null, 'answer');
      return { answered, refused };
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
  const repo = perCache(session, (db) => ({ reads: sellerReads(db), sold: soldItems(db) }));
  const soldIn = (from: number | null, to: number | null) => soldBetween(repo().sold.read().sold, from, to);
  return {
    'sales.list': ({ status, limit }) => repo().reads.sales(status, limit),
    'sales.dashboard': () => repo().reads.dashboard(),
    'sales.sold': ({ from, to }) => soldIn(from, to).map((s) => ({
      saleId: s.saleId, localId: s.localId, remoteId: s.remoteId, title: s.title, soldAt: s.soldAt ?? 0, buyer: s.buyer,
      quantity: s.quantity, unitPrice: s.unitPrice, price: s.price, kind: s.kind,
    })),
    'sales.exportCsv'({ saleIds, locale, timeZone, words }) {
      const byId = new Map(soldIn(null, null).map((s) => [s.saleId, s]));
      const rows = saleIds.flatMap((id) => byId.get(id) ?? []);
      const day = new Date().toISOString().slice(0, 10);
      return { fileName: `sales-${day}.csv`, text: salesCsv(rows, locale, words, timeZone), rows: rows.length };
    },
    'items.thumbnails'({ localIds }) {
      const sync = session.sync();
      // Offline (or no marketplace): only the thumbnails already cached are shown.
      const media = sync.media && !sync.status().offline ? sync.media.bind(sync) : undefined;
      return itemThumbnails(session.db(), session.folder(), localIds, media);
    },
  };
}
