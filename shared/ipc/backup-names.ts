// The bare names of the backup methods and events (spread into shared/ipc/names.ts; no zod, so
// the preload can import them).
export const BACKUP_METHOD_NAMES = [
  'backups.status',
  'backups.list',
  'backups.create',
  'backups.restore',
  'backups.setFolder',
  'backups.dismissDamage',
  'backups.export',
  'backups.import',
] as const;

export const BACKUP_EVENT_NAMES = ['backups.changed'] as const;
