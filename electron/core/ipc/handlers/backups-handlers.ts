// Backups: status, list, a backup now, restore, the seller's folder, the damaged-cache notice,
// export and import. A few lines each over backup/backup-service.ts.
import { backupServiceOf, type BackupServiceOptions } from '../../backup/backup-service.ts';
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
    'backups.setFolder': ({ folder }) => backups().setFolder(folder),
    'backups.dismissDamage': ({ keptAs }) => backups().dismissDamage(keptAs),
    'backups.export': ({ file, all, passphrase }) => backups().exportTo(file, { all, passphrase }),
    'backups.import'({ file, passphrase }) {
      return backups().importFrom(file, passphrase);
    },
  };
}
