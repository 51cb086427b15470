// Extension (sync): what buyers did on a seller's items since a time, questions and offers in
// one list ordered by when they last changed (asked, answered; made, decided, expired), so a
// client's poll costs one request whatever the seller's history.
import type { Db } from '../../db/open.ts';
import { findOffer, type OfferWithAuthor } from './offers.ts';
import { findQuestion, type QuestionWithAuthor } from './questions.ts';

export type ActivityRow = { kind: 'question'; updated: number; row: QuestionWithAuthor } | { kind: 'offer'; updated: number; row: OfferWithAuthor };

const FEED = `
  SELECT 'question' AS kind, q.id, q.updated FROM questions q JOIN items i ON i.id = q.item_id
   WHERE i.seller_id = @seller AND q.updated >= @since
  UNION ALL
  SELECT 'offer' AS kind, o.id, o.updated FROM offers o JOIN items i ON i.id = o.item_id
   WHERE i.seller_id = @seller AND o.updated >= @since`;

/** One page of the feed, oldest change first (ties by kind and id, so pages are stable). */
export function sellerActivity(db: Db, sellerId: number, since: number, page: { limit: number; offset: number }): { rows: ActivityRow[]; total: number } {
  const params = { seller: sellerId, since };
  const total = db.prepare(`SELECT count(*) FROM (${FEED})`).pluck().get(params) as number;
  const refs = db
    .prepare(`SELECT kind, id, updated FROM (${FEED}) ORDER BY updated, kind, id LIMIT @limit OFFSET @offset`)
    .all({ ...params, ...page }) as Array<{ kind: 'question' | 'offer'; id: number; updated: number }>;
  const rows: ActivityRow[] = [];
  for (const ref of refs) {
    if (ref.kind === 'question') {
      const row = findQuestion(db, ref.id);
      if (row) rows.push({ kind: 'question', updated: ref.updated, row });
    } else {
      const row = findOffer(db, ref.id);
      if (row) rows.push({ kind: 'offer', updated: ref.updated, row });
    }
  }
  return { rows, total };
}
