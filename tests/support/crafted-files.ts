// Files an attacker hands the seller, made small: an account cache with whatever rows and schema
// objects a test wants, and the export file (`MDESKEXP`) or backup folder around it, written
// byte by byte here (not by the app's writer), so a test can say anything the format lets a file
// say: its own key cost, credentials in a file that is not sealed, a photo named `../x.sh`.
import { createCipheriv, randomBytes, scryptSync } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { openAccountDb, type Db } from '../../electron/core/db/open-account-db.ts';
import { draftCount, tableCounts } from '../../electron/core/backup/table-counts.ts';

export interface CraftedCache {
  path: string;
  counts: Record<string, number>;
  drafts: number;
  schemaVersion: number;
  cacheBytes: number;
}

/** A cache of this app's schema with one draft (local id 1), changed by `tamper`, made one file. */
export function craftCache(path: string, tamper: (db: Db) => void = () => {}): CraftedCache {
  mkdirSync(dirname(path), { recursive: true });
  const db = openAccountDb(path);
  db.prepare(`INSERT INTO items (title, status, sync_state, created, updated) VALUES ('Tammipöytä', 'draft', 'local-only', 1, 1)`).run();
  tamper(db);
  const counts = tableCounts(db);
  const drafts = draftCount(db);
  const schemaVersion = db.pragma('user_version', { simple: true }) as number;
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.pragma('journal_mode = DELETE');
  db.close();
  return { path, counts, drafts, schemaVersion, cacheBytes: statSync(path).size };
}

export function manifestOf(cache: CraftedCache, accountId: string, photos: Array<{ kind: 'images' | 'thumbs'; name: string; bytes: number }> = []) {
  return {
    format: 1, accountId, accountName: accountId, created: Date.parse('2026-03-01T10:00:00Z'), reason: 'manual',
    schemaVersion: cache.schemaVersion, counts: cache.counts, drafts: cache.drafts, cacheBytes: cache.cacheBytes,
    folder: '/home/someone-else/.market-desk/x', photos,
  };
}

export interface CraftedAccount {
  entry: { id: string; name: string; baseUrl: string; username?: string };
  cache: CraftedCache;
  photos?: Array<{ kind: 'images' | 'thumbs'; name: string; bytes: Buffer }>;
  credentials?: { username: string; password: string };
}

export interface Seal {
  passphrase: string;
  /** The header's format: 1 named scrypt's cost in the header, later formats do not. */
  format: number;
  n: number;
  r: number;
  p: number;
  /** Write n/r/p into the header (format 1 did). */
  nameCost: boolean;
}

function entry(name: string, bytes: Buffer): Buffer {
  const nameBytes = Buffer.from(name);
  const head = Buffer.alloc(12 + nameBytes.length);
  head.writeUInt32BE(nameBytes.length, 0);
  nameBytes.copy(head, 4);
  head.writeBigUInt64BE(BigInt(bytes.length), 4 + nameBytes.length);
  return Buffer.concat([head, bytes]);
}

/** An export file with these accounts, in the app's entry order; sealed when `seal` is given. */
export function packExport(file: string, accounts: readonly CraftedAccount[], seal: Seal | null = null, format = 1): void {
  const contents = {
    accounts: accounts.map((a) => ({
      entry: a.entry,
      manifest: manifestOf(a.cache, a.entry.id, (a.photos ?? []).map((p) => ({ kind: p.kind, name: p.name, bytes: p.bytes.length }))),
      ...(a.credentials ? { credentials: a.credentials } : {}),
    })),
  };
  const parts = [entry('contents.json', Buffer.from(JSON.stringify(contents)))];
  for (const [i, a] of accounts.entries()) {
    parts.push(entry(`${i}/cache.sqlite`, readFileSync(a.cache.path)));
    for (const p of a.photos ?? []) parts.push(entry(`${i}/${p.kind}/${p.name}`, p.bytes));
  }
  let body = Buffer.concat(parts);
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const sealed = seal ? { kdf: 'scrypt', salt: salt.toString('base64'), ...(seal.nameCost ? { n: seal.n, r: seal.r, p: seal.p } : {}), iv: iv.toString('base64') } : null;
  const header = Buffer.from(JSON.stringify({ format: seal?.format ?? format, created: Date.now(), sealed }));
  if (seal) {
    const key = scryptSync(seal.passphrase.normalize('NFC'), salt, 32, { N: seal.n, r: seal.r, p: seal.p, maxmem: 256 * seal.n * seal.r });
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(header);
    body = Buffer.concat([cipher.update(body), cipher.final(), cipher.getAuthTag()]);
  }
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, Buffer.concat([Buffer.from('MDESKEXP'), length, header, body]));
}

/** A backup folder `<location>/<account>/<id>/` with this cache and manifest (photos named as given, placed in the location's store). */
export function placeBackup(location: string, accountId: string, id: string, cache: CraftedCache, photos: Array<{ kind: 'images' | 'thumbs'; name: string; bytes: Buffer }> = []): string {
  const dir = join(location, accountId, id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'cache.sqlite'), readFileSync(cache.path));
  for (const p of photos) {
    const to = join(location, accountId, 'photos', p.kind, p.name);
    mkdirSync(dirname(to), { recursive: true });
    writeFileSync(to, p.bytes);
  }
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...manifestOf(cache, accountId, photos.map((p) => ({ kind: p.kind, name: p.name, bytes: p.bytes.length }))), created: Date.parse('2099-01-01T00:00:00Z') }));
  return dir;
}
