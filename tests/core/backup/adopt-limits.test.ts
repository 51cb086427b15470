// The worker that reads a file from outside (backup/adopt-cache.ts) has a time budget: when it has
// not answered within it, the restore or import is refused ('file-over-time'), the worker is
// ended, and the core went on meanwhile. A FIFO named as the cache stands for a read that never
// ends (its open waits for a writer that never comes); the app itself only ever hands the worker
// a regular file it copied (copyIncoming refuses anything else).
import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adoptCache } from '../../../electron/core/backup/adopt-cache.ts';
import { latestVersion } from '../../../electron/core/db/open-account-db.ts';
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
});
