// Listing templates: the account's list, save (create, rename, edit), from a draft, delete; apply
// to a selection (its preview, then one undoable step) and a new draft from a template. A few
// lines each over templates/.
import { bulkWrites } from '../../bulk/bulk-edit.ts';
import { settingsCache } from '../../cache/settings-cache.ts';
import type { Db } from '../../db/open-account-db.ts';
import { draftWrites } from '../../drafts/draft-writes.ts';
import { itemReads } from '../../drafts/item-rows.ts';
import { templateLinks } from '../../rules/template-links.ts';
import type { CoreSession } from '../../session/core-session.ts';
import { draftFromTemplate, previewTemplateSlices, type ApplyContext } from '../../templates/apply-template.ts';
import { runSliced } from '../../db/sliced-transaction.ts';
import { listingTemplates } from '../../templates/listing-templates.ts';
import type { IpcParsedInput } from '../../../../shared/ipc/contract.ts';
import { changedEmitter, perCache, type HandlerMap } from '../handler-types.ts';
import { CANCELLED_CHANGE, cancellableWrite } from '../cancellable-writes.ts';
import { needRecords } from '../read-records.ts';
import { gridIds } from '../grid-ids.ts';

type TemplatesMethod = 'templates.list' | 'templates.save' | 'templates.fromDraft' | 'templates.delete' | 'templates.preview' | 'templates.apply' | 'templates.newDraft';

const repositories = (db: Db) => {
  const settings = settingsCache(db);
  return { reads: itemReads(db), writes: draftWrites(db), bulk: bulkWrites(db), templates: listingTemplates(db), settings, links: templateLinks(db) };
};

export function templatesHandlers(session: CoreSession): HandlerMap<TemplatesMethod> {
  const repo = perCache(session, repositories);
  const changed = changedEmitter(session);

  /** The selection's ids: given, or every draft the grid's query matches, read in slices (grid-ids.ts). */
  async function selectionIds(selection: IpcParsedInput<'templates.apply'>['selection']): Promise<number[]> {
    return 'localIds' in selection ? selection.localIds : gridIds(session, selection.query);
  }

  type ContextInput = Pick<IpcParsedInput<'templates.apply'>, 'id' | 'words'> & { mode?: ApplyContext['mode'] };
  /** The template, mode and words of a call: plain data, as they cross to the writer thread. */
  const applying = (input: ContextInput) => ({ template: repo().templates.get(input.id), mode: input.mode ?? 'replace', words: input.words });
  /** The category names by id, read once per call (the tree has a few hundred entries). */
  const categoryTitles = () => repo().settings.categories().map((c) => [c.id, c.title] as const);

  function context(input: ContextInput): ApplyContext {
    const titles = new Map(categoryTitles());
    return { ...applying(input), categoryTitle: (id) => titles.get(id) };
  }

  return {
    'templates.list': () => repo().templates.list(),
    'templates.save': (input) => repo().templates.save(input),
    async 'templates.fromDraft'({ localId, name }) {
      // A template takes the item's values: one known only from its list summary is read first.
      await needRecords(session, [localId]);
      return repo().templates.fromDraft(localId, name);
    },
    'templates.delete'({ id }) {
      repo().templates.delete(id);
      return { ok: true as const };
    },
    'templates.preview': async (input) => runSliced(previewTemplateSlices(repo(), await selectionIds(input.selection), context(input))),
    async 'templates.apply'(input) {
      const ids = await selectionIds(input.selection);
      const result = await cancellableWrite(session, { kind: 'apply-template', localIds: ids, ...applying(input), categoryTitles: categoryTitles() }, input.writeId, 'apply-template');
      if (!result) return { ...CANCELLED_CHANGE, notEditable: 0 };
      if (result.changed > 0) changed(null, 'bulk-edit');
      return result;
    },
    'templates.newDraft'(input) {
      const result = draftFromTemplate(repo().writes, context(input), Date.now(), repo().links);
      changed([result.localId], 'create');
      return result;
    },
  };
}
