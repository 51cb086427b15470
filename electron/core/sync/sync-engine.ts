// The sync engine the shell wires up: push and pull, never two at once, with one event stream.
import { createSyncEvents, type SyncEvents } from './events.ts';
import { pull, resolveConflicts, type PullResult } from './pull.ts';
import { createPushEngine, type PushOptions, type PushResult } from './push-engine.ts';

export interface SyncEngineOptions extends Omit<PushOptions, 'events'> {
  events?: SyncEvents;
  /** Runs after each pull, before anything else may run (the automation rules: electron/core/rules/rules-pass.ts). */
  afterPull?: (result: PullResult) => void | Promise<void>;
}

export function createSyncEngine(options: SyncEngineOptions) {
  const events = options.events ?? createSyncEvents();
  const push = createPushEngine({ ...options, events });
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
    pull: (): Promise<PullResult> =>
      serial(async () => {
        const result = await pull(options.db, options.api, events, options.now);
        await options.afterPull?.(result);
        return result;
      }),
    retryRejected: (localId: number) => push.retryRejected(localId),
    resolveConflicts: (localId: number, choices: Record<string, 'local' | 'remote'>) => resolveConflicts(options.db, localId, choices),
    get paused() {
      return push.paused;
    },
  };
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;
