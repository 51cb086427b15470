// The sync panel's lists: items the service refused (with its reason and field), conflicts field
// by field with the user's choice per field, and items whose last request's outcome is unknown.
import { createStore } from 'zustand/vanilla';
import type { SyncProblems } from '../../../shared/ipc/contract.ts';
import { call, type Bridge } from '../bridge/bridge-types.ts';
import { describeError } from '../i18n/describe-error.ts';
import { msg, type Msg } from '../i18n/messages.ts';
import { callSequence, reloadOnChanges } from '../navigation/live-store.ts';

export type Choice = 'local' | 'remote';

export interface SyncProblemsState {
  problems: SyncProblems | null;
  /** localId → field → choice, until applied. */
  choices: Record<number, Record<string, Choice>>;
  error: Msg | null;
  load(): Promise<void>;
  choose(localId: number, field: string, choice: Choice): void;
  /** Applies the choices for one item; every conflicting field must have one. */
  resolve(localId: number): Promise<void>;
  dispose(): void;
}

export function createSyncProblemsStore(bridge: Bridge) {
  const nextLoad = callSequence();
  const store = createStore<SyncProblemsState>()((set, get) => ({
    problems: null,
    choices: {},
    error: null,
    async load() {
      const isNewest = nextLoad();
      try {
        const problems = await call(bridge, 'sync.problems', {});
        if (isNewest()) set({ problems, error: null });
      } catch (error) {
        if (isNewest()) set({ error: describeError(error) });
      }
    },
    choose: (localId, field, choice) => set({ choices: { ...get().choices, [localId]: { ...get().choices[localId], [field]: choice } } }),
    async resolve(localId) {
      const conflict = get().problems?.conflicts.find((c) => c.localId === localId);
      const choices = get().choices[localId] ?? {};
      if (!conflict || conflict.fields.some((f) => !choices[f.field])) {
        set({ error: msg('sync.chooseEvery') });
        return;
      }
      try {
        await call(bridge, 'sync.resolve', { localId, choices });
        const rest = { ...get().choices };
        delete rest[localId];
        set({ choices: rest, error: null });
        await get().load();
      } catch (error) {
        set({ error: describeError(error) });
      }
    },
    dispose: () => off(),
  }));
  const off = reloadOnChanges(bridge, () => store.getState().load());
  return store;
}
export type SyncProblemsStore = ReturnType<typeof createSyncProblemsStore>;
