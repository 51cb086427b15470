// The backups of the open session: where they go (the data folder, and a folder the seller
// chose), when (daily, before a bulk delete or an undo of more than 100 drafts, on demand; the
// one before a migration is taken while opening, before-migration.ts), the last good one and the
// last failure (kept in a file, said in the settings until a later backup succeeds), restore,
// export and import. One backup or restore at a time per session: they queue.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { ProblemParamsSchema } from '../../../shared/ipc/common.ts';
import type { CoreSession } from '../session/core-session.ts';
import { FolderRefused } from '../session/seller-files.ts';
import { BackupError } from './backup-errors.ts';
import { CACHE_NAME, listStored, type BackupReason, type StoredBackup } from './backup-layout.ts';
import { exportAccounts, importAccounts, type ExportResult, type ImportedAccount } from './account-transfer.ts';
import type { CarryResult } from './carry-forward.ts';
import { createBackup, plainError, writeDurably, type PlainError } from './create-backup.ts';
import { prepareRestore, swapIn } from './restore-backup.ts';
import { damageNotes, dismissDamage, type DamageNote } from './start-check.ts';
import { openAccountDb, type Db } from '../db/open-account-db.ts';
import { backupBeforeMigration } from './before-migration.ts';

/** A bulk delete or an undo of more drafts than this is backed up first. */
export const BULK_BACKUP_THRESHOLD = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

const Settings = z.object({ folder: z.string().nullable() });
const Failure = z.object({ at: z.number(), reason: z.string().optional(), params: ProblemParamsSchema.optional(), message: z.string(), location: z.string() });
type Failure = z.infer<typeof Failure>;

export interface BackupListEntry {
  id: string;
  created: number;
  reason: BackupReason;
  drafts: number;
  items: number;
  templates: number;
  photos: number;
  bytes: number;
  /** Where copies of it are: the data folder, the seller's folder. */
  places: Array<'data' | 'folder'>;
}

export interface BackupStatus {
  folder: string | null;
  running: boolean;
  lastGood: { id: string; created: number; places: Array<'data' | 'folder'> } | null;
  lastFailure: Failure | null;
  damage: DamageNote[];
}

export interface BackupService {
  status(): BackupStatus;
  list(): BackupListEntry[];
  backupNow(reason?: BackupReason): Promise<BackupStatus>;
  /** The hook of a bulk delete or an undo: a backup first when it touches more than 100 drafts. */
  before(reason: 'before-bulk-delete' | 'before-undo' | 'before-import', count: number): Promise<void>;
  restore(id: string): Promise<CarryResult>;
  setFolder(folder: string | null): BackupStatus;
  exportTo(file: string, options: { all: boolean; passphrase: string | null }): Promise<ExportResult>;
  importFrom(file: string, passphrase: string | null): Promise<ImportedAccount[]>;
  dismissDamage(keptAs: string): BackupStatus;
  /** The daily backup when the newest is a day old (called by the timer, and by tests). */
  tick(): Promise<void>;
  close(): void;
}

export interface BackupServiceOptions {
  now?: () => number;
  /** How often the daily backup is looked at (0: no timer; tests call tick). */
  checkEveryMs?: number;
}

const services = new WeakMap<CoreSession, BackupService>();

/** The session's backup service (made on first use). */
export function backupServiceOf(session: CoreSession, options: BackupServiceOptions = {}): BackupService {
  let service = services.get(session);
  if (!service) {
    service = createBackupService(session, options);
    services.set(session, service);
  }
  return service;
}

export const dataBackups = (root: string) => join(root, 'backups');
const sellerBackups = (folder: string) => join(folder, 'market-desk-backups');

function createBackupService(session: CoreSession, options: BackupServiceOptions): BackupService {
  const now = options.now ?? Date.now;
  const root = session.root;
  const settingsFile = join(dataBackups(root), 'settings.json');
  let running = false;
  let queue: Promise<unknown> = Promise.resolve();
  const failureFile = () => join(dataBackups(root), session.account().id, 'last-failure.json');

  function settings(): z.infer<typeof Settings> {
    try {
      return existsSync(settingsFile) ? Settings.parse(JSON.parse(readFileSync(settingsFile, 'utf8'))) : { folder: null };
    } catch {
      return { folder: null };
    }
  }
  function locations(): string[] {
    const folder = settings().folder;
    return [dataBackups(root), ...(folder ? [sellerBackups(folder)] : [])];
  }
  function lastFailure(): Failure | null {
    try {
      return existsSync(failureFile()) ? Failure.parse(JSON.parse(readFileSync(failureFile(), 'utf8'))) : null;
    } catch {
      return null;
    }
  }
  function stored(): Map<string, { backup: StoredBackup; location: string; places: Array<'data' | 'folder'> }> {
    const id = session.account().id;
    const out = new Map<string, { backup: StoredBackup; location: string; places: Array<'data' | 'folder'> }>();
    for (const [i, location] of locations().entries()) {
      for (const backup of listStored(location, id)) {
        const place = i === 0 ? 'data' : 'folder';
        const seen = out.get(backup.id);
        if (seen) seen.places.push(place);
        else out.set(backup.id, { backup, location, places: [place] });
      }
    }
    return out;
  }
  function status(): BackupStatus {
    const all = [...stored().values()].sort((a, b) => b.backup.manifest.created - a.backup.manifest.created);
    const newest = all[0];
    const failure = lastFailure();
    return {
      folder: settings().folder,
      running,
      lastGood: newest ? { id: newest.backup.id, created: newest.backup.manifest.created, places: newest.places } : null,
      // A failure older than the last good backup has been made good.
      lastFailure: failure && (!newest || failure.at > newest.backup.manifest.created) ? failure : null,
      damage: damageNotes(session.folder()),
    };
  }
  function serial<T>(work: () => Promise<T>): Promise<T> {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  }
  async function backup(reason: BackupReason): Promise<BackupStatus> {
    return serial(async () => {
      running = true;
      const account = session.account();
      try {
        // The seller's folder is checked again each time (it may have been unplugged or removed
        // since it was chosen): a folder refused now gets no copy, and its failure is recorded
        // after the data folder's backup, so the Backups screen says it.
        const chosen = settings().folder;
        const places = [dataBackups(root)];
        let refused: PlainError | null = null;
        if (chosen) {
          try {
            places.push(sellerBackups(await session.files.recheckFolder(chosen)));
          } catch (error) {
            if (!(error instanceof FolderRefused)) throw error;
            refused = plainError(error);
          }
        }
        const result = await createBackup({ accountId: account.id, accountName: account.name, folder: session.folder(), db: session.db() }, { locations: places, reason, now });
        const failed = result.results.find((r) => !r.ok)?.error ?? refused;
        if (failed) await recordFailure(failureOf(failed, 'folder'));
      } catch (error) {
        await recordFailure(failureOf(plainError(error), 'data'));
        throw error;
      } finally {
        running = false;
        session.emit('backups.changed', { accountId: account.id });
      }
      return status();
    });
  }
  const failureOf = (plain: PlainError, location: 'data' | 'folder'): Failure => ({
    at: now(), message: plain.message, location, ...(plain.reason ? { reason: plain.reason } : {}), ...(plain.params ? { params: plain.params } : {}),
  });
  async function recordFailure(failure: Failure): Promise<void> {
    await mkdir(join(dataBackups(root), session.account().id), { recursive: true }).catch(() => undefined);
    // A full disk may refuse this note too: the failure is still thrown to the caller.
    await writeDurably(failureFile(), JSON.stringify(failure)).catch(() => undefined);
  }

  // The daily backup is looked at 5 minutes after start (the start's own work first), then
  // hourly; a failure is recorded by backup().
  const every = options.checkEveryMs ?? 60 * 60 * 1000;
  const check = () => {
    if (!running && session.db().open) void service.tick().catch(() => undefined);
  };
  const first = every > 0 ? setTimeout(check, Math.min(every, 5 * 60_000)) : null;
  const timer = every > 0 ? setInterval(check, every) : null;
  first?.unref();
  timer?.unref();

  const service: BackupService = {
    status,
    list() {
      return [...stored().values()]
        .sort((a, b) => b.backup.manifest.created - a.backup.manifest.created)
        .map(({ backup: { id, manifest: m }, places }) => ({
          id, created: m.created, reason: m.reason, drafts: m.drafts, items: m.counts.items ?? 0, templates: m.counts.listing_templates ?? 0,
          photos: m.photos.filter((p) => p.kind === 'images').length, bytes: m.cacheBytes + m.photos.reduce((n, p) => n + p.bytes, 0), places,
        }));
    },
    backupNow: (reason = 'manual') => backup(reason),
    async before(reason, count) {
      if (count > BULK_BACKUP_THRESHOLD) await backup(reason);
    },
    restore(id) {
      return serial(async () => {
        const found = stored().get(id);
        if (!found) throw new BackupError('not-found', `no backup ${id}`, { reason: 'backup-not-found' });
        running = true;
        try {
          // The live cache is read by the restore's worker, on a connection of its own (an
          // unreadable one: restored as after a dead disk).
          const live = join(session.folder(), CACHE_NAME);
          const prepared = await prepareRestore({ backup: found.backup, location: found.location, accountId: session.account().id }, session.folder(), existsSync(live) ? live : null, now());
          session.replaceCache((folder) => {
            swapIn(folder, prepared.path, now());
          });
          session.emit('drafts.changed', { localIds: null, reason: 'restore' });
          return prepared.carried;
        } finally {
          running = false;
          session.emit('backups.changed', { accountId: session.account().id });
        }
      });
    },
    setFolder(folder) {
      // Choosing a folder writes nothing into it: its market-desk-backups/ is made by the next
      // backup, every folder on the way checked then (create-backup.ts, real-folders.ts).
      mkdirSync(dataBackups(root), { recursive: true, mode: 0o700 });
      writeFileSync(`${settingsFile}.tmp`, JSON.stringify({ folder } satisfies z.infer<typeof Settings>), { mode: 0o600 });
      renameSync(`${settingsFile}.tmp`, settingsFile);
      return status();
    },
    exportTo(file, { all, passphrase }) {
      return serial(async () => {
        const active = session.account();
        const sources = [{ entry: active, folder: session.folder(), db: session.db() }];
        const others = all ? session.registry.accounts().filter((a) => a.id !== active.id && existsSync(join(session.registry.folderOf(a.id), 'cache.sqlite'))) : [];
        const opened: Array<{ entry: (typeof others)[number]; folder: string; db: Db }> = [];
        try {
          for (const entry of others) {
            const folder = session.registry.folderOf(entry.id);
            const cache = join(folder, 'cache.sqlite');
            // Opening migrates an older cache: as when the account itself is opened, the backup
            // before the migration comes first. Unlike opening (which must not lock the seller
            // out), an export has no reason to migrate without one: its failure fails the export.
            backupBeforeMigration(cache, { id: entry.id, name: entry.name, folder }, dataBackups(root), now());
            opened.push({ entry, folder, db: openAccountDb(cache) });
          }
          const vault = session.credentials();
          return await exportAccounts([...sources, ...opened], file, { passphrase, root, now, credentials: (id) => vault?.get(id) ?? null });
        } finally {
          for (const o of opened) o.db.close();
        }
      });
    },
    importFrom(file, passphrase) {
      return serial(() => importAccounts(file, { root, registry: session.registry, passphrase, vault: session.credentials(), now }));
    },
    dismissDamage(keptAs) {
      dismissDamage(session.folder(), keptAs, now());
      return status();
    },
    async tick() {
      const newest = [...stored().values()].reduce((n, s) => Math.max(n, s.backup.manifest.created), 0);
      if (now() - newest >= DAY_MS) await backup('daily');
    },
    close() {
      if (first) clearTimeout(first);
      if (timer) clearInterval(timer);
      services.delete(session);
    },
  };
  return service;
}

