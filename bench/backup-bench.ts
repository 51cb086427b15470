// bench:core's backup figures: an account with N drafts (default 100,000) and M prepared photos
// (default 1,000 of 1 MB, with 20 KB thumbnails: 5 GB scaled down to what a loaded machine writes
// in a minute) is backed up (the online backup, its check in a worker, the photos linked into
// the store) and then restored, each while another call (`drafts.page`, the grid's first page)
// runs in a loop. Reported: each one's time, the longest wait of that other call and the event
// loop's longest delay during it, against the same call's figures with nothing else running.
// With --backup-folder, the backup is also copied to that folder (another file system: copies).
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { backupServiceOf } from '../electron/core/backup/backup-service.ts';
import { createIpcDispatcher } from '../electron/core/ipc/dispatcher.ts';
import { coreHandlers } from '../electron/core/ipc/handlers.ts';
import { openCoreSession } from '../electron/core/session/core-session.ts';
import { insertManyDrafts } from '../tests/support/many-drafts.ts';

const round = (x: number, digits = 1) => Number(x.toFixed(digits));

async function whileRunning(bridge: ReturnType<typeof createIpcDispatcher>, work: () => Promise<unknown>) {
  const waits: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 1 });
  let done = false;
  const started = performance.now();
  loop.enable();
  const caller = (async () => {
    while (!done) {
      const t = performance.now();
      const r = await bridge.invoke('drafts.page', { sort: 'title', direction: 'asc', offset: 0, limit: 50 });
      if (!r.ok) throw new Error(r.error.message);
      waits.push(performance.now() - t);
      await sleep(5);
    }
  })();
  await work();
  const ms = performance.now() - started;
  done = true;
  await caller;
  loop.disable();
  const sorted = [...waits].sort((a, b) => a - b);
  return {
    ms: round(ms, 0),
    calls: waits.length,
    callP50Ms: round(sorted[Math.floor(sorted.length / 2)] ?? NaN),
    callMaxMs: round(sorted.at(-1) ?? NaN),
    eventLoopMaxDelayMs: round(loop.max / 1e6),
    eventLoopP99DelayMs: round(loop.percentile(99) / 1e6),
  };
}

export async function benchBackup(root: string, drafts: number, photos: number, photoKb: number, folder?: string) {
  const session = openCoreSession({ root: join(root, 'backup-app') });
  const bridge = createIpcDispatcher(coreHandlers(session, async () => undefined));
  const service = backupServiceOf(session, { checkEveryMs: 0 });
  const db = session.db();
  insertManyDrafts(db, drafts);
  const t0 = performance.now();
  const dir = session.folder();
  mkdirSync(join(dir, 'images'), { recursive: true });
  mkdirSync(join(dir, 'thumbs'), { recursive: true });
  const insert = db.prepare(
    `INSERT INTO images (item_local_id, position, source_path, source_sha256, sha256, file_path, thumb_path, width, height, bytes, prep_state, created)
     VALUES (?, 0, ?, ?, ?, ?, ?, 3000, 2000, ?, 'ready', 0)`,
  );
  const ids = db.prepare(`SELECT local_id FROM items ORDER BY local_id LIMIT ?`).pluck().all(photos) as number[];
  let photoBytes = 0;
  for (const id of ids) {
    const name = randomBytes(32).toString('hex');
    const bytes = randomBytes(photoKb * 1024);
    const file = join(dir, 'images', `${name}.jpg`);
    const thumb = join(dir, 'thumbs', `${name}.jpg`);
    writeFileSync(file, bytes);
    writeFileSync(thumb, bytes.subarray(0, 20 * 1024));
    photoBytes += bytes.length + 20 * 1024;
    insert.run(id, `/originals/${name}.jpg`, name, name, file, thumb, bytes.length);
  }
  const writeMs = performance.now() - t0;
  if (folder) service.setFolder(folder);
  await sleep(200);
  const idle = await whileRunning(bridge, () => sleep(3000));
  const backup = await whileRunning(bridge, () => service.backupNow('manual'));
  const [made] = service.list();
  const restore = await whileRunning(bridge, () => service.restore(made!.id));
  const restored = session.db().prepare(`SELECT count(*) FROM items`).pluck().get();
  service.close();
  session.close();
  return {
    drafts,
    photos,
    photoMegabytes: round(photoBytes / 1e6, 0),
    cacheMegabytes: round((made?.bytes ?? 0) / 1e6 - photoBytes / 1e6, 0),
    photosWrittenMs: round(writeMs, 0),
    sellerFolder: folder ?? null,
    places: made?.places,
    otherCallAlone: idle,
    backup,
    restore: { ...restore, restoredItems: restored },
  };
}
