// A full disk during an import, a photo preparation and a backup: a clear reason (the describer
// words 'disk-full' / 'photo-disk-full'), nothing half-written, and the app works again once
// space is freed. SQLite's max_page_count stands in for a full disk under the cache; a small
// tmpfs (mounted here when the tests run as root) is a real full file system.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addImages } from '../../../electron/core/images/add-images.ts';
import { insertManyDrafts } from '../../support/many-drafts.ts';
import { afterThisTest } from '../../support/temp-folder.ts';
import { invokeOk, openTestCore } from '../../support/test-core.ts';
import { makeJpeg, tempFolder } from '../support.ts';

function canMount(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = tempFolder();
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const MOUNT = canMount();

/** A tmpfs of `megabytes` at a new folder, unmounted after the test; resize() frees or takes space. */
function smallDisk(megabytes: number): { dir: string; resize(mb: number): void } {
  const dir = tempFolder();
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0700`, 'tmpfs', dir]);
  afterThisTest(() => execFileSync('umount', ['-l', dir]));
  return { dir, resize: (mb) => execFileSync('mount', ['-o', `remount,size=${mb}m`, dir]) };
}

/** Every file under `dir` whose name says it was left half-written. */
function leftovers(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.tmp$|\.partial(\/|$)|\.restoring/.test(f));
}

describe('a full disk', () => {
  it('during an import (SQLite max_page_count): the reason disk-full, no draft of it written, and the import works once there is room', async () => {
    const core = openTestCore();
    const db = core.session.db();
    insertManyDrafts(db, 100);
    const rows = Array.from({ length: 3000 }, (_, i) => `Tuote ${i},${'kuvaus '.repeat(20)},${(i % 90) + 1}.50`).join('\n');
    const text = `title,description,buyNowPrice\n${rows}\n`;
    const pages = db.pragma('page_count', { simple: true }) as number;
    db.pragma(`max_page_count = ${pages + 20}`);
    const refused = await core.bridge.invoke('csv.import', { text });
    if (refused.ok) throw new Error(JSON.stringify(refused.value).slice(0, 500));
    expect(refused).toMatchObject({ ok: false, error: { code: 'state', reason: 'disk-full' } });
    expect(db.prepare(`SELECT count(*) FROM items`).pluck().get()).toBe(100);
    expect(db.prepare(`SELECT count(*) FROM bulk_steps`).pluck().get()).toBe(0);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.pragma('max_page_count = 1073741823');
    expect(await invokeOk(core.bridge, 'csv.import', { text })).toMatchObject({ imported: 3000 });
  });

  it.skipIf(!MOUNT)('during a backup to the seller\'s folder (a 1 MB tmpfs): said in the status, nothing half-written there, and the next backup after space is freed succeeds', async () => {
    const core = openTestCore();
    insertManyDrafts(core.session.db(), 3000);
    const disk = smallDisk(1);
    await invokeOk(core.bridge, 'backups.setFolder', { folder: disk.dir });
    const status = await invokeOk(core.bridge, 'backups.create', {});
    expect(status.lastGood?.places).toEqual(['data']);
    expect(status.lastFailure).toMatchObject({ reason: 'disk-full', location: 'folder' });
    expect(leftovers(disk.dir)).toEqual([]);
    disk.resize(64);
    const again = await invokeOk(core.bridge, 'backups.create', {});
    expect(again.lastFailure).toBeNull();
    expect(again.lastGood?.places).toEqual(['data', 'folder']);
  }, 60_000);

  it.skipIf(!MOUNT)('under the data folder (a small tmpfs): photo preparation and the backup fail with their reasons, nothing half-written, and both work once space is freed', async () => {
    const disk = smallDisk(24);
    const core = openTestCore({ root: disk.dir });
    insertManyDrafts(core.session.db(), 2000);
    const localId = core.session.db().prepare(`SELECT min(local_id) FROM items`).pluck().get() as number;
    const originals = tempFolder();
    const photo = join(originals, 'big.jpg');
    writeFileSync(photo, await makeJpeg(3000, 2000, { seed: 3 }));
    // Fill the disk but for a little.
    const filler = join(disk.dir, 'filler');
    mkdirSync(filler);
    let n = 0;
    for (const size of [1 << 20, 1 << 14]) {
      for (;;) {
        try {
          writeFileSync(join(filler, `f${n++}`), Buffer.alloc(size, 1));
        } catch {
          rmSync(join(filler, `f${n - 1}`), { force: true });
          break;
        }
      }
    }
    // 64 KB left: room for the cache's next pages, not for a prepared photo.
    for (let i = 0; i < 4; i++) rmSync(join(filler, `f${n - 2 - i}`), { force: true });
    const [failed] = await addImages(core.session.db(), { itemLocalId: localId, files: [photo], folder: core.session.folder() });
    expect(failed).toMatchObject({ outcome: 'failed', issue: { rule: 'photo-disk-full' } });
    const backup = await core.bridge.invoke('backups.create', {});
    expect(backup).toMatchObject({ ok: false, error: { reason: 'disk-full' } });
    expect((await invokeOk(core.bridge, 'backups.status', {})).lastFailure).toMatchObject({ reason: 'disk-full' });
    expect(leftovers(disk.dir)).toEqual([]);

    rmSync(filler, { recursive: true });
    // The seller removes the failed photo (its ✕) and adds it again.
    await invokeOk(core.bridge, 'images.remove', { imageId: failed!.imageId! });
    const [added] = await addImages(core.session.db(), { itemLocalId: localId, files: [photo], folder: core.session.folder() });
    expect(added, JSON.stringify(added)).toMatchObject({ outcome: 'added' });
    const status = await invokeOk(core.bridge, 'backups.create', {});
    expect(status.lastFailure).toBeNull();
    expect((await invokeOk(core.bridge, 'backups.list', {}))[0]).toMatchObject({ photos: 1, drafts: 2000 });
  }, 120_000);
});
