// The Backups section's store against the real core through an in-memory bridge: a backup on
// request, the list and the last good backup, a restore worded with what it kept from being sent
// twice, the seller's folder, and a refusal worded by the describer (a passphrase that is wrong).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { typedBridge } from '../../renderer/src/bridge/bridge-types.ts';
import { createBackupsStore, type BackupFiles } from '../../renderer/src/backups/backups-store.ts';
import { translate } from '../../renderer/src/i18n/translate.ts';
import { insertManyDrafts } from '../support/many-drafts.ts';
import { memoryTransport } from './memory-transport.ts';
import { openTestCore, tempFolder } from './support.ts';

describe('the backups store', () => {
  it('backs up, lists, restores, keeps the seller\'s folder and words a refusal', async () => {
    const core = openTestCore();
    insertManyDrafts(core.session.db(), 150);
    // What the app's backup-files.ts does through main's dialogs: the path stays with the core, the store holds handles.
    const exportFile = join(tempFolder(), 'shop.mdesk');
    const files: BackupFiles = { exportTarget: async () => ({ kind: 'handle', id: core.session.files.handOverTarget(exportFile) }), deliver: () => undefined };
    const store = createBackupsStore(typedBridge(memoryTransport(core.bridge, core.session)), files);
    await store.getState().load();
    expect(store.getState()).toMatchObject({ backups: [], status: { lastGood: null, lastFailure: null, folder: null } });

    const mine = tempFolder();
    await store.getState().setFolder(mine);
    await store.getState().backupNow();
    const state = store.getState();
    expect(state.error).toBeNull();
    expect(state.notice && translate(state.notice)).toBe('Backed up and checked.');
    expect(state.backups).toHaveLength(1);
    expect(state.backups[0]).toMatchObject({ drafts: 150, reason: 'manual', places: ['data', 'folder'] });
    expect(state.status?.lastGood?.id).toBe(state.backups[0]!.id);

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
});
