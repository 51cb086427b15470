// Issue 37: what comes back from disk is input from outside. Each attack of the issue against the
// real web mode (its server, the core in its own process, uploads and typed folders as the page
// sends them): an account file that names a 0600 file as its photos, carries a password unsealed,
// sets its own key cost, brings its own trigger, or is larger than its rows; a crafted newest
// backup in the seller's folder whose photo is named `../../../../x.sh`; a link planted at the
// seller's `market-desk-backups`. Files are made small (tests/support/crafted-files.ts).
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startWebServer, type WebServer } from '../../electron/web/web-server.ts';
import { CONTENT_SECURITY_POLICY, metaPolicy } from '../../electron/window-options.ts';
import { craftCache, packExport, placeBackup, type CraftedAccount } from '../support/crafted-files.ts';
import { tempFolder } from './support.ts';

let server: WebServer;
let root: string;
/** Everything this file makes outside a test's own temporary folders. */
let scratch: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'untrusted-files-'));
  root = join(scratch, 'one', 'two', 'data');
  const rendererDir = join(scratch, 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), `<meta http-equiv="Content-Security-Policy" content="${metaPolicy(CONTENT_SECURITY_POLICY)}">`);
  server = await startWebServer({ root, rendererDir, vault: 'file', port: 0 });
}, 120_000);
afterAll(async () => {
  await server?.close();
  rmSync(scratch, { recursive: true, force: true });
});

interface Result { ok: boolean; value?: unknown; error?: { code: string; message: string; reason?: string; params?: Record<string, unknown> } }

async function ipc(method: string, input: unknown): Promise<Result> {
  const response = await fetch(`${server.origin}/ipc/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.origin, 'x-market-desk-secret': server.secret },
    body: JSON.stringify(input),
  });
  return (await response.json()) as Result;
}

/** The page's upload of a picked file (POST /upload), then backups.import of it. */
async function importFile(file: string, passphrase: string | null = null): Promise<Result> {
  const upload = await fetch(`${server.origin}/upload`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream', origin: server.origin, 'x-market-desk-secret': server.secret },
    body: readFileSync(file),
  });
  const { value } = (await upload.json()) as { value: { id: string } };
  return ipc('backups.import', { source: { kind: 'upload', id: value.id }, passphrase });
}

const accountIds = async () => ((await ipc('accounts.list', {})).value as Array<{ id: string }>).map((a) => a.id);

const shop = (id: string, cache: CraftedAccount['cache'], more: Partial<CraftedAccount> = {}): CraftedAccount => ({
  entry: { id, name: id, baseUrl: 'http://127.0.0.1:9/1.1', username: 'pekka' }, cache, ...more,
});

describe('an account file from someone else', { timeout: 120_000 }, () => {
  it('never reads the files its photos name: an image row naming a 0600 file gives no bytes of it, and an unsealed password is not taken', async () => {
    const dir = tempFolder();
    const secret = join(dir, 'shadow');
    writeFileSync(secret, 'root:$6$salaisuus$TOP-SECRET-HASH:19000:0:99999:7:::\n');
    chmodSync(secret, 0o600);
    const sha = 'a'.repeat(64);
    const cache = craftCache(join(dir, 'cache.sqlite'), (db) => {
      db.prepare(`INSERT INTO images (item_local_id, position, source_path, source_sha256, sha256, file_path, thumb_path, prep_state, created, bytes)
        VALUES (1, 0, ?, ?, ?, ?, ?, 'ready', 1, 60)`).run(secret, sha, sha, secret, secret);
      // A photo still "being prepared" whose source is the secret: resumed, it would be read and uploaded.
      db.prepare(`INSERT INTO images (item_local_id, position, source_path, prep_state, created) VALUES (1, 1, ?, 'preparing', 1)`).run(secret);
    });
    const file = join(dir, 'kauppa.mdesk');
    packExport(file, [shop('varjo', cache, { credentials: { username: 'pekka', password: 'demo-pass-1' } })]);

    const imported = await importFile(file);
    expect(imported).toMatchObject({ ok: true, value: [{ id: 'varjo', credentials: false }] });
    // No password from a file anyone could have written.
    const vault = join(root, 'credentials.json');
    expect(existsSync(vault) ? readFileSync(vault, 'utf8') : '').not.toContain('demo-pass-1');
    expect(await ipc('accounts.switch', { id: 'varjo' })).toMatchObject({ ok: true });
    onTestFinished(async () => {
      await ipc('accounts.switch', { id: 'local' });
    });
    const images = (await ipc('images.list', { localId: 1 })).value as Array<{ thumbnail: string | null; state: string }>;
    // The secret's bytes as a data URL carries them (what images.list gave before).
    expect(JSON.stringify(images)).not.toContain(readFileSync(secret).toString('base64').slice(0, 40));
    // Paths recomputed from the hash inside the account's folder; the unprepared one failed, not resumed from the secret.
    expect(images.map((i) => i.state)).toEqual(['ready', 'failed']);
    const folder = join(root, 'accounts', 'varjo');
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(join(folder, 'cache.sqlite'), { readonly: true });
    const rows = db.prepare(`SELECT file_path, thumb_path FROM images ORDER BY position`).all();
    db.close();
    expect(rows).toEqual([{ file_path: join(folder, 'images', `${sha}.jpg`), thumb_path: join(folder, 'thumbs', `${sha}.jpg`) }, { file_path: null, thumb_path: null }]);
  });

  it('brings no trigger or view of its own: the whole file is refused, with the name, and no account is added', async () => {
    const dir = tempFolder();
    const cache = craftCache(join(dir, 'cache.sqlite'), (db) => {
      db.exec(`CREATE TRIGGER takeover AFTER UPDATE ON items BEGIN UPDATE items SET note = 'TRIGGERED' WHERE local_id = new.local_id; END`);
      db.exec(`CREATE VIEW everything AS SELECT * FROM items`);
    });
    const file = join(dir, 'laukaisin.mdesk');
    packExport(file, [shop('laukaisin', cache)]);
    const before = await accountIds();
    const refused = await importFile(file);
    expect(refused).toMatchObject({ ok: false, error: { reason: 'foreign-schema' } });
    expect(['takeover', 'everything']).toContain(refused.error?.params?.name);
    expect(await accountIds()).toEqual(before);
    expect(readdirSync(root).filter((f) => f.startsWith('.import-'))).toEqual([]);
    expect(readdirSync(join(root, 'accounts')).filter((f) => f.startsWith('laukaisin'))).toEqual([]);
  });

  it('sets no key cost of its own: a sealed file naming its own scrypt cost is refused before any key is made; one of the app\'s own cost is read', async () => {
    const dir = tempFolder();
    const cache = craftCache(join(dir, 'cache.sqlite'));
    // Twice the app's cost (cheap to make here); the attack of the issue named 2^22 (4.2 GB) or p=3000.
    const own = join(dir, 'own-cost.mdesk');
    packExport(own, [shop('kallis', cache)], { passphrase: 'salainen lause', format: 1, n: 2 ** 16, r: 8, p: 1, nameCost: true });
    expect(await importFile(own, 'salainen lause')).toMatchObject({ ok: false, error: { reason: 'export-not-ours' } });
    // A file of the first format, written by an app of before, with the app's own cost: still read.
    const old = join(dir, 'format-1.mdesk');
    packExport(old, [shop('vanha', cache, { credentials: { username: 'pekka', password: 'demo-pass-1' } })], { passphrase: 'salainen lause', format: 1, n: 2 ** 15, r: 8, p: 1, nameCost: true });
    expect(await importFile(old, 'salainen lause')).toMatchObject({ ok: true, value: [{ id: 'vanha', credentials: true }] });
  });

  it('is refused before it is unpacked when its cache is larger than its rows explain', async () => {
    const dir = tempFolder();
    // One draft and a note just over the budget of a handful of rows (16 MB + 2 MB a row).
    const cache = craftCache(join(dir, 'cache.sqlite'), (db) => {
      const rows = 1 + 1; // the draft, and the bulk step that holds the note
      db.prepare(`INSERT INTO bulk_steps (kind, item_count, previous, applied, created) VALUES ('bulk-edit', 1, ?, '{}', 1)`).run('x'.repeat(16 * 1024 * 1024 + rows * 2 * 1024 * 1024));
    });
    const file = join(dir, 'suuri.mdesk');
    packExport(file, [shop('suuri', cache)]);
    expect(await importFile(file)).toMatchObject({ ok: false, error: { reason: 'file-over-budget' } });
    expect(await accountIds()).not.toContain('suuri');
  });
});

describe('a backup in the seller\'s folder', { timeout: 120_000 }, () => {
  it('whose photo is named ../../../../x.sh is refused with the name: nothing is written outside the app\'s folders, the cache is untouched', async () => {
    const folder = join(scratch, 'usb-stick');
    mkdirSync(folder, { recursive: true });
    expect(await ipc('backups.setFolder', { folder })).toMatchObject({ ok: true });
    expect(await ipc('drafts.create', { fields: { title: 'Ennen palautusta' } })).toMatchObject({ ok: true });
    expect(await ipc('backups.create', {})).toMatchObject({ ok: true });
    const dir = tempFolder();
    const crafted = craftCache(join(dir, 'cache.sqlite'));
    const name = '../../../../x.sh';
    placeBackup(join(folder, 'market-desk-backups'), 'local', '2099-01-01T00-00-00-000Z-manual', crafted, [{ kind: 'images', name, bytes: Buffer.from('#!/bin/sh\necho owned\n') }]);
    // Where the restore of the old code wrote it: the account's images folder, four folders up.
    const target = resolve(root, 'accounts', 'local', 'images', name);
    expect(existsSync(target)).toBe(false);
    const [newest] = (await ipc('backups.list', {})).value as Array<{ id: string }>;
    expect(newest?.id).toBe('2099-01-01T00-00-00-000Z-manual');
    const refused = await ipc('backups.restore', { id: newest!.id });
    expect(refused).toMatchObject({ ok: false, error: { reason: 'foreign-photo-name', params: { name } } });
    expect(existsSync(target)).toBe(false);
    const page = (await ipc('drafts.page', {})).value as { rows: Array<{ fields: { title: string } }> };
    expect(page.rows.map((r) => r.fields.title)).toContain('Ennen palautusta');
  });

  it('whose photo is a link to a 0600 file is refused: no byte of that file reaches the account', async () => {
    const folder = join(scratch, 'cloud-folder');
    mkdirSync(folder, { recursive: true });
    expect(await ipc('backups.setFolder', { folder })).toMatchObject({ ok: true });
    const dir = tempFolder();
    const secret = join(dir, 'credentials.json');
    writeFileSync(secret, '{"password":"TOP-SECRET-LINKED"}\n');
    chmodSync(secret, 0o600);
    const sha = 'b'.repeat(64);
    const name = `${sha}.jpg`;
    const crafted = craftCache(join(dir, 'cache.sqlite'), (db) => {
      db.prepare(`INSERT INTO images (item_local_id, position, source_path, source_sha256, sha256, file_path, thumb_path, prep_state, created, bytes)
        VALUES (1, 0, '/home/someone-else/kuva.jpg', ?, ?, ?, ?, 'ready', 1, 60)`).run(sha, sha, `/home/someone-else/.market-desk/x/images/${name}`, `/home/someone-else/.market-desk/x/thumbs/${name}`);
    });
    const location = join(folder, 'market-desk-backups');
    const size = readFileSync(secret).length;
    placeBackup(location, 'local', '2099-01-01T00-00-00-000Z-manual', crafted, [
      { kind: 'images', name, bytes: Buffer.alloc(size) },
      { kind: 'thumbs', name, bytes: Buffer.alloc(size) },
    ]);
    // The photo store's files are links to the secret, of the size the manifest says.
    for (const kind of ['images', 'thumbs']) {
      const stored = join(location, 'local', 'photos', kind, name);
      rmSync(stored);
      symlinkSync(secret, stored);
    }
    const refused = await ipc('backups.restore', { id: '2099-01-01T00-00-00-000Z-manual' });
    expect(refused).toMatchObject({ ok: false, error: { reason: 'backup-failed' } });
    const account = join(root, 'accounts', 'local');
    for (const kind of ['images', 'thumbs']) {
      const placed = join(account, kind, name);
      expect(existsSync(placed) ? readFileSync(placed, 'utf8') : '').not.toContain('TOP-SECRET-LINKED');
    }
    const images = (await ipc('images.list', { localId: 1 })).value;
    expect(JSON.stringify(images ?? null)).not.toContain(readFileSync(secret).toString('base64').slice(0, 20));
  });

  it('is never written through a link planted at market-desk-backups, and choosing a folder writes nothing into it', async () => {
    const chosen = join(scratch, 'synced');
    const elsewhere = join(scratch, 'elsewhere');
    mkdirSync(chosen);
    mkdirSync(elsewhere);
    expect(await ipc('backups.setFolder', { folder: chosen })).toMatchObject({ ok: true });
    expect(readdirSync(chosen)).toEqual([]);
    symlinkSync(elsewhere, join(chosen, 'market-desk-backups'));
    const status = (await ipc('backups.create', {})).value as { lastFailure: { location: string; reason?: string } | null };
    expect(status.lastFailure).toMatchObject({ location: 'folder', reason: 'folder-link' });
    expect(readdirSync(elsewhere)).toEqual([]);
  });
});
