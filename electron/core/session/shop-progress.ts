// How far the seller's shop has been read, for the progress bar (the `sync.shop` event and the
// status's `shop`): the listing's pages as they commit, the records of open, scheduled and sold
// items read and left, the unsold closed ones left for later, and the marketplace's "wait until".
// What is left is the cache's own state (item-details.ts), so it is right after a restart too.
import type { ShopReading } from '../../../shared/ipc/contract.ts';
import type { Db } from '../db/open-account-db.ts';
import { detailQueue, type DetailCounts } from '../sync/item-details.ts';

/** At most this often: the counts are a query, and the bar needs no more. */
const EMIT_EVERY_MS = 400;

export function shopProgress(db: Db, send: (reading: ShopReading | null) => void, now: () => number = Date.now) {
  const queue = detailQueue(db);
  let listing: ShopReading['listing'] = null;
  let firstRead = 0;
  let waitUntil: number | null = null;
  let lastSent = 0;
  let trailing: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  let lastShown = 'null';
  /** The queue's counts, asked again only once something may have changed them (the status is asked often). */
  let counted: DetailCounts | null = null;

  function state(): ShopReading | null {
    if (!db.open) return null;
    const counts = (counted ??= queue.counts());
    const waiting = waitUntil !== null && waitUntil > now() ? waitUntil : null;
    if (listing === null && counts.first === 0 && counts.later === 0 && waiting === null) {
      // Everything read: the next reading (a later first sync) counts from zero.
      firstRead = 0;
      return null;
    }
    return { listing, first: { read: firstRead, left: counts.first }, soldLeft: counts.sold, laterLeft: counts.later, waitUntil: waiting };
  }

  function emit(): void {
    if (closed) return;
    trailing = null;
    lastSent = now();
    const reading = state();
    const shown = JSON.stringify(reading);
    if (shown === lastShown) return;
    lastShown = shown;
    send(reading);
  }

  /** Sends the state now, or once the last one is old enough (the latest counts then). */
  function changed(immediately = false): void {
    counted = null;
    if (closed) return;
    if (immediately || now() - lastSent >= EMIT_EVERY_MS) {
      if (trailing) clearTimeout(trailing);
      emit();
    } else if (!trailing) {
      trailing = setTimeout(emit, EMIT_EVERY_MS - (now() - lastSent));
      trailing.unref();
    }
  }

  return {
    state,
    changed,
    /** A page of a full listing committed. */
    listed(listed: number, total: number): void {
      listing = { listed, total };
      changed(listed >= total);
    },
    /** The listing ended (or its run did): no listing is going. */
    listingEnded(): void {
      if (listing === null) return;
      listing = null;
      changed(true);
    },
    /** Records of open, scheduled or sold items read and committed. */
    read(count: number): void {
      firstRead += count;
      changed();
    },
    /** The marketplace asked to wait until then (null: it no longer does). */
    waiting(until: number | null): void {
      waitUntil = until;
      changed(true);
    },
    /** Until when the marketplace asked to wait, if that is still ahead. */
    waitingUntil(): number | null {
      return waitUntil !== null && waitUntil > now() ? waitUntil : null;
    },
    close(): void {
      closed = true;
      if (trailing) clearTimeout(trailing);
    },
  };
}
export type ShopProgress = ReturnType<typeof shopProgress>;
