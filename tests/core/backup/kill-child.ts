// A child process for the SIGKILL tests: opens the app's core on a data root and backs up, or
// restores the newest backup, over and over, saying "working" once it has begun; the test kills
// it at a moment of its choosing.
import { backupServiceOf } from '../../../electron/core/backup/backup-service.ts';
import { openCoreSession } from '../../../electron/core/session/core-session.ts';
import { waitForTurn } from '../../support/child-turn.ts';

// Started ahead of its turn (tests/support/warm-child.ts): the root comes with the start, the
// mode with the turn, and nothing is opened before it.
const [root] = process.argv.slice(2) as [string];
const [mode] = (await waitForTurn()) as ['backup' | 'restore'];
const session = openCoreSession({ root });
const service = backupServiceOf(session, { checkEveryMs: 0 });
process.stdout.write('working\n');
for (;;) {
  if (mode === 'backup') await service.backupNow('manual');
  else {
    const [newest] = service.list();
    if (!newest) throw new Error('no backup to restore');
    await service.restore(newest.id);
  }
}
