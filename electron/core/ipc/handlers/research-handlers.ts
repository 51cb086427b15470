// Market research (issue 39): a draft's research, category suggestions for a title, research in
// bulk (its progress as research.progress events), the request budget, and categories set from
// the suggestions (previewed, one undo step). The research talks to the marketplace through the
// session's sync port (null while working offline: the kept results answer).
import { bulkWrites } from '../../bulk/bulk-edit.ts';
import type { Db } from '../../db/open-account-db.ts';
import { DraftError } from '../../drafts/draft-error.ts';
import { itemReads } from '../../drafts/item-rows.ts';
import { bulkResearch } from '../../research/bulk-research.ts';
import { categoryChoices, previewCategoriesSlices } from '../../research/category-from-market.ts';
import { runSliced } from '../../db/sliced-transaction.ts';
import { createResearch, RateLimited } from '../../research/research-draft.ts';
import type { CoreSession } from '../../session/core-session.ts';
import { changedEmitter, perCache, type HandlerMap } from '../handler-types.ts';
import { CANCELLED_CHANGE, cancellableWrite } from '../cancellable-writes.ts';
import { gridIds } from '../grid-ids.ts';

type ResearchMethod = 'research.draft' | 'research.last' | 'research.categories' | 'research.bulkStart' | 'research.bulkCancel'
  | 'research.bulkStatus' | 'research.budget' | 'research.setBudget' | 'research.categoryPreview' | 'research.applyCategories';

/** The drafts an import made (its step's list) that still have no category. */
function importedWithoutCategory(db: Db, stepId: number): number[] {
  return db.prepare(
    `SELECT i.local_id FROM bulk_steps s, json_each(s.applied, '$.localIds') j JOIN items i ON i.local_id = j.value
      WHERE s.id = ? AND s.kind = 'csv-import' AND i.category_id IS NULL AND i.deleted_at IS NULL ORDER BY i.local_id`,
  ).pluck().all(stepId) as number[];
}

export function researchHandlers(session: CoreSession): HandlerMap<ResearchMethod> {
  const repo = perCache(session, (db: Db) => {
    const research = createResearch({ db, port: () => session.sync().market?.() ?? null });
    return {
      research,
      bulk: bulkResearch({ research, emit: (progress) => session.emit('research.progress', progress), writeTurn: () => session.writes().turn() }),
      reads: itemReads(db),
      writes: bulkWrites(db),
    };
  });
  const changed = changedEmitter(session);
  const notFound = (localId: number) => new DraftError('not-found', `item ${localId} does not exist`, [], undefined, { reason: 'item-not-found', params: { id: localId } });
  const bulkRepo = () => ({ reads: repo().reads, bulk: repo().writes });

  return {
    async 'research.draft'({ localId, refresh, condition }) {
      try {
        const result = await repo().research.draft(localId, { ...(refresh !== undefined ? { refresh } : {}), ...(condition !== undefined ? { condition } : {}) });
        if (!result) throw notFound(localId);
        return result;
      } catch (error) {
        if (!(error instanceof RateLimited)) throw error;
        // The marketplace asks to wait: the last research (or nothing) with the reason.
        const last = repo().research.last(localId);
        const answer = last ? { ...last, unavailable: 'rate-limited' as const } : repo().research.nothing(localId, 'rate-limited');
        if (!answer) throw notFound(localId);
        return answer;
      }
    },
    'research.last': ({ localId }) => repo().research.last(localId),
    'research.categories': ({ title, localId }) => repo().research.categories(title, localId ?? null),
    async 'research.bulkStart'({ target }) {
      // start() waits for its own turn of the gate before it writes.
      const ids = 'localIds' in target ? target.localIds : await gridIds(session, target.query);
      return repo().bulk.start(ids);
    },
    'research.bulkCancel': ({ jobId }) => repo().bulk.cancel(jobId),
    'research.bulkStatus': () => repo().bulk.status(),
    'research.budget': () => repo().research.store.budget(Date.now()),
    'research.setBudget'({ dailyLimit }) {
      repo().research.store.setDailyLimit(dailyLimit);
      return repo().research.store.budget(Date.now());
    },
    async 'research.categoryPreview'(input) {
      const localIds = 'localIds' in input ? input.localIds : importedWithoutCategory(session.db(), input.importStep);
      const choices = await categoryChoices(repo().research, bulkRepo(), localIds);
      const picked = choices.flatMap((c) => (c.suggestions[0] ? [{ localId: c.localId, categoryId: c.suggestions[0].categoryId }] : []));
      const dry = await runSliced(previewCategoriesSlices(bulkRepo(), picked));
      return { selected: new Set(localIds).size, changing: dry.changing, choices, without: choices.length - picked.length, samples: dry.samples, refused: dry.refused };
    },
    async 'research.applyCategories'({ choices, writeId }) {
      const result = await cancellableWrite(session, { kind: 'apply-categories', choices }, writeId, 'apply-categories');
      if (!result) return CANCELLED_CHANGE;
      if (result.changed > 0) changed(null, 'bulk-edit');
      return result;
    },
  };
}
