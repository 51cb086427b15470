// The worker that reads a file from outside (backup/adopt-cache.ts) has a time budget, and reads
// no value larger than it takes: when it has not answered within the budget the restore or import
// is refused ('file-over-time'), the worker is ended, and the core went on meanwhile; a value over
// the limit refuses it too ('file-over-budget'), before it is read. A FIFO named as the cache stands for a read that never
// ends (its open waits for a writer that never comes); the app itself only ever hands the worker
// a regular file it copied (copyIncoming refuses anything else).
import { execFileSync } from 'node:child_process';
import { closeSync, constants, existsSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adoptCache } from '../../../electron/core/backup/adopt-cache.ts';
import { latestVersion } from '../../../electron/core/db/open-account-db.ts';
import { craftCache } from '../../support/crafted-files.ts';
import { tempFolder } from '../support.ts';

describe('reading a file from outside', () => {
  it.skipIf(process.platform === 'win32')('is ended at its time budget: refused as over time, and the core is free meanwhile', async () => {
    const dir = tempFolder();
    const fifo = join(dir, 'cache.sqlite.incoming');
    execFileSync('mkfifo', [fifo]);
    let turns = 0;
    const ticker = setInterval(() => turns++, 50);
    const refused = adoptCache(
      { source: fifo, target: join(dir, 'cache.sqlite.restoring'), folder: dir, counts: {}, schemaVersion: latestVersion(), live: null, now: Date.now(), backupTime: 0 },
      'backup', { budgetMs: 2000 },
    );
    await expect(refused).rejects.toMatchObject({ detail: { reason: 'file-over-time', params: { seconds: 2 } } });
    clearInterval(ticker);
    // The core's thread ran on while the worker waited.
    expect(turns).toBeGreaterThan(10);
    // A worker that got as far as its open of the FIFO is let out of it (a writer comes and goes),
    // and its ended thread stops; one ended while still starting never opened it (no reader: ENXIO).
    try {
      closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch (error) {
      expect((error as { code?: string }).code).toBe('ENXIO');
    }
  }, 30_000);

  it('never reads a value larger than it takes: the file is refused as over budget, nothing is made', async () => {
    const dir = tempFolder();
    // The app takes 128 MB (VALUE_MAX_BYTES): a value larger than the worker's heap would end the
    // whole process, not the worker. Here a 2 MB note against a limit of one.
    const cache = craftCache(join(dir, 'cache.sqlite'), (db) => {
      db.prepare(`INSERT INTO bulk_steps (kind, item_count, previous, applied, created) VALUES ('bulk-edit', 1, ?, '{}', 1)`).run('ä'.repeat(1024 * 1024));
    });
    const target = join(dir, 'cache.sqlite.restoring');
    const task = { source: cache.path, target, folder: dir, counts: cache.counts, schemaVersion: cache.schemaVersion, live: null, now: Date.now(), backupTime: 0 };
    await expect(adoptCache({ ...task, valueMaxBytes: 1024 * 1024 }, 'export', { budgetMs: 60_000 })).rejects.toMatchObject({ detail: { reason: 'file-over-budget' } });
    expect(existsSync(target)).toBe(false);
    // One just at the limit is taken as it is.
    await expect(adoptCache({ ...task, valueMaxBytes: 2 * 1024 * 1024 }, 'export', { budgetMs: 60_000 })).resolves.toBeDefined();
  }, 60_000);
});
