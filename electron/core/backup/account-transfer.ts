// Moving accounts to another computer: export one or every account to one file, import it on
// the other side. Each account travels as a fresh verified backup (create-backup.ts: a
// consistent copy while the app works) and its photos; the file is written under a temporary
// name and renamed when whole. Import unpacks into a temporary folder, checks the file's
// format and each cache (integrity_check, rows per table against its manifest), and only then
// adds the accounts (new ids when the names are taken); queued creates and uploads are marked
// for reconciling with the marketplace before anything is sent (carry-forward.ts, no live cache).
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Credentials } from '../api/session.ts';
import { openAccountDb, type Db } from '../db/open-account-db.ts';
import type { AccountEntry, AppRegistry } from '../session/accounts.ts';
import type { CredentialVault } from '../session/credential-file.ts';
import { BackupError, diskFullError, isDiskFull } from './backup-errors.ts';
import { CACHE_NAME, listStored, Manifest, photoPool } from './backup-layout.ts';
import { carryForward } from './carry-forward.ts';
import { createBackup, verifyCopy } from './create-backup.ts';
import { assertReadable, movePhotoPaths } from './restore-backup.ts';
import { openTransferWriter, unpackTransfer } from './transfer-file.ts';

const Contents = z.object({
  accounts: z.array(z.object({
    entry: z.object({ id: z.string(), name: z.string(), baseUrl: z.string(), username: z.string().optional() }),
    manifest: Manifest,
    /** Only in a sealed file. */
    credentials: z.object({ username: z.string(), password: z.string() }).optional(),
  })),
});

export interface ExportSource {
  entry: AccountEntry;
  folder: string;
  db: Db;
}

export interface ExportOptions {
  passphrase: string | null;
  /** The data root: the temporary backups are made under it. */
  root: string;
  credentials?: (accountId: string) => Credentials | null;
  now?: () => number;
}

export interface ExportResult { file: string; accounts: number; drafts: number; photos: number; bytes: number }

export async function exportAccounts(sources: readonly ExportSource[], file: string, options: ExportOptions): Promise<ExportResult> {
  const now = options.now ?? Date.now;
  const temp = join(options.root, `.export-${randomUUID()}`);
  const partial = `${file}.partial`;
  let writer: Awaited<ReturnType<typeof openTransferWriter>> | null = null;
  try {
    const taken = [];
    for (const source of sources) {
      const { manifest } = await createBackup({ accountId: source.entry.id, accountName: source.entry.name, folder: source.folder, db: source.db }, { locations: [temp], reason: 'manual', now });
      const credentials = options.passphrase ? options.credentials?.(source.entry.id) ?? undefined : undefined;
      taken.push({ entry: source.entry, manifest, ...(credentials ? { credentials } : {}) });
    }
    writer = await openTransferWriter(partial, options.passphrase, now());
    await writer.addBytes('contents.json', Buffer.from(JSON.stringify({ accounts: taken })));
    let photos = 0;
    for (const [i, { entry, manifest }] of taken.entries()) {
      const [backup] = listStored(temp, entry.id);
      if (!backup) throw new BackupError('state', 'the export\'s backup is missing', { reason: 'backup-failed' });
      const cache = join(backup.dir, CACHE_NAME);
      await writer.addFile(`${i}/${CACHE_NAME}`, cache, (await stat(cache)).size);
      const pool = photoPool(temp, entry.id);
      for (const p of manifest.photos) {
        await writer.addFile(`${i}/${p.kind}/${p.name}`, join(pool, p.kind, p.name), p.bytes);
        if (p.kind === 'images') photos += 1;
      }
    }
    await writer.finish();
    writer = null;
    renameSync(partial, file);
    return { file, accounts: taken.length, drafts: taken.reduce((n, t) => n + t.manifest.drafts, 0), photos, bytes: (await stat(file)).size };
  } catch (error) {
    writer?.abort();
    rmSync(partial, { force: true });
    if (isDiskFull(error)) throw diskFullError('the export could not be written', error);
    throw error;
  } finally {
    await rm(temp, { recursive: true, force: true }).catch(() => undefined);
  }
}

export interface ImportOptions {
  root: string;
  registry: AppRegistry;
  passphrase: string | null;
  vault?: CredentialVault | null;
  now?: () => number;
}

export interface ImportedAccount { id: string; name: string; drafts: number; photos: number; credentials: boolean }

export async function importAccounts(file: string, options: ImportOptions): Promise<ImportedAccount[]> {
  const now = options.now ?? Date.now;
  const temp = join(options.root, `.import-${randomUUID()}`);
  const made: string[] = [];
  try {
    await unpackTransfer(file, temp, options.passphrase);
    const contentsFile = join(temp, 'contents.json');
    if (!existsSync(contentsFile)) throw new BackupError('validation', 'this export is damaged', { reason: 'export-damaged' });
    const parsed = Contents.safeParse(JSON.parse(readFileSync(contentsFile, 'utf8')));
    if (!parsed.success) throw new BackupError('validation', 'this export is damaged', { reason: 'export-damaged' });
    const accounts = parsed.data.accounts;
    // Everything is checked before the first account is added.
    for (const [i, a] of accounts.entries()) {
      assertReadable(a.manifest, 'export');
      await verifyCopy(join(temp, String(i), CACHE_NAME), a.manifest);
    }
    const out: ImportedAccount[] = [];
    // The registry learns of the accounts once every folder is in place.
    const registered: Array<() => void> = [];
    const taken = new Set(options.registry.accounts().map((a) => a.id));
    for (const [i, a] of accounts.entries()) {
      const id = freeId(a.entry.name, taken);
      taken.add(id);
      const folder = options.registry.folderOf(id);
      if (existsSync(folder)) rmSync(folder, { recursive: true, force: true }); // an id no account has: a leftover
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      made.push(folder);
      const from = join(temp, String(i));
      for (const kind of ['images', 'thumbs']) if (existsSync(join(from, kind))) renameSync(join(from, kind), join(folder, kind));
      const restoring = join(folder, `${CACHE_NAME}.restoring`);
      renameSync(join(from, CACHE_NAME), restoring);
      const db = openAccountDb(restoring);
      try {
        movePhotoPaths(db, a.manifest.folder, folder);
        carryForward(db, null, now(), a.manifest.created);
        db.pragma('wal_checkpoint(TRUNCATE)');
      } finally {
        db.close();
      }
      renameSync(restoring, join(folder, CACHE_NAME));
      registered.push(() => {
        options.registry.upsert({ ...a.entry, id });
        if (a.credentials && options.vault) options.vault.set(id, a.credentials);
      });
      out.push({ id, name: a.entry.name, drafts: a.manifest.drafts, photos: a.manifest.photos.filter((p) => p.kind === 'images').length, credentials: Boolean(a.credentials && options.vault) });
    }
    for (const register of registered) register();
    return out;
  } catch (error) {
    for (const folder of made) rmSync(folder, { recursive: true, force: true });
    if (isDiskFull(error)) throw diskFullError('the export could not be imported', error);
    throw error;
  } finally {
    await rm(temp, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** The registry's own rule for an account's id (accounts.ts `add`): a slug of its name, numbered when taken. */
function freeId(name: string, taken: ReadonlySet<string>): string {
  const base = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'account';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}
