// The Backups section's store against the real core through an in-memory bridge: a backup on
// request, the list and the last good backup, a restore worded with what it kept from being sent
// twice, the seller's folder (chosen in main's dialog in Electron, typed in web mode, checked by
// the core either way), and a refusal worded by the describer (a passphrase that is wrong).
import { existsSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { typedBridge } from '../../renderer/src/bridge/bridge-types.ts';
import { createBackupsStore, type BackupFiles } from '../../renderer/src/backups/backups-store.ts';
import { translate } from '../../renderer/src/i18n/translate.ts';
import { insertManyDrafts } from '../support/many-drafts.ts';
import { memoryTransport } from './memory-transport.ts';
import { invokeOk, openTestCore, tempFolder } from './support.ts';
import { fileCredentialVault } from '../../electron/core/session/credential-file.ts';
import { describeReason } from '../../renderer/src/i18n/describe-error.ts';
import '../support/catalogs-loaded.ts';

describe('the backups store', () => {
  it('backs up, lists, restores, keeps the seller\'s folder and words a refusal', async () => {
    // Electron's shape: the core takes no typed folder, only one chosen in main's dialog.
    const core = openTestCore({ typedFolders: false });
    insertManyDrafts(core.session.db(), 150);
    // What the app's backup-files.ts does through main's dialogs: the path stays with the core, the store holds handles.
    const exportFile = join(tempFolder(), 'shop.mdesk');
    const mine = tempFolder();
    const files: BackupFiles = {
      exportTarget: async () => ({ kind: 'handle', id: core.session.files.handOverTarget(exportFile) }),
      deliver: () => undefined,
      chooseFolder: async () => ({ kind: 'handle', id: core.session.files.handOverFolder(mine) }),
    };
    const store = createBackupsStore(typedBridge(memoryTransport(core.bridge, core.session)), files);
    await store.getState().load();
    expect(store.getState()).toMatchObject({ picksFolder: true, backups: [], status: { lastGood: null, lastFailure: null, folder: null } });

    // A path the window writes is refused, worded for the seller; the folder stays unset.
    await store.getState().setFolder(mine);
    expect(translate(store.getState().error!)).toBe('The backup folder must be chosen with Choose folder….');
    expect(store.getState().status?.folder).toBeNull();
    await store.getState().chooseFolder();
    expect(store.getState().error).toBeNull();
    expect(translate(store.getState().notice!)).toBe('Backups are now also copied to that folder.');
    expect(store.getState().status?.folder).toBe(mine);
    await store.getState().backupNow();
    const state = store.getState();
    expect(state.error).toBeNull();
    expect(state.notice && translate(state.notice)).toBe('Backed up and checked.');
    expect(state.backups).toHaveLength(1);
    expect(state.backups[0]).toMatchObject({ drafts: 150, reason: 'manual', places: ['data', 'folder'] });
    expect(state.status?.lastGood?.id).toBe(state.backups[0]!.id);
    expect(readdirSync(join(mine, 'market-desk-backups')).length).toBeGreaterThan(0);

    core.session.db().exec(`DELETE FROM items`);
    expect(await store.getState().restore(state.backups[0]!.id)).toBe(true);
    expect(translate(store.getState().notice!)).toBe('Restored.');
    expect(core.session.db().prepare(`SELECT count(*) FROM items`).pluck().get()).toBe(150);

    await store.getState().exportTo(false, 'oikea lause');
    expect(translate(store.getState().notice!)).toBe('Exported 1 account (150 drafts) to shop.mdesk.');
    const picked = { kind: 'handle' as const, id: core.session.files.handOver(exportFile) };
    await store.getState().importFrom(async () => picked, 'shop.mdesk', 'väärä lause');
    expect(translate(store.getState().error!)).toBe('The passphrase is wrong (or the file was changed).');
    await store.getState().importFrom(async () => picked, 'shop.mdesk', 'oikea lause');
    expect(translate(store.getState().notice!)).toBe('Added the account Local drafts.');
  }, 60_000);

  it('web mode types the folder (no dialog), and the core checks it as a chosen one: the data folder, /etc and a missing folder refused, naming the field', async () => {
    const core = openTestCore();
    const files: BackupFiles = { exportTarget: async () => ({ kind: 'download' }), deliver: () => undefined, chooseFolder: null };
    const store = createBackupsStore(typedBridge(memoryTransport(core.bridge, core.session)), files);
    await store.getState().load();
    expect(store.getState().picksFolder).toBe(false);
    for (const [folder, text] of [
      [core.root, 'The backup folder cannot be the app’s own data folder or a system folder: choose a folder of your own (a USB stick, a synced folder).'],
      ['/etc', 'The backup folder cannot be the app’s own data folder or a system folder: choose a folder of your own (a USB stick, a synced folder).'],
      [join(tempFolder(), 'not-there'), 'The backup folder does not exist: check the path.'],
    ] as const) {
      await store.getState().setFolder(folder);
      expect(translate(store.getState().error!)).toBe(text);
    }
    expect(await core.bridge.invoke('backups.setFolder', { folder: '/etc' })).toMatchObject({ ok: false, error: { code: 'folder-refused', field: 'folder', reason: 'folder-private' } });
    const mine = tempFolder();
    await store.getState().setFolder(mine);
    expect(store.getState()).toMatchObject({ error: null, status: { folder: mine } });
    await store.getState().backupNow();
    expect(existsSync(join(mine, 'market-desk-backups'))).toBe(true);
    expect(store.getState().backups[0]?.places).toEqual(['data', 'folder']);
  }, 60_000);

  it('says which accounts a sealed file brought their password for, and names a link planted in the backup folder', async () => {
    const oldRoot = tempFolder();
    const vault = fileCredentialVault(join(oldRoot, 'credentials.json'));
    const old = openTestCore({ root: oldRoot, credentials: vault });
    const shop = old.session.registry.add('Pekan kauppa', 'http://127.0.0.1:9/1.1', 'pekka');
    vault.set(shop.id, { username: 'pekka', password: 'demo-pass-1' });
    old.session.switchAccount(shop.id);
    const file = join(tempFolder(), 'kauppa.mdesk');
    await invokeOk(old.bridge, 'backups.export', { target: { kind: 'handle', id: old.session.files.handOverTarget(file) }, passphrase: 'oikea lause' });

    const root = tempFolder();
    const core = openTestCore({ root, credentials: fileCredentialVault(join(root, 'credentials.json')) });
    const files: BackupFiles = { exportTarget: async () => ({ kind: 'download' }), deliver: () => undefined, chooseFolder: null };
    const store = createBackupsStore(typedBridge(memoryTransport(core.bridge, core.session)), files);
    await store.getState().load();
    await store.getState().importFrom(async () => ({ kind: 'handle', id: core.session.files.handOver(file) }), 'kauppa.mdesk', 'oikea lause');
    expect(translate(store.getState().notice!)).toBe('Added the account Pekan kauppa. The marketplace password came with the sealed file for Pekan kauppa.');

    const mine = tempFolder();
    await store.getState().setFolder(mine);
    symlinkSync(tempFolder(), join(mine, 'market-desk-backups'));
    await store.getState().backupNow();
    const failure = store.getState().status?.lastFailure;
    expect(failure).toMatchObject({ location: 'folder', reason: 'folder-link', params: { name: 'market-desk-backups' } });
    expect(translate(describeReason(failure!.reason, failure!.params)!)).toBe('In the backup folder, “market-desk-backups” is a link to another place or another user’s folder: the app neither writes nor reads backups through it. Remove it, or choose another folder.');
  }, 60_000);
});
