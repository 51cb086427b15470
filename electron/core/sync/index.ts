export { createSyncEngine, type SyncEngine, type SyncEngineOptions } from './sync-engine.ts';
export { createSyncEvents, type SyncEvent, type SyncEvents, type SyncListener } from './events.ts';
export { createPushEngine, type PushResult } from './push-engine.ts';
export { pull, resolveConflicts, type PullResult, type Conflicts } from './pull.ts';
