// Events the sync engine emits for the UI: run progress, per-item state, connectivity, pauses.
import type { SyncState } from '../drafts/sync-state.ts';

export type SyncEvent =
  | { type: 'run-started'; total: number }
  | { type: 'progress'; done: number; total: number; op: { outboxId: number; itemLocalId: number; kind: string; outcome: OpOutcome } }
  | { type: 'run-finished'; done: number; total: number; pending: number; parked: number }
  | { type: 'item-state'; localId: number; state: SyncState; reason?: string | null; field?: string | null }
  | { type: 'connectivity'; online: boolean }
  | { type: 'paused'; reason: 'auth'; message: string }
  | { type: 'pull-progress'; phase: string; pages: number };

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
