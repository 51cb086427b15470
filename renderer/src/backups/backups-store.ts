// Backups of the active account: the status (last good backup, last failure, damaged caches set
// aside at start), the list, a backup now, restore, the seller's folder, moving accounts to
// another computer. DOM-free: tested under Node through the real core.
import { createStore } from 'zustand/vanilla';
import type { BackupEntry, BackupStatusView, ExportTarget, FolderChoice } from '../../../shared/ipc/backup.ts';
import type { ImageSource } from '../../../shared/ipc/common.ts';
import { call, type Bridge } from '../bridge/bridge-types.ts';
import { describeError } from '../i18n/describe-error.ts';
import { msg, type Msg } from '../i18n/messages.ts';
import { callSequence } from '../navigation/live-store.ts';
import { accountNameMsg } from '../accounts/account-name.ts';
import { localeStore } from '../i18n/locale-store.ts';
import { translate } from '../i18n/translate.ts';

/** Several accounts' names as one list in the language in use (a notice, worded once). */
function namesInWords(names: ReadonlyArray<Msg | string>): string {
  const locale = localeStore.getState().locale;
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(names.map((n) => (typeof n === 'string' ? n : translate(n, locale))));
}

export interface BackupsState {
  status: BackupStatusView | null;
  backups: BackupEntry[];
  busy: boolean;
  error: Msg | null;
  notice: Msg | null;
  /** Electron: the backup folder is chosen in main's folder dialog ("Choose folder…"); web mode: typed. */
  picksFolder: boolean;
  load(): Promise<void>;
  backupNow(): Promise<void>;
  restore(id: string): Promise<boolean>;
  /** A typed path (web mode), a chosen folder's handle, or null: the data folder only. */
  setFolder(folder: FolderChoice | null): Promise<void>;
  /** Electron: main's folder dialog, then the chosen folder is set; a cancelled dialog does nothing. */
  chooseFolder(): Promise<void>;
  dismissDamage(keptAs: string): Promise<void>;
  /** The damaged cache's notice answered by restoring backup `id`: restored, the notice is put away. */
  restoreDamaged(keptAs: string, id: string): Promise<boolean>;
  /** Asks where (Electron: main's save dialog; web mode: a download), then exports; a cancelled dialog does nothing. */
  exportTo(all: boolean, passphrase: string | null): Promise<void>;
  /** `stage`: the picked file by reference (a handle in Electron, an upload in web mode). */
  importFrom(stage: () => Promise<ImageSource>, name: string, passphrase: string | null): Promise<void>;
}

/** Where files come from and go to, by the seller's hand (the window never writes a path): backup-files.ts in the app. */
export interface BackupFiles {
  /** The export's target; null when the seller cancelled. */
  exportTarget(suggestedName: string): Promise<ExportTarget | null>;
  /** Web mode: hands the written export to the browser to save. */
  deliver(download: string, name: string): void;
  /** Electron: main's folder dialog, answering the chosen folder's handle (null: cancelled). Null in web mode (no dialogs: a typed path). */
  chooseFolder: (() => Promise<{ kind: 'handle'; id: string } | null>) | null;
}

export function createBackupsStore(bridge: Bridge, files: BackupFiles) {
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
      picksFolder: files.chooseFolder !== null,
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
      chooseFolder: async () => {
        const chosen = await files.chooseFolder?.();
        if (chosen) await get().setFolder(chosen);
      },
      dismissDamage: async (keptAs) => {
        await guard(() => call(bridge, 'backups.dismissDamage', { keptAs }), () => null);
      },
      restoreDamaged: async (keptAs, id) => {
        const restored = await guard(async () => {
          const result = await call(bridge, 'backups.restore', { id });
          await call(bridge, 'backups.dismissDamage', { keptAs });
          return result;
        }, (r) => msg('backups.restored', { sent: r.alreadySent, checked: r.toReconcile }));
        return restored !== null;
      },
      exportTo: async (all, passphrase) => {
        const target = await files.exportTarget(`market-desk-${new Date().toISOString().slice(0, 10)}.mdesk`);
        if (!target) return;
        const done = await guard(() => call(bridge, 'backups.export', { target, all, passphrase }), (r) => msg('backups.exported', { accounts: r.accounts, drafts: r.drafts, file: r.file }));
        if (done?.download) files.deliver(done.download, done.file);
      },
      importFrom: async (stage, name, passphrase) => {
        await guard(async () => {
          const accounts = await call(bridge, 'backups.import', { source: await stage(), name, passphrase });
          // Named as the Accounts screen names them: the app's own accounts in the language in use.
          const listed = await call(bridge, 'accounts.list', {});
          return accounts.map((a) => ({ name: accountNameMsg(listed.find((l) => l.id === a.id) ?? { ...a, baseUrl: '', username: null }), credentials: a.credentials }));
        }, (added) => {
          const inWords = (names: Array<Msg | string>) => (names.length === 1 ? names[0] as Msg | string : namesInWords(names));
          const names = inWords(added.map((a) => a.name));
          // A password comes only in a sealed file: the seller is told which accounts it came for.
          const withPassword = added.filter((a) => a.credentials).map((a) => a.name);
          return withPassword.length > 0
            ? msg('backups.imported.password', { count: added.length, names, withPassword: inWords(withPassword) })
            : msg('backups.imported', { count: added.length, names });
        });
      },
    };
  });
}
export type BackupsStore = ReturnType<typeof createBackupsStore>;
