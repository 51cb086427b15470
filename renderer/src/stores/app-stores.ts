// The app's store instances, bound to the one bridge.
import { bridge } from '../bridge.ts';
import { createDraftsStore } from './drafts-store.ts';
import { createSyncStore } from './sync-store.ts';
import { COLUMNS } from '../components/columns.ts';

export const draftsStore = createDraftsStore(bridge, { columns: COLUMNS.length });
export const syncStore = createSyncStore(bridge);
export type SyncStore = typeof syncStore;
