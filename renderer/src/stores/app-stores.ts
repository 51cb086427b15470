// The app's store instances, bound to the one bridge.
import { bridge } from '../bridge.ts';
import { createBulkActionsStore } from '../drafts/bulk-actions-store.ts';
import { createDraftsStore } from '../drafts/drafts-store.ts';
import { createGridColumnsStore } from '../drafts/grid-columns-store.ts';
import { createMappingsStore } from '../drafts/mappings-store.ts';
import { createScheduleStore } from '../rules/schedule-store.ts';
import { createResearchStore } from '../research/research-store.ts';
import { createSyncStore } from './sync-store.ts';

export const gridColumnsStore = createGridColumnsStore(typeof localStorage === 'undefined' ? null : localStorage);
export const draftsStore = createDraftsStore(bridge, { columns: gridColumnsStore.getState().columns.length });
export const bulkActionsStore = createBulkActionsStore(bridge, draftsStore);
export const scheduleStore = createScheduleStore(bridge, draftsStore);
export const syncStore = createSyncStore(bridge);
export type SyncStore = typeof syncStore;
export const mappingsStore = createMappingsStore(bridge);
export const researchStore = createResearchStore(bridge);
