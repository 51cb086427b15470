// The worker that reads a file from outside (backup/adopt-cache.ts) has a time budget, and reads
// no row larger than it takes: when the budget is spent the worker is asked to stop and stops
// itself between two SQLite calls, the restore or import is refused ('file-over-time'), and the
// core went on meanwhile; a row over the limit refuses it too ('file-over-budget'), before it is
// read. (A thread ended from outside while in a SQLite call that then fails aborts the whole
// process: a FIFO named as the cache did so here, its open failing once a writer came.)
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adoptCache } from '../../../electron/core/backup/adopt-cache.ts';
import { craftCache } from '../../support/crafted-files.ts';
import { insertManyDrafts } from '../../support/many-drafts.ts';
import { tempFolder } from '../support.ts';

describe('reading a file from outside', () => {
  it('stops at its time budget: refused as over time, nothing made, and the core is free meanwhile', async () => {
    const dir = tempFolder();
    // 20,000 drafts take seconds to adopt (rows, the search index, our indexes); the budget is one.
    const cache = craftCache(join(dir, 'cache.sqlite'), (db) => insertManyDrafts(db, 20_000));
    const target = join(dir, 'cache.sqlite.restoring');
    let turns = 0;
    const ticker = setInterval(() => turns++, 50);
    const refused = adoptCache(
      { source: cache.path, target, folder: dir, counts: cache.counts, schemaVersion: cache.schemaVersion, live: null, now: Date.now(), backupTime: 0 },
      'backup', { budgetMs: 1000 },
    );
    await expect(refused).rejects.toMatchObject({ detail: { reason: 'file-over-time', params: { seconds: 1 } } });
    clearInterval(ticker);
    // The core's thread ran on while the worker worked.
    expect(turns).toBeGreaterThan(10);
    expect(existsSync(target)).toBe(false);
  }, 60_000);

  it('never reads a row larger than it takes: the file is refused as over budget, nothing is made', async () => {
    const dir = tempFolder();
    // The app takes rows of 128 MB (ROW_MAX_BYTES): a string larger than the worker's heap would
    // end the whole process, not the worker. Here a 2 MB note against a limit of one.
    const cache = craftCache(join(dir, 'cache.sqlite'), (db) => {
      db.prepare(`INSERT INTO bulk_steps (kind, item_count, previous, applied, created) VALUES ('bulk-edit', 1, ?, '{}', 1)`).run('ä'.repeat(1024 * 1024));
    });
    const target = join(dir, 'cache.sqlite.restoring');
    const task = { source: cache.path, target, folder: dir, counts: cache.counts, schemaVersion: cache.schemaVersion, live: null, now: Date.now(), backupTime: 0 };
    await expect(adoptCache({ ...task, rowMaxBytes: 1024 * 1024 }, 'export', { budgetMs: 60_000 })).rejects.toMatchObject({ detail: { reason: 'file-over-budget' } });
    expect(existsSync(target)).toBe(false);
    // Under a limit of three it is taken.
    await expect(adoptCache({ ...task, rowMaxBytes: 3 * 1024 * 1024 }, 'export', { budgetMs: 60_000 })).resolves.toBeDefined();
  }, 60_000);
});
