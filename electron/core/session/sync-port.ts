// What the handler table needs from the sync: engine-sync.ts implements this port over the
// engine of electron/core/sync for an account that can sign in; `offlineOnlySync` stands in for
// an account without a marketplace password (nothing is sent, the queue is only counted).
import type { IpcEventPayload, SyncStatus } from '../../../shared/ipc/contract.ts';
import type { Db } from '../db/open-account-db.ts';
import { queueCounts } from '../outbox/outbox.ts';
import type { MarketResearchPort } from '../research/research-port.ts';

/** The queue's part of the status, from the outbox's counts. */
export function queueStatus(c: ReturnType<ReturnType<typeof queueCounts>>): Pick<SyncStatus, 'queueLength' | 'toSend' | 'keptLocal' | 'parked'> {
  return { queueLength: c.pending, toSend: c.toSend, keptLocal: c.keptLocal, parked: c.parked };
}

/**
 * The port speaks the IPC contract's own event vocabulary (shared/ipc/contract.ts): one name and payload
 * per event from the engine's translation here to the renderer, forwarded as they are.
 */
export type SyncEventName = 'sync.progress' | 'images.upload' | 'sync.itemState' | 'sync.online' | 'sync.news' | 'sync.shop' | 'drafts.changed' | 'rules.activity';
export type SyncEvent = { [E in SyncEventName]: { name: E; payload: IpcEventPayload<E> } }[SyncEventName];

export interface SyncPort {
  status(): SyncStatus;
  /** Starts a run (single-flight: calls during a run share one follow-up run) and resolves with the status after it. */
  syncNow(): Promise<SyncStatus>;
  /** The user's "work offline" switch: while on, nothing is sent and nothing is pulled. */
  setOffline(offline: boolean): SyncStatus;
  /** A local change was written: a connected port schedules a run soon after. */
  localChange?(): void;
  /**
   * Reads a media file the service links to (a pulled item's photo thumbnail) through the API
   * client, with the token. Absent on a port with no marketplace.
   */
  media?(url: string): Promise<Uint8Array>;
  /**
   * Reads now the full records of those of these items the cache holds only from their list
   * summaries (the seller opens, copies, relists or exports them). `missing`: the ones still
   * without their record (no marketplace, offline, or it asked to wait). Absent: nothing to read.
   */
  readDetails?(localIds: readonly number[]): Promise<{ read: number; missing: number[] }>;
  /**
   * The marketplace for market research (issue 39), or null while working offline. Absent on a
   * port with no marketplace.
   */
  market?(): MarketResearchPort | null;
  /** Returns the unsubscribe function. */
  subscribe(listener: (event: SyncEvent) => void): () => void;
  close(): void;
}

/**
 * The port of an account that has no marketplace sign-in (no username or no stored password):
 * it never contacts anything. It reports the outbox honestly (queue length, parked rows) and says
 * in `message` that changes stay on this computer until the account is signed in.
 */
export function offlineOnlySync(db: Db): SyncPort {
  const counts = queueCounts(db);
  const listeners = new Set<(event: SyncEvent) => void>();
  let offline = false;
  const status = (): SyncStatus => ({
    engine: 'offline-only',
    online: false,
    offline,
    running: false,
    ...queueStatus(counts()),
    lastRunAt: null,
    message: 'This account is not signed in to a marketplace: every change is kept on this computer, and nothing is on the marketplace yet. Sign in under Accounts to sync.',
    notice: { kind: 'not-signed-in', code: null },
  });
  return {
    status,
    async syncNow() {
      return status();
    },
    setOffline(value) {
      offline = value;
      for (const listener of listeners) listener({ name: 'sync.online', payload: { online: false, offline } });
      return status();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
    },
  };
}
