// Bounds on what one user may send (issue 9, finding 7): offers and questions are written by
// buyers for sellers to read, so one account must not be able to flood an item or the service.
// Counted inside the writing transaction, so parallel requests cannot pass the bound together.
// Also the paging of their lists, which are read by everyone.
import type { Db } from '../../db/open.ts';
import { conflict } from '../../http/errors.ts';
import { DAY_MS } from '../time.ts';

export interface ListPage {
  /** 1-based. */
  number: number;
  size: number;
}

export interface PageOf<T> {
  rows: T[];
  /** Rows on all pages. */
  total: number;
  /** Latest change of any row on any page; null without rows. */
  updated: number | null;
}

/** 409 `code` when the author has reached either bound: on this item ever, or in the last 24 hours. */
export function assertUnderLimits(
  db: Db,
  table: 'offers' | 'questions',
  authorId: number,
  itemId: number,
  now: number,
  limits: { perItem: number; perDay: number; code: string },
): void {
  const onItem = (db.prepare(`SELECT count(*) AS n FROM ${table} WHERE author_id = ? AND item_id = ?`).get(authorId, itemId) as { n: number }).n;
  if (onItem >= limits.perItem) {
    throw conflict(limits.code, `at most ${limits.perItem} ${table} per user on one item`);
  }
  const lastDay = (db.prepare(`SELECT count(*) AS n FROM ${table} WHERE author_id = ? AND created > ?`).get(authorId, now - DAY_MS) as { n: number }).n;
  if (lastDay >= limits.perDay) {
    throw conflict(limits.code, `at most ${limits.perDay} ${table} per user in 24 hours`);
  }
}
