// The methods that only read the cache (issue 41): they are answered at once, also while a long
// write holds it (from the last committed state, on the session's connection). Every other method
// waits for a turn of the cache's write gate first (session/account-writes.ts), so that no short
// write runs while a long write's transaction is open. A method listed here that writes fails at
// once while a long write runs (the session's connection is query_only then): tests/core/
// responsive-core.test.ts calls every one of them during a long write.
import { IPC_METHOD_NAMES, type IpcMethodName } from '../../../shared/ipc/contract.ts';
import type { Handler, Handlers } from './handler-types.ts';

export const READ_METHODS: ReadonlySet<IpcMethodName> = new Set([
  // the grid, the editor, the screens' lists
  'drafts.page', 'drafts.ids', 'drafts.get', 'drafts.lastStep', 'drafts.validate', 'drafts.queuedStatus', 'categories.list',
  'images.list', 'images.original', 'items.thumbnails', 'settings.get', 'accounts.list',
  'questions.list', 'offers.list', 'sales.list', 'sales.dashboard', 'sales.sold', 'sales.exportCsv', 'cannedAnswers.list',
  'rules.list', 'rules.log', 'rules.exportLog', 'rules.previewOfferRule', 'groups.list', 'groups.ids', 'schedule.preview',
  'templates.list', 'importMappings.list', 'sync.status', 'sync.problems', 'backups.status', 'backups.list',
  // market research kept, its budget and a bulk run's progress (not research.categoryPreview: it
  // asks the market for the titles not researched yet, and logs each request in the cache)
  'research.last', 'research.budget', 'research.bulkStatus',
  // previews: the real change's plan, nothing written (bulk/dry-run.ts)
  'drafts.bulkPreview', 'drafts.rulesPreview', 'templates.preview', 'drafts.actionPreview', 'drafts.actionProgress',
  // files out, a file looked at, and the cancels of an import and a bulk change (they must never wait for what they cancel)
  'csv.export', 'xlsx.export', 'csv.inspect', 'csv.cancelImport', 'drafts.cancelWrite',
  'shell.openExternal', 'shell.notify',
] satisfies IpcMethodName[]);

/** `handlers` with every method not in READ_METHODS waiting for `turn()` first. */
export function gatedHandlers(handlers: Handlers, turn: () => Promise<void>): Handlers {
  const gate = <K extends IpcMethodName>(name: K): Handler<K> => {
    const handler: Handler<K> = handlers[name];
    if (READ_METHODS.has(name)) return handler;
    return async (input) => {
      await turn();
      return handler(input);
    };
  };
  // Object.fromEntries loses the names' types; every name of the contract is mapped above.
  return Object.fromEntries(IPC_METHOD_NAMES.map((name) => [name, gate(name)])) as Handlers;
}
