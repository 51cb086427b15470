// The feedback summary of 2.8, computed from the stored feedbacks. Percentages are integers that
// add up to exactly 100 (largest-remainder rounding: each share is floored, then the points left
// go to the largest remainders, ties to positive, then neutral, then negative); all 0 when
// there is no feedback.
import type { Db } from '../../db/open.ts';

export interface FeedbackSummary {
  balance: number;
  feedbackCount: number;
  negativeCount: number;
  neutralCount: number;
  positiveCount: number;
  negativePercent: number;
  neutralPercent: number;
  positivePercent: number;
}

/** Positive minus negative feedbacks received: what `minimumFeedback` is compared with. */
export function feedbackBalance(db: Db, userId: number): number {
  const row = db.prepare('SELECT coalesce(sum(rating), 0) AS balance FROM feedbacks WHERE receiver_id = ?').get(userId) as {
    balance: number;
  };
  return row.balance;
}

export function percentages(counts: readonly number[]): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((c) => (c * 100) / total);
  const result = exact.map(Math.floor);
  let left = 100 - result.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    result[index] = (result[index] ?? 0) + 1;
    left--;
  }
  return result;
}

export function feedbackSummary(db: Db, userId: number): FeedbackSummary {
  const row = db
    .prepare(
      `SELECT count(*) AS total,
              coalesce(sum(rating = 1), 0) AS positive,
              coalesce(sum(rating = 0), 0) AS neutral,
              coalesce(sum(rating = -1), 0) AS negative
         FROM feedbacks WHERE receiver_id = ?`,
    )
    .get(userId) as { total: number; positive: number; neutral: number; negative: number };
  const [positivePercent = 0, neutralPercent = 0, negativePercent = 0] = percentages([row.positive, row.neutral, row.negative]);
  return {
    balance: row.positive - row.negative,
    feedbackCount: row.total,
    negativeCount: row.negative,
    neutralCount: row.neutral,
    positiveCount: row.positive,
    negativePercent,
    neutralPercent,
    positivePercent,
  };
}
