// The drafts grid's methods: pages and ids of a query, one draft, create, edit, delete, bulk
// edit with its preview and undo. A few lines each over drafts/, bulk/ and search/.
import { bulkWrites } from '../../bulk/bulk-edit.ts';
import { previewBulkEditSlices } from '../../bulk/bulk-preview.ts';
import { previewBulkRulesSlices } from '../../bulk/bulk-rules.ts';
import { nextTurn, runSliced } from '../../db/sliced-transaction.ts';
import { settingsCache, type CategoryEntry } from '../../cache/settings-cache.ts';
import type { Db } from '../../db/open-account-db.ts';
import { DraftError } from '../../drafts/draft-error.ts';
import { CoreError } from '../../errors/core-error.ts';
import { cachedValidationContext, draftWrites } from '../../drafts/draft-writes.ts';
import { itemReads, type LocalItem } from '../../drafts/item-rows.ts';
import { gridSearch } from '../../search/grid-search.ts';
import { marketPrices } from '../../research/market-prices.ts';
import { researchStore } from '../../research/research-store.ts';
import { FIELDS_NOT_IN_SUMMARY } from '../../sync/summary-fields.ts';
import { validateDraft, type ValidationContext } from '../../validation/validate-draft.ts';
import { backupServiceOf } from '../../backup/backup-service.ts';
import type { CoreSession } from '../../session/core-session.ts';
import { changedEmitter, perCache, writeProgress, type HandlerMap } from '../handler-types.ts';
import { gridIds } from '../grid-ids.ts';
import { CANCELLED_CHANGE, cancellableWrite, cancelWrite } from '../cancellable-writes.ts';

type DraftsMethod = 'drafts.page' | 'drafts.ids' | 'drafts.get' | 'drafts.create' | 'drafts.update' | 'drafts.delete'
  | 'drafts.bulkPreview' | 'drafts.bulkEdit' | 'drafts.rulesPreview' | 'drafts.applyRules' | 'drafts.cancelWrite' | 'drafts.lastStep' | 'drafts.undo';

type Value = string | number | string[] | null;

const repositories = (db: Db) => ({
  reads: itemReads(db), writes: draftWrites(db), bulk: bulkWrites(db), search: gridSearch(db), settings: settingsCache(db), research: researchStore(db),
});

/** The row's category names: the Finnish title, and the English one where the tree has it. */
function categoryNames(found: CategoryEntry | undefined) {
  return { categoryName: found?.title ?? null, categoryNameEn: found?.titleEn ?? null };
}

/**
 * A row of the grid. Pure: a page reads its items, their image counts and the category tree in
 * a few statements, whatever its length (issue 19: a page must stay cheap beside typing).
 */
function draftRow(item: LocalItem, ctx: ValidationContext, imageCount: number, categories: ReadonlyMap<number, CategoryEntry>, market: ReturnType<ReturnType<typeof researchStore>['figures']>) {
  // An item shown from its list summary: its other fields are unknown, so nothing is judged by them.
  const summaryOnly = item.detail !== 'full';
  const problems = summaryOnly ? [] : validateDraft(item.fields, { ...ctx, imageCount });
  const categoryId = item.fields.categoryId;
  return {
    localId: item.localId, remoteId: item.remoteId, status: item.status, syncState: item.syncState,
    rejectReason: item.rejectReason, rejectField: item.rejectField, rejectCode: item.rejectCode,
    fields: item.fields as Record<string, Value>,
    ...categoryNames(categoryId === null || categoryId === undefined ? undefined : categories.get(categoryId)),
    imageCount, problems, updated: item.updated,
    market: market.get(item.localId) ?? null,
    ...(summaryOnly ? { detailsMissing: [...FIELDS_NOT_IN_SUMMARY] } : {}),
  };
}

export function draftsHandlers(session: CoreSession): HandlerMap<DraftsMethod> {
  const repo = perCache(session, repositories);
  const changed = changedEmitter(session);

  return {
    async 'drafts.page'(query) {
      const db = session.db();
      const { reads, search, settings, research } = repo();
      // The settings and the tree once per page (kept by the cache until it changes), not per row.
      const ctx = cachedValidationContext(db);
      const categories = settings.categoryIndex();
      const localIds = search.search(query).map((r) => r.localId);
      const images = reads.imageCounts(localIds);
      const market = research.figures(localIds);
      const rows = reads.items(localIds).map((item) => draftRow(item, ctx, images.get(item.localId) ?? 0, categories, market));
      // The count in a turn of its own (issue 41): a broad search's (one letter over 100,000
      // drafts: 22 to 26 ms) and its page's rows were one stretch of the core's thread, the
      // longest left; now the calls that came meanwhile (the next keystroke's page) run between.
      // A commit may land between the two reads: the next page's count corrects it.
      await nextTurn();
      if (!db.open) throw new CoreError('state', 'the account was closed while its page was read');
      return { total: search.count(query), offset: query.offset, rows };
    },
    'drafts.ids': (query) => gridIds(session, query),
    'drafts.get'({ localId }) {
      const { reads, settings } = repo();
      const item = reads.item(localId);
      if (!item || item.deletedAt !== null) throw new DraftError('not-found', `item ${localId} does not exist`, [], undefined, { reason: 'item-not-found', params: { id: localId } });
      return draftRow(item, cachedValidationContext(session.db()), reads.imageCount(localId), settings.categoryIndex(), repo().research.figures([localId]));
    },
    'drafts.create'({ fields }) {
      const result = repo().writes.createDraft(fields);
      changed([result.localId], 'create');
      return result;
    },
    'drafts.update'({ localId, changes }) {
      const result = repo().writes.editDraft(localId, changes);
      if (Object.keys(result.changed).length > 0) changed([localId], 'edit');
      return { changed: result.changed as Record<string, Value>, problems: result.problems };
    },
    'drafts.delete'({ localId }) {
      repo().writes.deleteDraft(localId);
      changed([localId], 'delete');
      return { ok: true as const };
    },
    'drafts.bulkPreview': ({ localIds, changes }) => runSliced(previewBulkEditSlices(repo(), localIds, changes)),
    async 'drafts.bulkEdit'({ localIds, changes, writeId }) {
      const result = await cancellableWrite(session, { kind: 'bulk-edit', localIds, changes }, writeId, 'bulk-edit');
      if (!result) return CANCELLED_CHANGE;
      if (result.changed > 0) changed(null, 'bulk-edit');
      return result;
    },
    'drafts.rulesPreview': ({ localIds, rules }) => runSliced(previewBulkRulesSlices(repo(), localIds, rules, undefined, marketPrices(repo().research))),
    async 'drafts.applyRules'({ localIds, rules, writeId }) {
      const result = await cancellableWrite(session, { kind: 'apply-rules', localIds, rules }, writeId, 'apply-rules');
      if (!result) return CANCELLED_CHANGE;
      if (result.changed > 0) changed(null, 'bulk-edit');
      return result;
    },
    // Answered at once, also while the change holds the cache (a read method: read-methods.ts).
    'drafts.cancelWrite': async ({ writeId }) => ({ outcome: await cancelWrite(session, writeId) }),
    'drafts.lastStep': () => repo().bulk.lastStep() ?? null,
    async 'drafts.undo'({ stepId }) {
      // Undoing an import of more than 100 drafts deletes them: a backup first (issue 24).
      const step = repo().bulk.lastStep();
      if (step && step.kind === 'csv-import' && (stepId === undefined || step.id === stepId)) await backupServiceOf(session).before('before-undo', step.itemCount);
      const result = await session.writes().long({ kind: 'undo', stepId }, writeProgress(session, 'undo'));
      changed(null, 'undo');
      return result;
    },
  };
}
