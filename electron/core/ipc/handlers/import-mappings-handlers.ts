// The remembered column mappings of imports: listed, changed and forgotten by the seller.
import { importMappings } from '../../spreadsheet/import-mappings.ts';
import type { CoreSession } from '../../session/core-session.ts';
import type { HandlerMap } from '../handler-types.ts';

type ImportMappingMethod = 'importMappings.list' | 'importMappings.save' | 'importMappings.forget';

export function importMappingsHandlers(session: CoreSession): HandlerMap<ImportMappingMethod> {
  return {
    'importMappings.list': () => importMappings(session.db()).list(),
    'importMappings.save'({ headings, mapping }) {
      importMappings(session.db()).remember(headings, mapping);
      return { ok: true as const };
    },
    'importMappings.forget': ({ key }) => ({ removed: importMappings(session.db()).forget(key) }),
  };
}
