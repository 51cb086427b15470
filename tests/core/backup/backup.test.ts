// Backups over real files: the online backup while the app works, its verification, rotation,
// restore through the contract, the damaged cache set aside at start, the backup before a
// migration and the hooks before a bulk delete.
import Database from 'better-sqlite3';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listStored, rotationKeeps, type StoredBackup } from '../../../electron/core/backup/backup-layout.ts';
import { dataBackups } from '../../../electron/core/backup/backup-service.ts';
import { openAccountDb } from '../../../electron/core/db/open-account-db.ts';
import { MIGRATIONS } from '../../../electron/core/db/migrations.ts';
import { insertManyDrafts, insertPlainDrafts } from '../../support/many-drafts.ts';
import { invokeOk, openTestCore } from '../../support/test-core.ts';
import { tempFolder } from '../support.ts';
import { fillShop, shopRows } from './support.ts';

describe('backups', () => {
  it('a backup taken while 10,000 drafts are being bulk-edited restores to a consistent state', async () => {
    const core = openTestCore();
    const db = core.session.db();
    insertManyDrafts(db, 10_000);
    const ids = db.prepare(`SELECT local_id FROM items ORDER BY local_id`).pluck().all() as number[];
    // The app's bulk edit (drafts.bulkEdit): a long write in slices on a connection of its own,
    // committed while the backup copies the cache on the session's.
    const bulkEdit = (note: string) => invokeOk(core.bridge, 'drafts.bulkEdit', { localIds: ids, changes: { note } });
    const createBackup = () => invokeOk(core.bridge, 'backups.create', {});
    let round = 0;
    let editing = true;
    let duringBackup = 0;
    let backingUp = false;
    const editor = (async () => {
      while (editing) {
        round += 1;
        await bulkEdit(`round ${round}`);
        // Committed while the backup ran (in the writer thread, at any moment of it).
        if (backingUp) duringBackup += 1;
      }
    })();
    // The backups are taken while the edits commit, until one committed during a backup (the
    // copy, of one read transaction, takes a fraction of an edit's time: a few are tried).
    let status: Awaited<ReturnType<typeof createBackup>> | null = null;
    for (let tries = 0; tries < 20 && duringBackup === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20 * tries));
      backingUp = true;
      status = await createBackup();
      backingUp = false;
    }
    editing = false;
    await editor;
    expect(duringBackup).toBeGreaterThan(0);
    if (!status) throw new Error('no backup was taken');
    expect(status.lastGood).not.toBeNull();
    expect(status.lastFailure).toBeNull();
    const [entry] = await invokeOk(core.bridge, 'backups.list', {});
    expect(entry).toMatchObject({ reason: 'manual', drafts: 10_000, places: ['data'] });

    await bulkEdit('after the backup');
    const carried = await invokeOk(core.bridge, 'backups.restore', { id: entry!.id });
    expect(carried).toEqual({ alreadySent: 0, toReconcile: 0, adopted: 0 });
    const restored = core.session.db();
    expect(restored.pragma('integrity_check', { simple: true })).toBe('ok');
    // One bulk edit's state for every draft: the backup is of one moment, between transactions.
    const notes = restored.prepare(`SELECT note, count(*) AS n FROM items GROUP BY note`).all() as Array<{ note: string; n: number }>;
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ n: 10_000 });
    expect(notes[0]!.note).toMatch(/^round \d+$/);
    const steps = restored.prepare(`SELECT count(*) FROM bulk_steps`).pluck().get() as number;
    expect(`round ${steps}`).toBe(notes[0]!.note);
    // The cache it replaced is kept beside it.
    expect(readdirSync(core.session.folder()).filter((f) => f.startsWith('cache.sqlite.before-restore-'))).toHaveLength(1);
  }, 120_000);

  it('keeps the shop row for row with its photos, verified, in the data folder and the seller\'s folder', async () => {
    const core = openTestCore();
    await fillShop(core);
    const mine = tempFolder();
    await invokeOk(core.bridge, 'backups.setFolder', { folder: mine });
    const before = shopRows(core.session.db(), core.session.folder());
    const status = await invokeOk(core.bridge, 'backups.create', {});
    expect(status.lastGood?.places).toEqual(['data', 'folder']);
    const [entry] = await invokeOk(core.bridge, 'backups.list', {});
    expect(entry, JSON.stringify(entry)).toMatchObject({ drafts: 201, templates: 2, photos: 3, places: ['data', 'folder'] });

    // Photos in the data folder's store are hard links of the prepared files (no second copy).
    const account = core.session.account().id;
    const stored = listStored(dataBackups(core.root), account)[0]!;
    const photo = stored.manifest.photos.find((p) => p.kind === 'images')!;
    expect(statSync(join(dataBackups(core.root), account, 'photos', 'images', photo.name)).nlink).toBeGreaterThan(1);
    expect(existsSync(join(mine, 'market-desk-backups', account, 'photos', 'images', photo.name))).toBe(true);

    // Everything lost: drafts deleted, templates gone, photo files removed.
    const db = core.session.db();
    db.exec(`DELETE FROM listing_templates; DELETE FROM canned_answers; DELETE FROM images; DELETE FROM items;`);
    for (const kind of ['images', 'thumbs']) for (const f of readdirSync(join(core.session.folder(), kind))) (await import('node:fs')).rmSync(join(core.session.folder(), kind, f));
    await invokeOk(core.bridge, 'backups.restore', { id: entry!.id });
    const after = shopRows(core.session.db(), core.session.folder());
    expect(after).toEqual(before);
    for (const row of core.session.db().prepare(`SELECT file_path, thumb_path FROM images`).all() as Array<{ file_path: string; thumb_path: string }>) {
      expect(existsSync(row.file_path) && existsSync(row.thumb_path)).toBe(true);
    }
  }, 120_000);

  it('checks the seller\'s folder again at each backup: one unplugged or turned into a link gets no copy, and the failure says why', async () => {
    const core = openTestCore();
    insertManyDrafts(core.session.db(), 20);
    const stick = join(tempFolder(), 'USB-STICK');
    mkdirSync(stick);
    await invokeOk(core.bridge, 'backups.setFolder', { folder: stick });
    expect((await invokeOk(core.bridge, 'backups.create', {})).lastGood?.places).toEqual(['data', 'folder']);

    // Unplugged: the mount point's folder is gone. The data folder's backup is still made; nothing
    // is written where the stick was (no folder made again there).
    rmSync(stick, { recursive: true });
    const unplugged = await invokeOk(core.bridge, 'backups.create', {});
    expect(unplugged.lastGood?.places).toEqual(['data']);
    expect(unplugged.lastFailure).toMatchObject({ location: 'folder', reason: 'folder-gone' });
    expect(existsSync(stick)).toBe(false);

    // Turned into a link to a system place: refused as when chosen.
    symlinkSync('/etc', stick);
    const linked = await invokeOk(core.bridge, 'backups.create', {});
    expect(linked.lastGood?.places).toEqual(['data']);
    expect(linked.lastFailure).toMatchObject({ location: 'folder', reason: 'folder-private' });

    // Plugged in again: copied there again, the failure made good.
    rmSync(stick);
    mkdirSync(stick);
    const back = await invokeOk(core.bridge, 'backups.create', {});
    expect(back.lastGood?.places).toEqual(['data', 'folder']);
    expect(back.lastFailure).toBeNull();
    expect(listStored(join(stick, 'market-desk-backups'), core.session.account().id)).toHaveLength(1);
  }, 60_000);

  it('rotation keeps 7 daily, 4 weekly and the 5 newest', () => {
    const day = 86_400_000;
    const start = Date.UTC(2026, 0, 5);
    const backups: StoredBackup[] = [];
    for (let d = 0; d < 60; d++) for (let k = 0; k < 2; k++) {
      const created = start + d * day + k * 3_600_000;
      backups.push({ id: `b${d}-${k}`, dir: '', manifest: { created } as StoredBackup['manifest'] });
    }
    const keep = rotationKeeps(backups);
    // The 5 newest (both of days 59 and 58, the later of 57), the newest of each of days 53..59,
    // and of each of the 4 last weeks (day 0 is a Monday: weeks end on days 55, 48, 41).
    expect([...keep].sort()).toEqual(['b59-0', 'b59-1', 'b58-0', 'b58-1', 'b57-1', 'b56-1', 'b55-1', 'b54-1', 'b53-1', 'b48-1', 'b41-1'].sort());
  });

  it('a daily backup is taken when the newest is a day old, and only then', async () => {
    let now = Date.UTC(2026, 10, 20, 9);
    const core = openTestCore();
    const { backupServiceOf } = await import('../../../electron/core/backup/backup-service.ts');
    backupServiceOf(core.session).close();
    const service = backupServiceOf(core.session, { now: () => now, checkEveryMs: 0 });
    insertManyDrafts(core.session.db(), 10);
    await service.tick();
    now += 3_600_000;
    await service.tick();
    expect(service.list().map((b) => b.reason)).toEqual(['daily']);
    now += 24 * 3_600_000;
    await service.tick();
    expect(service.list().map((b) => b.reason)).toEqual(['daily', 'daily']);
  });

  it('a bulk delete of more than 100 drafts is backed up first; of 100 it is not', async () => {
    const core = openTestCore();
    insertManyDrafts(core.session.db(), 300);
    const ids = core.session.db().prepare(`SELECT local_id FROM items ORDER BY local_id`).pluck().all() as number[];
    await invokeOk(core.bridge, 'drafts.runAction', { action: 'delete', target: { localIds: ids.slice(0, 100) } });
    expect(await invokeOk(core.bridge, 'backups.list', {})).toEqual([]);
    await invokeOk(core.bridge, 'drafts.runAction', { action: 'delete', target: { localIds: ids.slice(100) } });
    const [backup] = await invokeOk(core.bridge, 'backups.list', {});
    expect(backup).toMatchObject({ reason: 'before-bulk-delete', drafts: 200 });
  });

  it('a corrupted cache (bytes overwritten in the middle) is found at start, set aside, and the latest good backup restores it', async () => {
    const root = tempFolder();
    const first = openTestCore({ root });
    insertManyDrafts(first.session.db(), 3000);
    await invokeOk(first.bridge, 'backups.create', {});
    const folder = first.session.folder();
    first.session.close();
    const cache = join(folder, 'cache.sqlite');
    const size = statSync(cache).size;
    const fd = openSync(cache, 'r+');
    const junk = Buffer.alloc(64 * 1024);
    for (let i = 0; i < junk.length; i++) junk[i] = (i * 131 + 17) & 0xff;
    writeSync(fd, junk, 0, junk.length, Math.floor(size / 2 / 4096) * 4096);
    closeSync(fd);

    const second = openTestCore({ root });
    const status = await invokeOk(second.bridge, 'backups.status', {});
    expect(status.damage).toHaveLength(1);
    const keptAs = status.damage[0]!.keptAs;
    expect(readFileSync(join(folder, keptAs)).subarray(Math.floor(size / 2 / 4096) * 4096, Math.floor(size / 2 / 4096) * 4096 + 16)).toEqual(junk.subarray(0, 16));
    expect(second.session.db().prepare(`SELECT count(*) FROM items`).pluck().get()).toBe(0);
    expect(status.lastGood).not.toBeNull();
    await invokeOk(second.bridge, 'backups.restore', { id: status.lastGood!.id });
    expect(second.session.db().prepare(`SELECT count(*) FROM items`).pluck().get()).toBe(3000);
    expect((await invokeOk(second.bridge, 'backups.dismissDamage', { keptAs })).damage).toEqual([]);
    expect(existsSync(join(folder, keptAs))).toBe(true);
  });

  it('a cache one schema step behind is backed up before its migration runs', async () => {
    const root = tempFolder();
    const folder = join(root, 'accounts', 'local');
    (await import('node:fs')).mkdirSync(folder, { recursive: true });
    const old = openAccountDb(join(folder, 'cache.sqlite'), { upTo: MIGRATIONS.at(-2)!.version });
    insertPlainDrafts(old, 50);
    old.close();
    const core = openTestCore({ root });
    const [backup] = await invokeOk(core.bridge, 'backups.list', {});
    expect(backup).toMatchObject({ reason: 'before-migration', drafts: 50 });
    const stored = listStored(dataBackups(root), 'local')[0]!;
    expect(stored.manifest.schemaVersion).toBe(MIGRATIONS.at(-2)!.version);
    const copy = new Database(join(stored.dir, 'cache.sqlite'), { readonly: true });
    expect(copy.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-2)!.version);
    copy.close();
  });
});
