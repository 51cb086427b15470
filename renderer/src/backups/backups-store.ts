// Backups of the active account: the status (last good backup, last failure, damaged caches set
// aside at start), the list, a backup now, restore, the seller's folder, moving accounts to
// another computer. DOM-free: tested under Node through the real core.
import { createStore } from 'zustand/vanilla';
import type { BackupEntry, BackupStatusView } from '../../../shared/ipc-backup.ts';
import { call, type Bridge } from '../bridge/bridge-types.ts';
import { describeError } from '../i18n/describe-error.ts';
import { msg, type Msg } from '../i18n/messages.ts';
import { callSequence } from '../navigation/live-store.ts';

export interface BackupsState {
  status: BackupStatusView | null;
  backups: BackupEntry[];
  busy: boolean;
  error: Msg | null;
  notice: Msg | null;
  load(): Promise<void>;
  backupNow(): Promise<void>;
  restore(id: string): Promise<boolean>;
  setFolder(folder: string | null): Promise<void>;
  dismissDamage(keptAs: string): Promise<void>;
  exportTo(file: string, all: boolean, passphrase: string | null): Promise<void>;
  importFrom(file: string, passphrase: string | null): Promise<void>;
}

export function createBackupsStore(bridge: Bridge) {
  const nextLoad = callSequence();
  return createStore<BackupsState>()((set, get) => {
    const guard = async <T>(run: () => Promise<T>, done: (value: T) => Msg | null): Promise<T | null> => {
      set({ busy: true, error: null, notice: null });
      try {
        const value = await run();
        set({ notice: done(value) });
        return value;
      } catch (error) {
        set({ error: describeError(error) });
        return null;
      } finally {
        set({ busy: false });
        await get().load();
      }
    };
    bridge.on('backups.changed', () => void get().load());
    bridge.on('accounts.switched', () => void get().load());
    return {
      status: null,
      backups: [],
      busy: false,
      error: null,
      notice: null,
      async load() {
        const isNewest = nextLoad();
        try {
          const [status, backups] = await Promise.all([call(bridge, 'backups.status', {}), call(bridge, 'backups.list', {})]);
          if (isNewest()) set({ status, backups });
        } catch (error) {
          if (isNewest()) set({ error: describeError(error) });
        }
      },
      backupNow: async () => {
        await guard(() => call(bridge, 'backups.create', {}), () => msg('backups.done'));
      },
      restore: async (id) => (await guard(() => call(bridge, 'backups.restore', { id }), (r) => msg('backups.restored', { sent: r.alreadySent, checked: r.toReconcile }))) !== null,
      setFolder: async (folder) => {
        await guard(() => call(bridge, 'backups.setFolder', { folder }), () => (folder ? msg('backups.folder.saved') : msg('backups.folder.cleared')));
      },
      dismissDamage: async (keptAs) => {
        await guard(() => call(bridge, 'backups.dismissDamage', { keptAs }), () => null);
      },
      exportTo: async (file, all, passphrase) => {
        await guard(() => call(bridge, 'backups.export', { file, all, passphrase }), (r) => msg('backups.exported', { accounts: r.accounts, drafts: r.drafts, file: r.file }));
      },
      importFrom: async (file, passphrase) => {
        await guard(() => call(bridge, 'backups.import', { file, passphrase }), (r) => msg('backups.imported', { names: r.map((a) => a.name).join(', '), count: r.length }));
      },
    };
  });
}
export type BackupsStore = ReturnType<typeof createBackupsStore>;
