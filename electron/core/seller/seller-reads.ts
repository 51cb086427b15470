// The seller's screens read the cache the pull filled: questions and offers across all items,
// the items by status, the dashboard's figures, and what the sync could not settle. Read paths
// only; every write goes through drafts/ (with its outbox row).
import type { Dashboard, ItemFacts, OfferRow, QuestionRow, SalesFilter, SalesRow, SyncProblems } from '../../../shared/ipc/contract.ts';
import { optionalTimestamp as time } from '../api/session.ts';
import type { Db } from '../db/open-account-db.ts';
import type { SyncState } from '../drafts/sync-state.ts';
import { soldItems } from './sold-items.ts';

const FACT_COLUMNS = `i.title, i.sale_method, i.buy_now_price, i.starting_price, i.current_price, i.delivery_price, i.delivery_terms, i.payment_terms, i.detail`;
interface FactRow {
  title: string | null; sale_method: string | null; buy_now_price: number | null; starting_price: number | null;
  current_price: number | null; delivery_price: number | null; delivery_terms: string | null; payment_terms: string | null;
  detail: string;
}

function facts(r: FactRow): ItemFacts {
  const price = r.sale_method === 'buy-now' ? r.buy_now_price : (r.current_price ?? r.starting_price);
  return {
    title: r.title, price, buyNowPrice: r.buy_now_price, currentPrice: r.current_price ?? r.starting_price,
    deliveryPrice: r.delivery_price, deliveryTerms: r.delivery_terms, paymentTerms: r.payment_terms,
    // Shown from the marketplace's list only (issue 38): its terms and postage are unknown, not empty.
    ...(r.detail === 'full' ? {} : { unread: true }),
  };
}

/** Which cached statuses each filter shows; 'draft' includes drafts never sent. */
const FILTER_STATUSES: Record<Exclude<SalesFilter, 'all'>, string[]> = {
  open: ['published'],
  closed: ['closed'],
  waiting: ['waiting', 'preview'],
  draft: ['draft'],
};

export function sellerReads(db: Db) {
  const questions = db.prepare(
    `SELECT q.remote_id, q.item_remote_id, q.question, q.answer, q.pending_answer, q.author, q.created, i.local_id, i.status AS item_status,
            i.closes_at AS closing, ${FACT_COLUMNS}
       FROM questions q JOIN items i ON i.remote_id = q.item_remote_id
      WHERE i.deleted_at IS NULL
      ORDER BY (q.answer IS NULL AND q.pending_answer IS NULL) DESC, q.created DESC, q.remote_id DESC`,
  );
  const offers = db.prepare(
    `SELECT o.remote_id, o.item_remote_id, o.amount, o.message, o.status, o.author, o.expires, o.pending_decision,
            i.local_id, i.title, i.current_price, i.starting_price, i.buy_now_price, i.sale_method, i.quantity,
            i.closes_at AS closing
       FROM offers o JOIN items i ON i.remote_id = o.item_remote_id
      WHERE o.status = 'pending' AND i.deleted_at IS NULL
      ORDER BY o.expires, o.remote_id`,
  );
  const salesColumns = `local_id, remote_id, title, status, sync_state, sale_method, starting_price, current_price, buy_now_price,
    bidder_count, offer_count, closes_at AS closing`;
  const counts = db.prepare(`SELECT status, count(*) AS n FROM items WHERE deleted_at IS NULL GROUP BY status`);
  const sold = soldItems(db);
  const problemItems = db.prepare(
    `SELECT local_id, title, sync_state, reject_reason, reject_field, reject_code, conflicts FROM items
      WHERE sync_state IN ('rejected', 'conflict', 'outcome-unknown') AND deleted_at IS NULL ORDER BY updated DESC LIMIT 500`,
  );
  // Scheduled: the service lists them itself at their list time (soonest first).
  const scheduledItems = db.prepare(
    `SELECT local_id, title, listed_at AS list_time FROM items
      WHERE status = 'waiting' AND deleted_at IS NULL ORDER BY list_time, local_id LIMIT 500`,
  );

  // The items of unanswered questions and waiting offers still shown from their list summaries.
  const unreadTrading = db.prepare(
    `SELECT i.local_id FROM items i WHERE i.detail <> 'full' AND i.remote_id IS NOT NULL AND (
       EXISTS (SELECT 1 FROM questions q WHERE q.item_remote_id = i.remote_id AND q.answer IS NULL AND q.pending_answer IS NULL)
       OR EXISTS (SELECT 1 FROM offers o WHERE o.item_remote_id = i.remote_id AND o.status = 'pending'))`,
  ).pluck();

  return {
    /** Items whose records the Questions and Offers screens need read before they show (answers are filled from them). */
    unreadTradingItems: () => unreadTrading.all() as number[],

    questions(): QuestionRow[] {
      return (questions.all() as Array<FactRow & {
        remote_id: number; item_remote_id: number; question: string; answer: string | null; pending_answer: string | null; author: string; created: string; local_id: number;
        item_status: string; closing: number | null;
      }>).map((r) => ({
        questionId: r.remote_id, itemId: r.item_remote_id, localId: r.local_id, question: r.question, author: r.author,
        created: r.created, answer: r.answer, pendingAnswer: r.pending_answer, item: facts(r),
        itemStatus: r.item_status, closesAt: r.closing,
      }));
    },

    offers(): OfferRow[] {
      return (offers.all() as Array<{
        remote_id: number; item_remote_id: number; amount: number; message: string | null; status: string; author: string; expires: string;
        pending_decision: 'accepted' | 'refused' | null; local_id: number; title: string | null; current_price: number | null;
        starting_price: number | null; buy_now_price: number | null; sale_method: string | null; quantity: number | null; closing: number | null;
      }>).map((r) => ({
        offerId: r.remote_id, itemId: r.item_remote_id, localId: r.local_id, title: r.title, amount: r.amount, message: r.message,
        author: r.author, status: r.status, pendingDecision: r.pending_decision, expiresAt: time(r.expires),
        currentPrice: r.current_price ?? r.starting_price, buyNowPrice: r.buy_now_price, saleMethod: r.sale_method, quantity: r.quantity, closesAt: r.closing,
      }));
    },

    sales(filter: SalesFilter, limit: number): { total: number; rows: SalesRow[]; counts: Record<SalesFilter, number> } {
      const byStatus = new Map((counts.all() as Array<{ status: string; n: number }>).map((r) => [r.status, r.n]));
      const countOf = (statuses: string[]) => statuses.reduce((n, s) => n + (byStatus.get(s) ?? 0), 0);
      const tally = {
        all: [...byStatus.values()].reduce((a, b) => a + b, 0),
        open: countOf(FILTER_STATUSES.open), closed: countOf(FILTER_STATUSES.closed),
        waiting: countOf(FILTER_STATUSES.waiting), draft: countOf(FILTER_STATUSES.draft),
      };
      const statuses = filter === 'all' ? null : FILTER_STATUSES[filter];
      const rows = db.prepare(
        `SELECT ${salesColumns} FROM items WHERE deleted_at IS NULL ${statuses ? `AND status IN (SELECT value FROM json_each(?))` : ''}
          ORDER BY CASE status WHEN 'published' THEN 0 WHEN 'waiting' THEN 1 WHEN 'preview' THEN 1 WHEN 'draft' THEN 2 ELSE 3 END, updated DESC, local_id DESC LIMIT ?`,
      ).all(...(statuses ? [JSON.stringify(statuses), limit] : [limit])) as Array<{
        local_id: number; remote_id: number | null; title: string | null; status: string; sync_state: SyncState; sale_method: string | null;
        starting_price: number | null; current_price: number | null; buy_now_price: number | null; bidder_count: number; offer_count: number; closing: number | null;
      }>;
      return {
        total: filter === 'all' ? tally.all : tally[filter],
        counts: tally,
        rows: rows.map((r) => ({
          localId: r.local_id, remoteId: r.remote_id, title: r.title, status: r.status, syncState: r.sync_state, saleMethod: r.sale_method,
          startingPrice: r.starting_price, currentPrice: r.current_price, buyNowPrice: r.buy_now_price,
          bidderCount: r.bidder_count, offerCount: r.offer_count, closesAt: r.closing,
        })),
      };
    },

    /** Units sold per week (the last 12), the sell-through of closed items and the average unit price by category (see sold-items.ts). */
    dashboard(now = Date.now()): Dashboard {
      const WEEK = 7 * 86_400_000;
      const monday = (ms: number) => {
        const d = new Date(ms);
        d.setUTCHours(0, 0, 0, 0);
        return d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000;
      };
      const firstWeek = monday(now) - 11 * WEEK;
      const weeks = Array.from({ length: 12 }, (_, i) => ({ week: new Date(firstWeek + i * WEEK).toISOString().slice(0, 10), sold: 0, revenue: 0 }));
      const categories = new Map<number, { title: string; sold: number; sum: number }>();
      const { sold: sales, closedCount, closedSold } = sold.read(now);
      // Units sold (a purchase of three is three), and the average price of a unit.
      for (const sale of sales) {
        const at = sale.soldAt;
        if (at !== null && at >= firstWeek) {
          const week = weeks[Math.floor((monday(at) - firstWeek) / WEEK)];
          if (week) {
            week.sold += sale.quantity;
            week.revenue = Math.round((week.revenue + sale.price) * 100) / 100;
          }
        }
        const key = sale.categoryId ?? 0;
        const entry = categories.get(key) ?? { title: sale.category, sold: 0, sum: 0 };
        entry.sold += sale.quantity;
        entry.sum += sale.price;
        categories.set(key, entry);
      }
      const byCategory = [...categories.entries()]
        .map(([categoryId, c]) => ({ categoryId, title: c.title, sold: c.sold, average: Math.round((c.sum / c.sold) * 100) / 100 }))
        .sort((a, b) => b.sold - a.sold || a.title.localeCompare(b.title))
        .slice(0, 10);
      return { weeks, sellThrough: { closed: closedCount, sold: closedSold }, byCategory };
    },

    /** The local value of a rejected field is read by the caller (it knows the field table). */
    problems(valueOf: (localId: number, field: string) => unknown): SyncProblems {
      const out: SyncProblems = { rejected: [], conflicts: [], unknown: [], scheduled: [] };
      for (const r of scheduledItems.all() as Array<{ local_id: number; title: string | null; list_time: string | null }>) {
        out.scheduled.push({ localId: r.local_id, title: r.title, listTime: r.list_time });
      }
      for (const r of problemItems.all() as Array<{
        local_id: number; title: string | null; sync_state: SyncState; reject_reason: string | null; reject_field: string | null; reject_code: string | null; conflicts: string | null;
      }>) {
        if (r.sync_state === 'rejected') {
          out.rejected.push({ localId: r.local_id, title: r.title, field: r.reject_field, reason: r.reject_reason, code: r.reject_code, value: r.reject_field ? valueOf(r.local_id, r.reject_field) ?? null : null });
        } else if (r.sync_state === 'conflict') {
          const fields = Object.entries((r.conflicts ? JSON.parse(r.conflicts) : {}) as Record<string, { local: unknown; remote: unknown }>)
            .map(([field, c]) => ({ field, local: c.local ?? null, remote: c.remote ?? null }));
          out.conflicts.push({ localId: r.local_id, title: r.title, fields });
        } else {
          out.unknown.push({ localId: r.local_id, title: r.title });
        }
      }
      return out;
    },
  };
}
