// State changes that happen because time passed. Idempotent: running twice changes nothing more.
// Each item closes in its own transaction (closeItem), so one failing item does not hold back
// the others; the first failure is rethrown after all have been tried, for the scheduler to log.
import type { Service } from '../service.ts';
import { closeItem } from './items/close-item.ts';
import { expireDueOffers } from './trading/offers.ts';

export function runTimedTransitions(service: Service, now: number): void {
  const { db } = service;
  // waiting -> published at listTime
  db.prepare(`UPDATE items SET status = 'published', updated = ? WHERE status = 'waiting' AND list_time <= ?`).run(now, now);
  // published -> closed at closingTime, with winners, trades, expired offers and republishing
  const due = db
    .prepare(`SELECT id FROM items WHERE status = 'published' AND closing_time <= ? ORDER BY closing_time, id`)
    .pluck()
    .all(now) as number[];
  let failure: unknown = null;
  for (const id of due) {
    try {
      closeItem(service, id, now);
    } catch (err) {
      failure ??= err;
    }
  }
  // pending offers 48 hours old
  expireDueOffers(db, now);
  if (failure !== null) throw failure;
}
