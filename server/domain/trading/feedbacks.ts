// Feedback on trades (extension endpoints): each side of a trade leaves at most one feedback on
// it, and the receiver may answer each feedback once.
import type { Db } from '../../db/open.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import type { Service } from '../../service.ts';
import { findUserById } from '../users.ts';
import type { TradeRow } from './record-trade.ts';

export interface FeedbackRow {
  id: number;
  trade_id: number;
  author_id: number;
  receiver_id: number;
  role: number;
  rating: number;
  text: string;
  answer: string | null;
  created: number;
  answered: number | null;
}

/** A feedback row with what its view needs. */
export interface FeedbackWithNames extends FeedbackRow {
  author_name: string;
  item_id: number;
}

const SELECT_WITH_NAMES = `
  SELECT f.*, u.username AS author_name, t.item_id AS item_id
    FROM feedbacks f JOIN users u ON u.id = f.author_id JOIN trades t ON t.id = f.trade_id`;

export function findFeedback(db: Db, id: number): FeedbackWithNames | undefined {
  return db.prepare(`${SELECT_WITH_NAMES} WHERE f.id = ?`).get(id) as FeedbackWithNames | undefined;
}

export interface LeaveFeedbackInput {
  authorId: number;
  receiverId: number;
  itemId: number;
  rating: -1 | 0 | 1;
  text: string;
}

export function leaveFeedback(service: Service, input: LeaveFeedbackInput, now: number): FeedbackWithNames {
  const { db } = service;
  return db
    .transaction((): FeedbackWithNames => {
      if (!findUserById(db, input.receiverId)) throw notFound('user');
      if (!db.prepare('SELECT 1 FROM items WHERE id = ?').get(input.itemId)) throw notFound('item', 'itemid');
      const trades = db
        .prepare(
          `SELECT * FROM trades WHERE item_id = ?
              AND ((seller_id = ? AND buyer_id = ?) OR (seller_id = ? AND buyer_id = ?)) ORDER BY id`,
        )
        .all(input.itemId, input.authorId, input.receiverId, input.receiverId, input.authorId) as TradeRow[];
      if (input.authorId === input.receiverId || trades.length === 0) {
        throw forbidden('not_trading_partner', 'only the other side of a trade of this item may leave feedback');
      }
      // Several purchases of one buy-now item are several trades: one feedback each.
      const open = trades.find(
        (t) => !db.prepare('SELECT 1 FROM feedbacks WHERE trade_id = ? AND author_id = ?').get(t.id, input.authorId),
      );
      if (!open) throw conflict('feedback_exists', 'feedback on this trade has already been left');
      const role = open.buyer_id === input.authorId ? 1 : 2;
      const id = Number(
        db
          .prepare(
            `INSERT INTO feedbacks (trade_id, author_id, receiver_id, role, rating, text, created)
             VALUES (?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(open.id, input.authorId, input.receiverId, role, input.rating, input.text, now).lastInsertRowid,
      );
      return findFeedback(db, id)!;
    })
    .immediate();
}

export function answerFeedback(
  service: Service,
  input: { receiverId: number; feedbackId: number; callerId: number; answer: string },
  now: number,
): FeedbackWithNames {
  const { db } = service;
  return db
    .transaction((): FeedbackWithNames => {
      const feedback = findFeedback(db, input.feedbackId);
      if (!feedback || feedback.receiver_id !== input.receiverId) throw notFound('feedback');
      if (input.callerId !== feedback.receiver_id) throw forbidden('not_receiver', 'only the receiver of a feedback may answer it');
      if (feedback.answer !== null) throw conflict('answer_exists', 'this feedback has already been answered');
      db.prepare('UPDATE feedbacks SET answer = ?, answered = ? WHERE id = ?').run(input.answer, now, feedback.id);
      return findFeedback(db, feedback.id)!;
    })
    .immediate();
}

export function feedbacksReceived(db: Db, userId: number, limit: number, offset: number): FeedbackWithNames[] {
  return db
    .prepare(`${SELECT_WITH_NAMES} WHERE f.receiver_id = ? ORDER BY f.created DESC, f.id DESC LIMIT ? OFFSET ?`)
    .all(userId, limit, offset) as FeedbackWithNames[];
}
