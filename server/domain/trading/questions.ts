// Questions (4.8): anyone with a token but the seller asks on a published, open item; everyone
// reads them; only the seller answers, one answer per question, which may be edited until the
// item closes. A question still unanswered at closing may be answered once after it.
import { LIMITS } from '../../../shared/api/index.ts';
import type { Db } from '../../db/open.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import type { Service } from '../../service.ts';
import { findItem, isOpen, isVisibleTo } from '../items/item-row.ts';
import { assertUnderLimits, type ListPage, type PageOf } from './per-user-limits.ts';

export interface QuestionRow {
  id: number;
  item_id: number;
  author_id: number;
  question: string;
  answer: string | null;
  created: number;
  answered: number | null;
  updated: number;
}

export interface QuestionWithAuthor extends QuestionRow {
  author_name: string;
}

const SELECT_WITH_AUTHOR = 'SELECT q.*, u.username AS author_name FROM questions q JOIN users u ON u.id = q.author_id';

export function findQuestion(db: Db, id: number): QuestionWithAuthor | undefined {
  return db.prepare(`${SELECT_WITH_AUTHOR} WHERE q.id = ?`).get(id) as QuestionWithAuthor | undefined;
}

/** One page of the item's questions, newest first, with the total and the latest change. */
export function questionsOfItem(db: Db, itemId: number, page: ListPage): PageOf<QuestionWithAuthor> {
  const rows = db
    .prepare(`${SELECT_WITH_AUTHOR} WHERE q.item_id = ? ORDER BY q.id DESC LIMIT ? OFFSET ?`)
    .all(itemId, page.size, (page.number - 1) * page.size) as QuestionWithAuthor[];
  const { total, updated } = db.prepare('SELECT count(*) AS total, max(updated) AS updated FROM questions WHERE item_id = ?').get(itemId) as {
    total: number;
    updated: number | null;
  };
  return { rows, total, updated };
}

export function askQuestion(service: Service, input: { itemId: number; authorId: number; question: string }, now: number): QuestionWithAuthor {
  const { db } = service;
  return db
    .transaction((): QuestionWithAuthor => {
      const item = findItem(db, input.itemId);
      // Someone else's draft answers like an unknown id: its existence is not revealed.
      if (!item || !isVisibleTo(item, input.authorId)) throw notFound('item');
      if (item.seller_id === input.authorId) throw forbidden('own_item', 'the seller cannot ask on their own item');
      if (!isOpen(item, now)) throw conflict('item_closed', `questions are taken only on open items (this one is ${item.status})`);
      assertUnderLimits(db, 'questions', input.authorId, item.id, now, {
        perItem: LIMITS.questionsPerUserPerItem,
        perDay: LIMITS.questionsPerUserPerDay,
        code: 'question_limit',
      });
      const id = Number(
        db
          .prepare('INSERT INTO questions (item_id, author_id, question, created, updated) VALUES (?, ?, ?, ?, ?)')
          .run(item.id, input.authorId, input.question, now, now).lastInsertRowid,
      );
      return findQuestion(db, id)!;
    })
    .immediate();
}

export function answerQuestion(
  service: Service,
  input: { itemId: number; questionId: number; userId: number; answer: string },
  now: number,
): QuestionWithAuthor {
  const { db } = service;
  return db
    .transaction((): QuestionWithAuthor => {
      const question = findQuestion(db, input.questionId);
      if (!question || question.item_id !== input.itemId) throw notFound('question');
      const item = findItem(db, question.item_id)!;
      if (!isVisibleTo(item, input.userId)) throw notFound('question');
      if (item.seller_id !== input.userId) throw forbidden('not_seller', 'only the seller may answer questions');
      if (question.answer !== null && !isOpen(item, now)) {
        throw conflict('item_closed', 'the answer can no longer be edited: the item has closed');
      }
      db.prepare('UPDATE questions SET answer = ?, answered = ?, updated = ? WHERE id = ?').run(input.answer, now, now, question.id);
      return findQuestion(db, question.id)!;
    })
    .immediate();
}
