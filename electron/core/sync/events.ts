// Events the sync engine emits for the UI: run progress, per-item state, connectivity, pauses.
import type { SyncNews } from '../../../shared/ipc/contract.ts';
import type { SyncState } from '../drafts/sync-state.ts';

/** The photos a push run uploads: counted when it starts, advanced as each upload ends. */
export interface PhotoRun {
  total: number;
  done: number;
  failed: number;
  bytesTotal: number;
  bytesDone: number;
}

export type UploadPhase = 'uploading' | 'uploaded' | 'failed';

export type SyncEvent =
  | { type: 'run-started'; total: number; photos: PhotoRun }
  | { type: 'image-upload'; localId: number; imageId: number; phase: UploadPhase; bytes: number; error: string | null; run: PhotoRun }
  | { type: 'progress'; done: number; total: number; op: { outboxId: number; itemLocalId: number; kind: string; outcome: OpOutcome } }
  | { type: 'run-finished'; done: number; total: number; pending: number; parked: number }
  | { type: 'item-state'; localId: number; state: SyncState; reason?: string | null; field?: string | null; code?: string | null }
  | { type: 'connectivity'; online: boolean }
  | { type: 'paused'; reason: 'auth'; message: string; code: string }
  | { type: 'pull-progress'; phase: string; pages: number }
  /** A page of a full listing committed: listings in the cache so far (of `total`), `kept` of them from their summaries. */
  | { type: 'listing-page'; page: number; listed: number; total: number; kept: number }
  /** Records of items kept from their summaries read in full and committed (this many more). */
  | { type: 'details-progress'; read: number }
  | { type: 'news'; news: SyncNews };

export type OpOutcome = 'applied' | 'parked' | 'deferred' | 'outcome-unknown' | 'dropped';

export type SyncListener = (event: SyncEvent) => void;

export interface SyncEvents {
  on(listener: SyncListener): () => void;
  emit(event: SyncEvent): void;
}

export function createSyncEvents(): SyncEvents {
  const listeners = new Set<SyncListener>();
  let online: boolean | null = null;
  return {
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event) {
      // Connectivity is reported on changes only.
      if (event.type === 'connectivity') {
        if (online === event.online) return;
        online = event.online;
      }
      for (const listener of listeners) listener(event);
    },
  };
}
