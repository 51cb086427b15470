// Moving a shop to another computer: one file, imported into another data folder, the same rows
// and photos; sealed with a passphrase (the password travels only then); a newer file refused.
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listStored } from '../../../electron/core/backup/backup-layout.ts';
import { dataBackups } from '../../../electron/core/backup/backup-service.ts';
import { TRANSFER_FORMAT } from '../../../electron/core/backup/transfer-file.ts';
import { MIGRATIONS } from '../../../electron/core/db/migrations.ts';
import { openAccountDb } from '../../../electron/core/db/open-account-db.ts';
import { insertPlainDrafts } from '../../support/many-drafts.ts';
import { fileCredentialVault } from '../../../electron/core/session/credential-file.ts';
import { invokeOk, openTestCore, type TestCore } from '../../support/test-core.ts';
import { tempFolder } from '../support.ts';
import { fillShop, shopRows } from './support.ts';

/** What main does with the seller's save dialog and open dialog: the path stays in the core, the window gets a handle. */
const saveTo = (core: TestCore, file: string) => ({ kind: 'handle' as const, id: core.session.files.handOverTarget(file) });
const picked = (core: TestCore, file: string) => ({ kind: 'handle' as const, id: core.session.files.handOver(file) });

describe('moving accounts to another computer', () => {
  it('an exported account imported elsewhere has the same drafts, templates, notes, canned answers and photos: every table row for row', async () => {
    const oldRoot = tempFolder();
    const vault = fileCredentialVault(join(oldRoot, 'credentials.json'));
    const old = openTestCore({ root: oldRoot, credentials: vault });
    const shop = old.session.registry.add('Pekan kauppa', 'http://127.0.0.1:9/1.1', 'pekka');
    vault.set(shop.id, { username: 'pekka', password: 'demo-pass-1' });
    old.session.switchAccount(shop.id);
    // A queued create: on the new computer it is checked with the marketplace before it is sent.
    await invokeOk(old.bridge, 'drafts.create', { fields: { title: 'Jonossa', saleMethod: 'buy-now', buyNowPrice: 5 } });
    await fillShop(old);
    const before = shopRows(old.session.db(), old.session.folder(), ['request_log', 'sync_marks', 'sync_cursors']);
    const file = join(tempFolder(), 'kauppa.mdesk');
    const exported = await invokeOk(old.bridge, 'backups.export', { target: saveTo(old, file), passphrase: 'salainen lause' });
    expect(exported).toMatchObject({ accounts: 1, photos: 3 });
    // Sealed: nothing of the shop is readable in the file.
    expect(readFileSync(file).includes(Buffer.from('Pöydät'))).toBe(false);
    expect(readFileSync(file).includes(Buffer.from('demo-pass-1'))).toBe(false);

    const newRoot = tempFolder();
    const newVault = fileCredentialVault(join(newRoot, 'credentials.json'));
    const fresh = openTestCore({ root: newRoot, credentials: newVault });
    const wrong = await fresh.bridge.invoke('backups.import', { source: picked(fresh, file), passphrase: 'väärä lause' });
    expect(wrong).toMatchObject({ ok: false, error: { reason: 'export-passphrase' } });
    expect(fresh.session.registry.accounts().map((a) => a.id)).toEqual(['local']);

    const [imported] = await invokeOk(fresh.bridge, 'backups.import', { source: picked(fresh, file), passphrase: 'salainen lause' });
    expect(imported).toMatchObject({ id: 'pekan-kauppa', name: 'Pekan kauppa', drafts: 202, photos: 3, credentials: true });
    expect(newVault.get('pekan-kauppa')).toEqual({ username: 'pekka', password: 'demo-pass-1' });
    fresh.session.switchAccount('pekan-kauppa');
    const after = shopRows(fresh.session.db(), fresh.session.folder(), ['request_log', 'sync_marks', 'sync_cursors']);
    // Every table row for row; items differ only in the queued create's state (outcome unknown).
    const strip = (rows: Record<string, unknown[]>) => ({ ...rows, items: rows.items?.map((r) => ({ ...(r as object), sync_state: null })) });
    expect(strip(after)).toEqual(strip(before));
    const queued = fresh.session.db().prepare(`SELECT sync_state FROM items WHERE title = 'Jonossa'`).pluck().get();
    expect(queued).toBe('outcome-unknown');
    for (const row of fresh.session.db().prepare(`SELECT file_path, thumb_path FROM images`).all() as Array<{ file_path: string; thumb_path: string }>) {
      expect(row.file_path.startsWith(fresh.session.folder())).toBe(true);
      expect(existsSync(row.file_path) && existsSync(row.thumb_path)).toBe(true);
    }
  }, 120_000);

  it('without a passphrase no password is in the file; a file from a newer app is refused with its version', async () => {
    const old = openTestCore();
    await invokeOk(old.bridge, 'drafts.create', { fields: { title: 'Yksi' } });
    const file = join(tempFolder(), 'all.mdesk');
    expect(await invokeOk(old.bridge, 'backups.export', { target: saveTo(old, file), all: true })).toMatchObject({ accounts: 1, drafts: 1 });
    const fresh = openTestCore();
    const [imported] = await invokeOk(fresh.bridge, 'backups.import', { source: picked(fresh, file) });
    expect(imported).toMatchObject({ id: 'local-drafts', credentials: false, drafts: 1 });

    // The same file with its header saying the next format.
    const bytes = readFileSync(file);
    const length = bytes.readUInt32BE(8);
    const header = JSON.parse(bytes.subarray(12, 12 + length).toString('utf8')) as { format: number };
    const newer = Buffer.from(JSON.stringify({ ...header, format: TRANSFER_FORMAT + 1 }));
    const size = Buffer.alloc(4);
    size.writeUInt32BE(newer.length);
    const newerFile = join(tempFolder(), 'newer.mdesk');
    writeFileSync(newerFile, Buffer.concat([bytes.subarray(0, 8), size, newer, bytes.subarray(12 + length)]));
    expect(await fresh.bridge.invoke('backups.import', { source: picked(fresh, newerFile) })).toMatchObject({ ok: false, error: { code: 'state', reason: 'export-newer' } });
    const notOurs = join(tempFolder(), 'photo.jpg');
    writeFileSync(notOurs, 'not an export at all');
    expect(await fresh.bridge.invoke('backups.import', { source: picked(fresh, notOurs) })).toMatchObject({ ok: false, error: { reason: 'export-not-ours' } });
    expect(fresh.session.registry.accounts()).toHaveLength(2);
  }, 60_000);

  it('"Export all" backs up another account\'s older cache before migrating it, as opening that account does', async () => {
    const core = openTestCore();
    await invokeOk(core.bridge, 'drafts.create', { fields: { title: 'Avoinna' } });
    const other = core.session.registry.add('Vanha kauppa', 'http://127.0.0.1:9/1.1', 'anna');
    const folder = core.session.registry.folderOf(other.id);
    mkdirSync(folder, { recursive: true });
    const previous = MIGRATIONS.at(-2)!.version;
    const old = openAccountDb(join(folder, 'cache.sqlite'), { upTo: previous });
    insertPlainDrafts(old, 30);
    old.close();

    const file = join(tempFolder(), 'all.mdesk');
    expect(await invokeOk(core.bridge, 'backups.export', { target: saveTo(core, file), all: true })).toMatchObject({ accounts: 2, drafts: 31 });
    // The other account's cache was migrated for the export, after a backup of it as it was.
    const [backup] = listStored(dataBackups(core.root), other.id);
    expect(backup?.manifest).toMatchObject({ reason: 'before-migration', schemaVersion: previous, drafts: 30 });
    const copy = new Database(join(backup!.dir, 'cache.sqlite'), { readonly: true });
    expect(copy.pragma('user_version', { simple: true })).toBe(previous);
    copy.close();
    const migrated = new Database(join(folder, 'cache.sqlite'), { readonly: true });
    expect(migrated.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version);
    migrated.close();
    // A second export finds it migrated: no second backup.
    await invokeOk(core.bridge, 'backups.export', { target: saveTo(core, file), all: true });
    expect(listStored(dataBackups(core.root), other.id)).toHaveLength(1);
  }, 60_000);
});
