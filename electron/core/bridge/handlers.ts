// The handler table: one function per method of shared/ipc.ts, each a few lines over the core.
// Inputs arrive parsed by the contract (bridge.ts); outputs are checked against it on the way out.
import type { IpcMethodName, IpcOutput, IpcParsedInput } from '../../../shared/ipc.ts';
import { bulkWrites } from '../bulk/bulk-edit.ts';
import { settingsCache } from '../cache/settings-cache.ts';
import { UserSettings } from '../../../shared/api/users.ts';
import { exportDraftsCsv, importDraftsCsv } from '../csv/drafts-csv.ts';
import type { Db } from '../db/open-account-db.ts';
import { DraftError } from '../drafts/draft-error.ts';
import { cachedValidationContext, draftWrites } from '../drafts/draft-writes.ts';
import { sameValue, type DraftField } from '../drafts/fields.ts';
import { itemReads, type LocalItem } from '../drafts/item-rows.ts';
import { parseChanges } from '../drafts/plan-edit.ts';
import { itemSearch } from '../search/item-search.ts';
import { validateDraft, type ValidationContext } from '../validation/validate-draft.ts';
import type { CoreSession } from './core-session.ts';
import { editorHandlers } from './editor-handlers.ts';
import { imageHandlers } from './image-handlers.ts';
import { accountView, sellerHandlers } from './seller-handlers.ts';

export type Handler<K extends IpcMethodName> = (input: IpcParsedInput<K>) => IpcOutput<K> | Promise<IpcOutput<K>>;
export type Handlers = { [K in IpcMethodName]: Handler<K> };

/** Statement sets are prepared once per open cache, not per call. */
function repositories(db: Db) {
  return { reads: itemReads(db), writes: draftWrites(db), bulk: bulkWrites(db), search: itemSearch(db) };
}

class DryRun extends Error {}

/** Opens external links; the Electron shell passes shell.openExternal, web mode reports it. */
export type OpenExternal = (url: string) => Promise<void>;

export function coreHandlers(session: CoreSession, openExternal: OpenExternal): Handlers {
  const cache = new WeakMap<Db, ReturnType<typeof repositories>>();
  const repo = () => {
    const db = session.db();
    let r = cache.get(db);
    if (!r) {
      r = repositories(db);
      cache.set(db, r);
    }
    return r;
  };
  const changed = (localIds: number[] | null, reason: string) => session.emit('drafts.changed', { localIds, reason });

  /** ctx: read the cached settings once per page, not once per row. */
  function draftRow(item: LocalItem, ctx: ValidationContext = cachedValidationContext(session.db())) {
    const imageCount = repo().reads.imageCount(item.localId);
    const problems = validateDraft(item.fields, { ...ctx, imageCount });
    return {
      localId: item.localId, remoteId: item.remoteId, status: item.status, syncState: item.syncState,
      rejectReason: item.rejectReason, rejectField: item.rejectField,
      fields: item.fields as Record<string, string | number | string[] | null>,
      imageCount, problems, updated: item.updated,
    };
  }

  function mustGet(localId: number): LocalItem {
    const item = repo().reads.item(localId);
    if (!item || item.deletedAt !== null) throw new DraftError('not-found', `item ${localId} does not exist`);
    return item;
  }

  return {
    ...editorHandlers(session, changed),
    ...imageHandlers(session, changed, (localId) => void mustGet(localId)),
    'drafts.page'(query) {
      const { reads, search } = repo();
      const ctx = cachedValidationContext(session.db());
      const rows = search.search(query).map((r) => draftRow(reads.item(r.localId) as LocalItem, ctx));
      return { total: search.count(query), offset: query.offset, rows };
    },
    'drafts.ids'(query) {
      const { search } = repo();
      const ids: number[] = [];
      for (let offset = 0; ; offset += 1000) {
        const page = search.search({ ...query, offset, limit: 1000 });
        for (const row of page) ids.push(row.localId);
        if (page.length < 1000) return ids;
      }
    },
    'drafts.get': ({ localId }) => draftRow(mustGet(localId)),
    'drafts.create'({ fields }) {
      const result = repo().writes.createDraft(fields);
      changed([result.localId], 'create');
      return result;
    },
    'drafts.update'({ localId, changes }) {
      const result = repo().writes.editDraft(localId, changes);
      if (Object.keys(result.changed).length > 0) changed([localId], 'edit');
      return { changed: result.changed as Record<string, string | number | string[] | null>, problems: result.problems };
    },
    'drafts.delete'({ localId }) {
      repo().writes.deleteDraft(localId);
      changed([localId], 'delete');
      return { ok: true as const };
    },
    'drafts.bulkPreview'({ localIds, changes }) {
      const db = session.db();
      const { reads, bulk } = repo();
      const { values, problems } = parseChanges(changes);
      if (problems.length > 0) throw new DraftError('validation', 'invalid values', [{ localId: 0, problems }]);
      const fields = Object.keys(values) as DraftField[];
      const unique = [...new Set(localIds)];
      // The exact outcome comes from the real bulk edit run in a transaction that is then
      // rolled back: the preview cannot disagree with what Apply does.
      const refused: Array<{ localId: number; reason: string }> = [];
      try {
        db.transaction(() => {
          bulk.bulkEdit(unique, changes);
          throw new DryRun();
        })();
      } catch (error) {
        if (error instanceof DraftError) {
          for (const item of error.items.slice(0, 200)) refused.push({ localId: item.localId, reason: item.reason ?? item.problems.map((p) => p.message).join('; ') });
        } else if (!(error instanceof DryRun)) throw error;
      }
      const perField: Record<string, number> = Object.fromEntries(fields.map((f) => [f, 0]));
      const changingIds: number[] = [];
      for (const group of reads.bulkGroups(unique, fields)) {
        let differs = false;
        for (const field of fields) {
          if (!sameValue(group.fields[field], values[field])) {
            perField[field] = (perField[field] ?? 0) + group.localIds.length;
            differs = true;
          }
        }
        if (differs) changingIds.push(...group.localIds);
      }
      changingIds.sort((a, b) => a - b);
      const samples = changingIds.slice(0, 10).map((localId) => {
        const item = mustGet(localId);
        const before: Record<string, string | number | string[] | null> = {};
        const after: Record<string, string | number | string[] | null> = {};
        for (const field of fields) {
          before[field] = (item.fields[field] ?? null) as string | number | string[] | null;
          after[field] = (values[field] ?? null) as string | number | string[] | null;
        }
        return { localId, title: (item.fields.title ?? null) as string | null, before, after };
      });
      return { selected: unique.length, changing: changingIds.length, perField, samples, refused };
    },
    'drafts.bulkEdit'({ localIds, changes }) {
      const result = repo().bulk.bulkEdit(localIds, changes);
      if (result.changed > 0) changed(null, 'bulk-edit');
      return result;
    },
    'drafts.lastStep': () => repo().bulk.lastStep() ?? null,
    'drafts.undo'({ stepId }) {
      const result = repo().bulk.undo(stepId);
      changed(null, 'undo');
      return result;
    },
    'csv.import'({ text }) {
      const report = importDraftsCsv(session.db(), text);
      if (report.imported.length > 0) changed(null, 'csv-import');
      return { imported: report.imported.length, stepId: report.stepId, errors: report.errors };
    },
    'csv.export'({ localIds }) {
      const text = exportDraftsCsv(session.db(), localIds);
      const rows = Math.max(0, text.split('\r\n').filter((line) => line !== '').length - 1);
      return { fileName: `drafts-${new Date().toISOString().slice(0, 10)}.csv`, text, rows };
    },
    'settings.get'() {
      const userSettings = settingsCache(session.db()).settings() as Record<string, unknown> | null;
      // Parsed here, on the validating side: settings that do not parse give no rules, not an error.
      const rules = UserSettings.shape.item.safeParse(userSettings?.item);
      return { userSettings, itemRules: rules.success ? rules.data : null, preferences: session.registry.preferences() };
    },
    'settings.setPreferences': (changes) => session.registry.setPreferences(changes),
    'accounts.list': () => session.registry.accounts().map((a) => accountView(session, a)),
    'accounts.add': ({ name, baseUrl }) => accountView(session, session.registry.add(name, baseUrl)),
    'accounts.switch'({ id }) {
      const entry = session.switchAccount(id);
      if (!entry) throw new DraftError('not-found', `account ${id} does not exist`);
      const account = accountView(session, entry);
      session.emit('accounts.switched', account);
      changed(null, 'account');
      return account;
    },
    ...sellerHandlers(session),
    'sync.status': () => session.sync().status(),
    'sync.now': () => session.sync().syncNow(),
    'sync.setOffline': ({ offline }) => session.sync().setOffline(offline),
    async 'shell.openExternal'({ url }) {
      await openExternal(url);
      return { ok: true as const };
    },
  };
}
