// The sync engine the shell wires up: push and pull, never two at once, with one event stream.
import { createSyncEvents, type SyncEvents } from './events.ts';
import { pull, resolveConflicts, type PullOptions, type PullResult } from './pull.ts';
import { createPushEngine, type PushOptions, type PushResult } from './push-engine.ts';
import { detailContext, readDetailsOf } from './item-details.ts';

export interface SyncEngineOptions extends Omit<PushOptions, 'events'> {
  events?: SyncEvents;
  /** Runs after each pull, before anything else may run (the automation rules: electron/core/rules/rules-pass.ts). */
  afterPull?: (result: PullResult) => void | Promise<void>;
}

export function createSyncEngine(options: SyncEngineOptions) {
  const events = options.events ?? createSyncEvents();
  const push = createPushEngine({ ...options, events });
  const details = detailContext(options.db, options.api, events, options.now ?? Date.now);
  let chain: Promise<unknown> = Promise.resolve();
  // One at a time: each call waits for the one before it (push is itself single-flight).
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const next = chain.then(task, task);
    chain = next.catch(() => undefined);
    return next;
  };
  return {
    events,
    push: (): Promise<PushResult> => serial(() => push.run()),
    pull: (pullOptions: PullOptions = {}): Promise<PullResult> =>
      serial(async () => {
        const result = await pull(options.db, options.api, events, options.now, pullOptions);
        await options.afterPull?.(result);
        return result;
      }),
    retryRejected: (localId: number) => push.retryRejected(localId),
    /**
     * Reads now the records of those of these items kept from their list summaries (the seller
     * opens, copies, relists or exports them; not serialised with runs: a record is merged only
     * into an item that is still a summary). Resolves with the local ids still without one.
     */
    readDetails: (localIds: readonly number[]): Promise<number[]> => readDetailsOf(details, localIds),
    resolveConflicts: (localId: number, choices: Record<string, 'local' | 'remote'>) => resolveConflicts(options.db, localId, choices),
    get paused() {
      return push.paused;
    },
  };
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;
