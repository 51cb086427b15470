// The names of the IPC contract without its schemas: the preload (which runs sandboxed and
// should load no validation library) allows exactly these. shared/ipc/contract.ts asserts that its
// schemas cover the same names, so the two lists cannot drift apart.
import { BACKUP_EVENT_NAMES, BACKUP_METHOD_NAMES } from './backup-names.ts';
import { IMPORT_CANCEL_METHOD_NAMES } from './import-cancel-names.ts';
import { WRITE_CANCEL_METHOD_NAMES } from './write-cancel-names.ts';

export const IPC_METHOD_NAMES = [
  'drafts.page',
  'drafts.ids',
  'drafts.get',
  'drafts.create',
  'drafts.update',
  'drafts.delete',
  'drafts.bulkPreview',
  'drafts.bulkEdit',
  'drafts.rulesPreview',
  'drafts.applyRules',
  ...WRITE_CANCEL_METHOD_NAMES,
  'drafts.actionPreview',
  'drafts.runAction',
  'drafts.actionProgress',
  'drafts.lastStep',
  'drafts.undo',
  'drafts.validate',
  'drafts.publish',
  'drafts.close',
  'drafts.copyClosed',
  'drafts.readDetails',
  'drafts.queuedStatus',
  'categories.list',
  'csv.inspect',
  'csv.import',
  'csv.importReport',
  'csv.export',
  'xlsx.export',
  ...IMPORT_CANCEL_METHOD_NAMES,
  'images.add',
  'images.list',
  'images.reorder',
  'images.remove',
  'images.edit',
  'images.original',
  'settings.get',
  'settings.setPreferences',
  'accounts.list',
  'accounts.add',
  'accounts.switch',
  'accounts.signIn',
  'questions.list',
  'questions.answer',
  'questions.answerMany',
  'cannedAnswers.list',
  'cannedAnswers.save',
  'cannedAnswers.reset',
  'templates.list',
  'templates.save',
  'templates.fromDraft',
  'templates.delete',
  'templates.preview',
  'templates.apply',
  'templates.newDraft',
  'importMappings.list',
  'importMappings.save',
  'importMappings.forget',
  'rules.list',
  'rules.previewOfferRule',
  'rules.saveOfferRule',
  'rules.deleteOfferRule',
  'rules.saveRelistRule',
  'rules.deleteRelistRule',
  'rules.setPaused',
  'rules.runNow',
  'rules.log',
  'rules.exportLog',
  'groups.list',
  'groups.save',
  'groups.delete',
  'groups.ids',
  'schedule.preview',
  'schedule.run',
  'offers.list',
  'offers.decide',
  'sales.list',
  'sales.dashboard',
  'sales.sold',
  'sales.exportCsv',
  'items.thumbnails',
  'sync.problems',
  'sync.resolve',
  'sync.status',
  'sync.now',
  'sync.setOffline',
  'research.draft',
  'research.last',
  'research.categories',
  'research.bulkStart',
  'research.bulkCancel',
  'research.bulkStatus',
  'research.budget',
  'research.setBudget',
  'research.categoryPreview',
  'research.applyCategories',
  'shell.openExternal',
  'shell.notify',
  ...BACKUP_METHOD_NAMES,
] as const;
export type IpcMethodName = (typeof IPC_METHOD_NAMES)[number];

export const IPC_EVENT_NAMES = [
  'drafts.changed',
  'drafts.writeProgress',
  'images.progress',
  'images.upload',
  'sync.progress',
  'sync.itemState',
  'sync.online',
  'sync.news',
  'sync.shop',
  'csv.progress',
  'accounts.switched',
  'accounts.changed',
  'core.restarted',
  ...BACKUP_EVENT_NAMES,
  'rules.activity',
  'research.progress',
] as const;
export type IpcEventName = (typeof IPC_EVENT_NAMES)[number];

/** Electron's channel for a picked or dropped file's path, preload to main (never the page's). */
export const HAND_OVER_CHANNEL = 'market-desk:hand-over';
/** Electron's channel for a save dialog shown by main (an export's target): the page gets a handle, never the path. */
export const SAVE_TARGET_CHANNEL = 'market-desk:save-target';
/** Electron's channel for the folder dialog shown by main (the backup folder): the page gets a handle, never the path. */
export const FOLDER_CHANNEL = 'market-desk:pick-folder';

/** Electron channel names: one per method and per event, derived, never written twice. */
export const invokeChannel = (name: IpcMethodName): string => `market-desk:invoke:${name}`;
export const eventChannel = (name: IpcEventName): string => `market-desk:event:${name}`;

export function isIpcMethodName(name: unknown): name is IpcMethodName {
  return typeof name === 'string' && (IPC_METHOD_NAMES as readonly string[]).includes(name);
}

export function isIpcEventName(name: unknown): name is IpcEventName {
  return typeof name === 'string' && (IPC_EVENT_NAMES as readonly string[]).includes(name);
}
