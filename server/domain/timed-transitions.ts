// State changes that happen because time passed. Idempotent: running twice changes nothing more.
import type { Service } from '../service.ts';

export function runTimedTransitions(service: Service, now: number): void {
  const { db } = service;
  db.transaction(() => {
    // waiting -> published at listTime
    db.prepare(`UPDATE items SET status = 'published', updated = ? WHERE status = 'waiting' AND list_time <= ?`).run(now, now);
    // published -> closed at closingTime (trading adds winners and trades here)
    db.prepare(
      `UPDATE items SET status = 'closed', closed_at = closing_time, updated = ? WHERE status = 'published' AND closing_time <= ?`,
    ).run(now, now);
  })();
}
