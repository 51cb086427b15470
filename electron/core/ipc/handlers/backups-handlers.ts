// Backups: status, list, a backup now, restore, the seller's folder, the damaged-cache notice,
// export and import. A few lines each over backup/backup-service.ts.
import { backupServiceOf, type BackupServiceOptions } from '../../backup/backup-service.ts';
import { exportTarget, withImportSource } from '../../backup/transfer-files.ts';
import type { CoreSession } from '../../session/core-session.ts';
import type { HandlerMap } from '../handler-types.ts';

type BackupsMethod = 'backups.status' | 'backups.list' | 'backups.create' | 'backups.restore' | 'backups.setFolder' | 'backups.dismissDamage' | 'backups.export' | 'backups.import';

export function backupsHandlers(session: CoreSession, options?: BackupServiceOptions): HandlerMap<BackupsMethod> {
  const backups = () => backupServiceOf(session, options);
  // Made now: its timer takes the daily backup.
  backups();
  return {
    'backups.status': () => backups().status(),
    'backups.list': () => backups().list(),
    'backups.create': () => backups().backupNow('manual'),
    'backups.restore': ({ id }) => backups().restore(id),
    // By the seller's hand: a folder chosen in main's dialog (a handle), or typed in web mode; checked either way.
    'backups.setFolder': async ({ folder }) => backups().setFolder(folder === null ? null : await session.files.resolveFolder(folder)),
    'backups.dismissDamage': ({ keptAs }) => backups().dismissDamage(keptAs),
    async 'backups.export'({ target, all, passphrase }) {
      const to = await exportTarget(session.files, session.root, target);
      const result = await backups().exportTo(to.path, { all, passphrase });
      return { ...result, file: to.name, download: to.download };
    },
    async 'backups.import'({ source, name, passphrase }) {
      const imported = await withImportSource(session.files, source, name, (file) => backups().importFrom(file, passphrase));
      // The Accounts screen lists them at once (it listed them only after a reload).
      session.emit('accounts.changed', { accountIds: imported.map((a) => a.id) });
      return imported;
    },
  };
}
