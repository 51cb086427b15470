// Moving accounts to another computer: export one or every account to one file, import it on
// the other side. Each account travels as a fresh verified backup (create-backup.ts: a
// consistent copy while the app works) and its photos; the file is written under a temporary
// name and renamed when whole. An import is input from outside, read as a restore's backup is:
// its contents.json says what the file holds and is checked first (format, sizes its counts
// explain, photos named by their content: file-budget.ts), nothing else is unpacked until it is,
// then each cache is read as data into a cache of this app's making (adopt-cache.ts, no live
// cache: queued creates and uploads are checked with the marketplace before anything is sent)
// and its photos placed by content hash; only then are the accounts added (new ids when the
// names are taken). A password comes only from a sealed file (the seller is told it came).
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Credentials } from '../api/session.ts';
import type { Db } from '../db/open-account-db.ts';
import type { AccountEntry, AppRegistry } from '../session/accounts.ts';
import type { CredentialVault } from '../session/credential-file.ts';
import { adoptBudgetMs, adoptCache, prepareUnpacked } from './adopt-cache.ts';
import { BackupError, diskFullError, isDiskFull } from './backup-errors.ts';
import { CACHE_NAME, listStored, Manifest, photoPool } from './backup-layout.ts';
import { createBackup } from './create-backup.ts';
import { assertManifestBudget } from './file-budget.ts';
import { placePhotos } from './photo-placement.ts';
import { assertReadable } from './restore-backup.ts';
import { openTransferWriter, unpackTransfer, type PlannedEntry } from './transfer-file.ts';

/** Far above any seller's accounts; bounds the file's contents all the same. */
const MAX_ACCOUNTS = 1000;

const Contents = z.object({
  accounts: z.array(z.object({
    entry: z.object({
      id: z.string().max(100),
      name: z.string().trim().min(1).max(100),
      /** Empty for the local drafts, which are on no marketplace. */
      baseUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(500)]),
      username: z.string().max(100).optional(),
    }),
    manifest: Manifest,
    /** Only in a sealed file. */
    credentials: z.object({ username: z.string().max(100), password: z.string().max(500) }).optional(),
  })).max(MAX_ACCOUNTS),
});
type Contents = z.infer<typeof Contents>;

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
    let contents: Contents | null = null;
    const { header } = await unpackTransfer(file, temp, options.passphrase, (bytes) => {
      contents = parseContents(bytes);
      return plannedEntries(contents);
    });
    const accounts = (contents as Contents | null)?.accounts ?? [];
    // A password travels only sealed: one in a file anyone could have written is not taken.
    const sealed = header.sealed !== null;
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
      const unpacked = join(from, CACHE_NAME);
      await prepareUnpacked(unpacked, 'export');
      const restoring = join(folder, `${CACHE_NAME}.restoring`);
      await adoptCache(
        { source: unpacked, target: restoring, folder, counts: a.manifest.counts, schemaVersion: a.manifest.schemaVersion, live: null, now: now(), backupTime: a.manifest.created },
        'export', { budgetMs: adoptBudgetMs(a.manifest.cacheBytes) },
      );
      await placePhotos({ location: temp, parts: [String(i)] }, folder, a.manifest.photos, 'export');
      renameSync(restoring, join(folder, CACHE_NAME));
      const credentials = sealed && options.vault ? a.credentials : undefined;
      registered.push(() => {
        options.registry.upsert({ ...a.entry, id });
        if (credentials) options.vault?.set(id, credentials);
      });
      out.push({ id, name: a.entry.name, drafts: a.manifest.drafts, photos: a.manifest.photos.filter((p) => p.kind === 'images').length, credentials: credentials !== undefined });
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

/** The file's contents.json, checked as a whole before anything else of it is unpacked. */
function parseContents(bytes: Buffer): Contents {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupError('validation', 'this export is damaged: its contents are not JSON', { reason: 'export-damaged' });
  }
  const parsed = Contents.safeParse(json);
  if (!parsed.success) throw new BackupError('validation', 'this export is damaged: its contents are not as the app writes them', { reason: 'export-damaged' });
  for (const a of parsed.data.accounts) {
    assertReadable(a.manifest, 'export');
    assertManifestBudget(a.manifest, 'export');
  }
  return parsed.data;
}

/** Every entry after contents.json, in the order exportAccounts writes them. */
function plannedEntries(contents: Contents): PlannedEntry[] {
  return contents.accounts.flatMap(({ manifest }, i) => [
    { name: `${i}/${CACHE_NAME}`, size: manifest.cacheBytes },
    ...manifest.photos.map((p) => ({ name: `${i}/${p.kind}/${p.name}`, size: p.bytes })),
  ]);
}

/** The registry's own rule for an account's id (accounts.ts `add`): a slug of its name, numbered when taken. */
function freeId(name: string, taken: ReadonlySet<string>): string {
  const base = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'account';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}
