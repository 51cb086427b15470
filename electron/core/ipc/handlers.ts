// The handler table: every domain's handler map, one function per method of shared/ipc/contract.ts.
// Inputs arrive parsed by the contract (dispatcher.ts); outputs are checked against it on the way
// out. Adding a method: its schemas in its domain's shared/ipc/<domain>.ts, its handler in its domain's map.
import type { CoreSession } from '../session/core-session.ts';
import type { Handlers } from './handler-types.ts';
import { gatedHandlers } from './read-methods.ts';
import { backupsHandlers } from './handlers/backups-handlers.ts';
import { accountsHandlers, type Notify, type OpenExternal } from './handlers/accounts-handlers.ts';
import { bulkActionsHandlers } from './handlers/bulk-actions-handlers.ts';
import { draftsHandlers } from './handlers/drafts-handlers.ts';
import { editorHandlers } from './handlers/editor-handlers.ts';
import { imagesHandlers } from './handlers/images-handlers.ts';
import { importMappingsHandlers } from './handlers/import-mappings-handlers.ts';
import { researchHandlers } from './handlers/research-handlers.ts';
import { rulesHandlers } from './handlers/rules-handlers.ts';
import { offersHandlers, questionsHandlers, salesHandlers } from './handlers/seller-handlers.ts';
import { spreadsheetHandlers } from './handlers/spreadsheet-handlers.ts';
import { syncHandlers } from './handlers/sync-handlers.ts';
import { templatesHandlers } from './handlers/templates-handlers.ts';

export type { Handler, Handlers } from './handler-types.ts';
export type { Notify, OpenExternal } from './handlers/accounts-handlers.ts';

/**
 * notify: the desktop shell's notifications (web mode leaves them to the page). Every method that
 * may write waits for its turn of the cache's write gate (read-methods.ts).
 */
export function coreHandlers(session: CoreSession, openExternal: OpenExternal, notify?: Notify): Handlers {
  return gatedHandlers({
    ...draftsHandlers(session),
    ...bulkActionsHandlers(session),
    ...spreadsheetHandlers(session),
    ...importMappingsHandlers(session),
    ...editorHandlers(session),
    ...imagesHandlers(session),
    ...accountsHandlers(session, openExternal, notify),
    ...questionsHandlers(session),
    ...offersHandlers(session),
    ...salesHandlers(session),
    ...syncHandlers(session),
    ...templatesHandlers(session),
    ...backupsHandlers(session),
    ...rulesHandlers(session),
    ...researchHandlers(session),
  } satisfies Handlers, () => session.writes().turn());
}
