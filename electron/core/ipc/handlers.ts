// The handler table: every domain's handler map, one function per method of shared/ipc.ts.
// Inputs arrive parsed by the contract (dispatcher.ts); outputs are checked against it on the way
// out. Adding a method: its schemas in shared/ipc.ts, its handler in its domain's map.
import type { CoreSession } from '../session/core-session.ts';
import type { Handlers } from './handler-types.ts';
import { accountsHandlers, type OpenExternal } from './handlers/accounts-handlers.ts';
import { draftsHandlers } from './handlers/drafts-handlers.ts';
import { editorHandlers } from './handlers/editor-handlers.ts';
import { imagesHandlers } from './handlers/images-handlers.ts';
import { offersHandlers, questionsHandlers, salesHandlers } from './handlers/seller-handlers.ts';
import { spreadsheetHandlers } from './handlers/spreadsheet-handlers.ts';
import { syncHandlers } from './handlers/sync-handlers.ts';
import { templatesHandlers } from './handlers/templates-handlers.ts';

export type { Handler, Handlers } from './handler-types.ts';
export type { OpenExternal } from './handlers/accounts-handlers.ts';

export function coreHandlers(session: CoreSession, openExternal: OpenExternal): Handlers {
  return {
    ...draftsHandlers(session),
    ...spreadsheetHandlers(session),
    ...editorHandlers(session),
    ...imagesHandlers(session),
    ...accountsHandlers(session, openExternal),
    ...questionsHandlers(session),
    ...offersHandlers(session),
    ...salesHandlers(session),
    ...syncHandlers(session),
    ...templatesHandlers(session),
  } satisfies Handlers;
}
