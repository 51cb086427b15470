// The core as one account's open cache plus the app registry: what the handler table works on.
// Switching accounts closes one cache and opens the other; the sync port follows the account.
import { ensurePrivateDir } from '../../../shared/sqlite/private-files.ts';
import { join } from 'node:path';
import type { IpcEventName, IpcEventPayload } from '../../../shared/ipc/contract.ts';
import { IPC_EVENTS } from '../../../shared/ipc/contract.ts';
import { openAccountDb, type Db } from '../db/open-account-db.ts';
import { removeDeadImports } from '../csv/batched-import.ts';
import { backupBeforeMigration } from '../backup/before-migration.ts';
import { checkAtStart } from '../backup/start-check.ts';
import { appRegistry, type AccountEntry, type AppRegistry } from './accounts.ts';
import type { CredentialVault } from './credential-file.ts';
import { createMarketplace } from '../api/marketplace.ts';
import { engineSync } from './engine-sync.ts';
import { offlineOnlySync, type SyncEvent, type SyncPort } from './sync-port.ts';
import { sellerFiles, type SellerFiles } from './seller-files.ts';
import { deviceCookieFile } from './device-cookie-file.ts';
import { accountReads, type AccountReads } from './account-reads.ts';
import { accountWrites, type AccountWrites } from './account-writes.ts';

export type EventListener = <E extends IpcEventName>(name: E, payload: IpcEventPayload<E>) => void;

export interface SessionOptions {
  /** The app's data root (accounts registry, one folder per account). */
  root: string;
  /** The shell's password store (Electron safeStorage; a 0600 file in web mode). */
  credentials?: CredentialVault;
  /**
   * Builds the sync port of an account. Default: the real engine for an account with a
   * marketplace username and a stored password, the offline-only stand-in otherwise.
   */
  sync?: (db: Db, account: AccountEntry, folder: string, writes: AccountWrites) => SyncPort;
  /** Engine timing: a run this long after a local change, and a poll (0: off; tests). */
  syncTiming?: { debounceMs: number; pollMs: number };
  /**
   * A typed folder path is taken for the backup folder (web mode: the browser cannot pick one);
   * checked as a chosen folder is. Default true; the core's host passes false in Electron, where
   * only a folder chosen in main's dialog is taken (session/seller-files.ts).
   */
  typedFolders?: boolean;
}

export interface CoreSession {
  /** The app's data root. */
  root: string;
  registry: AppRegistry;
  account(): AccountEntry;
  db(): Db;
  /** The writes of the open account's cache: short writes' turns, long writes in slices (account-writes.ts). */
  writes(): AccountWrites;
  /** Long reads of the open account's cache, in slices over one snapshot (account-reads.ts). */
  reads(): AccountReads;
  folder(): string;
  sync(): SyncPort;
  switchAccount(id: string): AccountEntry | undefined;
  /** Reopens the active account (its sign-in changed: the sync port is built again). */
  reload(): void;
  credentials(): CredentialVault | null;
  /** The files the seller handed over (handles, uploads): the only files the core reads for the window. */
  files: SellerFiles;
  /**
   * Closes the active account's cache (and its sync), runs `swap` on its folder (a restore puts
   * another cache file in place), and opens it again, also when `swap` throws.
   */
  replaceCache(swap: (folder: string) => void): void;
  /** Sends a push event to every listener, its payload checked against the contract first. */
  emit<E extends IpcEventName>(name: E, payload: IpcEventPayload<E>): void;
  onEvent(listener: EventListener): () => void;
  close(): void;
}

export const CACHE_FILE = 'cache.sqlite';

export function openCoreSession(options: SessionOptions): CoreSession {
  const registry = appRegistry(options.root);
  const vault = options.credentials ?? null;
  // A poll every 20 s: new questions, offers and sales are noticed (and notified) within 30 s of
  // their arrival; an unchanged incremental sync costs a handful of requests, whatever the shop.
  const timing = options.syncTiming ?? { debounceMs: 1500, pollMs: 20_000 };
  const makeSync = options.sync ?? ((db: Db, account: AccountEntry, folder: string, writes: AccountWrites): SyncPort => {
    if (!vault || !account.username || !vault.get(account.id)) return offlineOnlySync(db);
    const marketplace = createMarketplace({ baseUrl: account.baseUrl, credentials: vault.storeFor(account.id), device: deviceCookieFile(folder) });
    return engineSync({ db, writes, marketplace, ...timing });
  });
  const listeners = new Set<EventListener>();
  const files = sellerFiles(options.root, { typedFolders: options.typedFolders ?? true });
  let current = openAccount(registry.active());

  function openAccount(account: AccountEntry, checked = false) {
    const folder = registry.folderOf(account.id);
    ensurePrivateDir(folder);
    const cache = join(folder, CACHE_FILE);
    // A damaged cache is set aside (kept, never deleted) and the account starts on an empty one;
    // the Backups screen offers the latest good backup (backup/start-check.ts). A cache a restore
    // has just checked whole is not checked again.
    if (!checked) checkAtStart(folder);
    try {
      backupBeforeMigration(cache, { id: account.id, name: account.name, folder }, join(options.root, 'backups'));
    } catch {
      // The migration goes ahead: refusing to open would lock the seller out of the shop. The
      // backups screen shows how old the last good backup is.
    }
    const db = openAccountDb(cache);
    // An import the app stopped in the middle of left only pending rows: none of it is kept.
    removeDeadImports(db);
    const writes = accountWrites(db, cache);
    const sync = makeSync(db, account, folder, writes);
    const unsubscribe = sync.subscribe((event) => forwardSync(event));
    return { account, folder, db, writes, reads: accountReads(cache), sync, unsubscribe };
  }

  function forwardSync(event: SyncEvent): void {
    emit(event.name, event.payload);
  }

  function emit<E extends IpcEventName>(name: E, payload: IpcEventPayload<E>): void {
    // A payload that breaks the contract is a bug here, not the listener's problem.
    const checked = IPC_EVENTS[name].parse(payload) as IpcEventPayload<E>;
    for (const listener of listeners) listener(name, checked);
    // A local change schedules a push; what a pull brought in has nothing to send.
    if (name === 'drafts.changed' && (payload as IpcEventPayload<'drafts.changed'>).reason !== 'pull') current.sync.localChange?.();
  }

  function closeCurrent(): void {
    current.unsubscribe();
    current.sync.close();
    // A long write still under way is rolled back (it ends with WriteCancelled).
    current.writes.close();
    current.reads.close();
    current.db.close();
  }

  return {
    root: options.root,
    registry,
    account: () => current.account,
    db: () => current.db,
    writes: () => current.writes,
    reads: () => current.reads,
    folder: () => current.folder,
    sync: () => current.sync,
    switchAccount(id) {
      const entry = registry.setActive(id);
      if (!entry) return undefined;
      if (entry.id !== current.account.id) {
        closeCurrent();
        current = openAccount(entry);
      }
      return entry;
    },
    reload() {
      const entry = registry.active();
      closeCurrent();
      current = openAccount(entry);
    },
    credentials: () => vault,
    files,
    replaceCache(swap) {
      const entry = current.account;
      closeCurrent();
      try {
        swap(registry.folderOf(entry.id));
      } finally {
        current = openAccount(entry, true);
      }
    },
    emit,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      listeners.clear();
      closeCurrent();
    },
  };
}
