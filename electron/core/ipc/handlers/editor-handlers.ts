// The draft editor's methods: live validation of unsaved values, the status changes
// (publish, close, copy a closed item) and the cached category tree for the picker.
import { settingsCache } from '../../cache/settings-cache.ts';
import { DraftError } from '../../drafts/draft-error.ts';
import { cachedValidationContext } from '../../drafts/draft-writes.ts';
import { isDraftField, parseFieldValue, type DraftField, type DraftFields } from '../../drafts/fields.ts';
import { itemReads } from '../../drafts/item-rows.ts';
import { statusChanges } from '../../drafts/status-changes.ts';
import { validateDraft, type Problem } from '../../validation/validate-draft.ts';
import type { CoreSession } from '../../session/core-session.ts';
import { changedEmitter, perCache, type HandlerMap } from '../handler-types.ts';
import { needRecords, readRecords } from '../read-records.ts';
import { detailQueue } from '../../sync/item-details.ts';

type EditorMethod = 'drafts.validate' | 'drafts.publish' | 'drafts.close' | 'drafts.copyClosed' | 'drafts.readDetails' | 'drafts.queuedStatus' | 'categories.list';

export function editorHandlers(session: CoreSession): HandlerMap<EditorMethod> {
  const repo = perCache(session, (db) => ({ reads: itemReads(db), status: statusChanges(db), settings: settingsCache(db) }));
  const changed = changedEmitter(session);

  return {
    'drafts.validate'({ localId, changes }) {
      const { reads } = repo();
      const item = localId === undefined ? undefined : reads.item(localId);
      if (localId !== undefined && (!item || item.deletedAt !== null)) throw new DraftError('not-found', `item ${localId} does not exist`, [], undefined, { reason: 'item-not-found', params: { id: localId } });
      const draft: DraftFields = { ...(item?.fields ?? {}) };
      const typeProblems: Problem[] = [];
      for (const [name, raw] of Object.entries(changes)) {
        if (!isDraftField(name)) throw new DraftError('unknown-field', `${name}: not an item field`);
        const parsed = parseFieldValue(name, raw);
        // A value that does not parse is reported and left out, so the rules judge the rest.
        if (parsed.ok) (draft as Record<DraftField, unknown>)[name] = parsed.value;
        else {
          delete draft[name];
          typeProblems.push({ field: name, code: 'invalid', rule: parsed.rule, ...(parsed.params ? { params: parsed.params } : {}), message: parsed.message });
        }
      }
      const ctx = cachedValidationContext(session.db());
      const imageCount = localId === undefined ? 0 : reads.imageCount(localId);
      const rules = validateDraft(draft, { ...ctx, imageCount }).filter((p) => !typeProblems.some((t) => t.field === p.field));
      return { problems: [...typeProblems, ...rules] };
    },
    'drafts.publish'({ localId }) {
      const { status } = repo();
      status.publish(localId);
      changed([localId], 'publish');
      return { status: status.intendedStatus(localId) ?? 'published' };
    },
    'drafts.close'({ localId }) {
      const { status } = repo();
      status.close(localId);
      changed([localId], 'close');
      return { status: status.intendedStatus(localId) ?? 'closed' };
    },
    async 'drafts.copyClosed'({ localId }) {
      // A copy is made of the whole record: one known only from its list summary is read first.
      await needRecords(session, [localId]);
      const copy = repo().status.copyClosed(localId);
      changed([copy], 'copy');
      return { localId: copy };
    },
    async 'drafts.readDetails'({ localIds }) {
      const unread = detailQueue(session.db()).unreadOf(localIds).length;
      const missing = await readRecords(session, localIds);
      return { read: unread - missing.length, missing };
    },
    'drafts.queuedStatus'({ localId }) {
      const { reads, status } = repo();
      const item = reads.item(localId);
      if (!item || item.deletedAt !== null) throw new DraftError('not-found', `item ${localId} does not exist`, [], undefined, { reason: 'item-not-found', params: { id: localId } });
      const intended = status.intendedStatus(localId);
      return { status: intended !== undefined && intended !== item.status ? intended : null };
    },
    'categories.list': () => repo().settings.categories(),
  };
}
