// SIGKILL during a backup and during a restore (a real child process, killed at staggered
// moments): the app opens and works afterwards, and at least one good backup is there (it passes
// integrity_check and its manifest's rows per table).
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { listStored } from '../../../electron/core/backup/backup-layout.ts';
import { dataBackups } from '../../../electron/core/backup/backup-service.ts';
import { countsDiffer } from '../../../electron/core/backup/table-counts.ts';
import { verifyCacheFile } from '../../../electron/core/backup/verify.ts';
import { openCoreSession } from '../../../electron/core/session/core-session.ts';
import { insertManyDrafts } from '../../support/many-drafts.ts';
import { invokeOk, openTestCore } from '../../support/test-core.ts';
import { childTurns, type ChildTurns } from '../../support/warm-child.ts';
import { tempFolder } from '../support.ts';
import { fillShop } from './support.ts';

const CHILD = join(import.meta.dirname, 'kill-child.ts');

/** Gives the next child its turn (`mode`), waits for it to begin, lets it work `ms`, then SIGKILLs it. */
async function killDuring(turns: ChildTurns, mode: 'backup' | 'restore', ms: number): Promise<void> {
  const { process: child, exited, stderr } = turns.next([mode]);
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('working') && resolve());
    void exited.then(([code]) => reject(new Error(`the child ended (${code}) before working: ${stderr()}`)));
  });
  await new Promise((resolve) => setTimeout(resolve, ms));
  child.kill('SIGKILL');
  await exited;
  if (stderr().includes('Error')) throw new Error(stderr());
}

async function assertWorkingWithGoodBackup(root: string): Promise<void> {
  const core = openTestCore({ root });
  const db = core.session.db();
  expect(db.pragma('quick_check', { simple: true })).toBe('ok');
  expect((await invokeOk(core.bridge, 'backups.status', {})).damage).toEqual([]);
  const drafts = db.prepare(`SELECT count(*) FROM items`).pluck().get() as number;
  expect(drafts).toBeGreaterThanOrEqual(5000);
  await invokeOk(core.bridge, 'drafts.create', { fields: { title: 'Kirjoitettu tapon jälkeen' } });
  const stored = listStored(dataBackups(root), core.session.account().id);
  expect(stored.length).toBeGreaterThan(0);
  const checked = await verifyCacheFile({ path: join(stored[0]!.dir, 'cache.sqlite') });
  expect(checked.ok).toBe(true);
  if (checked.ok) expect(countsDiffer(stored[0]!.manifest.counts, checked.counts)).toBeNull();
  core.session.close();
}

describe('SIGKILL', () => {
  it('during a backup and during a restore leaves a working app and at least one good backup', async () => {
    const root = tempFolder();
    // The children (through tsx: the backup's verify worker is found beside its module) load
    // while the shop is filled and while the one before them is checked; each opens the data
    // folder only on its turn.
    const turns = childTurns(CHILD, [root], ['--import', 'tsx']);
    onTestFinished(() => turns.close());
    turns.prepare();
    const first = openTestCore({ root });
    insertManyDrafts(first.session.db(), 5000);
    await fillShop(first, 0, 2);
    await invokeOk(first.bridge, 'backups.create', {});
    first.session.close();
    for (const [mode, ms] of [['backup', 150], ['backup', 900], ['restore', 100], ['restore', 700], ['restore', 1500]] as const) {
      await killDuring(turns, mode, ms);
      await assertWorkingWithGoodBackup(root);
    }
    // The session of the test is closed: no stray connection holds the cache.
    openCoreSession({ root }).close();
  }, 300_000);
});
