// The sync panel's methods: status, a run now, working offline, the refused and conflicting
// items and their resolution.
import { DraftError } from '../../drafts/draft-error.ts';
import { itemReads } from '../../drafts/item-rows.ts';
import { sellerReads } from '../../seller/seller-reads.ts';
import { resolveConflicts } from '../../sync/pull.ts';
import type { CoreSession } from '../../session/core-session.ts';
import { changedEmitter, perCache, type HandlerMap } from '../handler-types.ts';

type SyncMethod = 'sync.status' | 'sync.now' | 'sync.setOffline' | 'sync.problems' | 'sync.resolve';

export function syncHandlers(session: CoreSession): HandlerMap<SyncMethod> {
  const repo = perCache(session, (db) => ({ reads: sellerReads(db), items: itemReads(db) }));
  const changed = changedEmitter(session);
  return {
    'sync.status': () => session.sync().status(),
    'sync.now': () => session.sync().syncNow(),
    'sync.setOffline': ({ offline }) => session.sync().setOffline(offline),
    'sync.problems': () => repo().reads.problems((localId, field) => repo().items.item(localId)?.fields[field as never]),
    'sync.resolve'({ localId, choices }) {
      const item = repo().items.item(localId);
      if (!item) throw new DraftError('not-found', `item ${localId} does not exist`, [], undefined, { reason: 'item-not-found', params: { id: localId } });
      resolveConflicts(session.db(), localId, choices);
      changed([localId], 'resolve');
      return { ok: true as const };
    },
  };
}
