// The grid's bulk status actions: the preview (counts, refusals grouped by reason) and the run
// (queued in the outbox, one undo step). The target is ids or the grid's query, resolved here.
import type { IpcParsedInput } from '../../../../shared/ipc/contract.ts';
import { bulkActions } from '../../bulk/bulk-actions.ts';
import { backupServiceOf } from '../../backup/backup-service.ts';
import type { CoreSession } from '../../session/core-session.ts';
import { readRecords } from '../read-records.ts';
import { changedEmitter, perCache, type HandlerMap } from '../handler-types.ts';
import { gridIds } from '../grid-ids.ts';

type Target = IpcParsedInput<'drafts.runAction'>['target'];

export function bulkActionsHandlers(session: CoreSession): HandlerMap<'drafts.actionPreview' | 'drafts.runAction' | 'drafts.actionProgress'> {
  const repo = perCache(session, (db) => ({ actions: bulkActions(db) }));
  const changed = changedEmitter(session);
  // A query's ids are read in slices over one snapshot (grid-ids.ts).
  const idsOf = async (target: Target) => ('localIds' in target ? target.localIds : gridIds(session, target.query));

  return {
    'drafts.actionPreview': async ({ action, target, listTime }) => repo().actions.preview(action, await idsOf(target), listTime),
    async 'drafts.runAction'({ action, target, listTime }) {
      const ids = await idsOf(target);
      // A bulk delete of more than 100 drafts is backed up first (issue 24).
      if (action === 'delete') await backupServiceOf(session).before('before-bulk-delete', ids.length);
      // Copies are made of whole records: those known only from list summaries are read first
      // (issue 38); the ones that cannot be read now are refused ('unread'), the rest copied.
      await readRecords(session, repo().actions.toRead(action, ids));
      const result = await session.writes().long({ kind: 'bulk-action', action, localIds: ids, listTime });
      if (result.changed > 0) changed(null, action);
      return result;
    },
    'drafts.actionProgress': ({ stepId }) => repo().actions.progress(stepId),
  };
}
