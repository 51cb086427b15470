// Marketplace accounts: several kept, one active; signing in hands the password to the core
// (which checks it with the marketplace and gives it to the shell's store) and forgets it here.
import { createStore } from 'zustand/vanilla';
import type { IpcOutput } from '../../../shared/ipc/contract.ts';
import { call, type Bridge } from '../bridge/bridge-types.ts';
import { describeError } from '../i18n/describe-error.ts';
import { msg, type Msg } from '../i18n/messages.ts';
import { callSequence } from '../navigation/live-store.ts';

type Account = IpcOutput<'accounts.list'>[number];

export interface AccountsState {
  accounts: Account[];
  error: Msg | null;
  notice: Msg | null;
  load(): Promise<void>;
  add(name: string, baseUrl: string): Promise<Account | null>;
  signIn(id: string, username: string, password: string): Promise<boolean>;
  switchTo(id: string): Promise<void>;
}

export function createAccountsStore(bridge: Bridge) {
  const nextLoad = callSequence();
  return createStore<AccountsState>()((set, get) => {
    // Accounts added elsewhere (an import under Backups) are listed at once.
    bridge.on('accounts.changed', () => void get().load());
    const guard = async <T>(run: () => Promise<T>, done?: Msg): Promise<T | null> => {
      try {
        const value = await run();
        set({ error: null, notice: done ?? null });
        await get().load();
        return value;
      } catch (error) {
        set({ error: describeError(error), notice: null });
        return null;
      }
    };
    return {
      accounts: [],
      error: null,
      notice: null,
      async load() {
        const isNewest = nextLoad();
        try {
          const accounts = await call(bridge, 'accounts.list', {});
          if (isNewest()) set({ accounts });
        } catch (error) {
          if (isNewest()) set({ error: describeError(error) });
        }
      },
      add: (name, baseUrl) => guard(() => call(bridge, 'accounts.add', { name, baseUrl }), msg('accounts.added', { name })),
      signIn: async (id, username, password) =>
        (await guard(() => call(bridge, 'accounts.signIn', { id, username, password }), msg('accounts.signedIn', { user: username }))) !== null,
      switchTo: async (id) => {
        await guard(() => call(bridge, 'accounts.switch', { id }));
      },
    };
  });
}
export type AccountsStore = ReturnType<typeof createAccountsStore>;
