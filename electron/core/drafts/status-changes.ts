// Status changes and copies as local changes: checked against the status rules of PUT /items/{id} and the
// offline validation before they are queued, written with their outbox row in one transaction.
// items.status keeps the service's last known status; a queued change is the outbox row.
import { fillListingText, hasPlaceholders } from '../../../shared/items/listing-words.ts';
import { settingsCache } from '../cache/settings-cache.ts';
import type { Db } from '../db/open-account-db.ts';
import { outboxStatements, type OutboxRow } from '../outbox/outbox.ts';
import { validateDraft, type Problem, type ValidationContext } from '../validation/validate-draft.ts';
import { DraftError } from './draft-error.ts';
import { cachedValidationContext, draftWrites } from './draft-writes.ts';
import type { DraftFields } from './fields.ts';
import { itemReads } from './item-rows.ts';
import { SQL_STATE_AFTER_LOCAL_CHANGE } from './sync-state.ts';

/**
 * The statuses each status action starts from (PUT /items/{id} and DELETE /items/{id}): one
 * table for the editor's single actions and the grid's bulk ones. Judged on the status the item
 * will have once its queued status change is sent.
 */
export const ACTION_FROM: Readonly<Record<'publish' | 'close' | 'copy' | 'delete', readonly string[]>> = {
  publish: ['draft', 'preview'],
  close: ['published'],
  copy: ['closed'],
  delete: ['draft'],
};

/**
 * Every problem that stops a publish: missing fields and the image count included (what the
 * service would refuse is refused before it is queued). The editor's publish and the grid's bulk
 * publish both ask this, with the same context the grid's badges are computed with.
 */
export function publishProblems(fields: DraftFields, ctx: ValidationContext, imageCount: number): Problem[] {
  return validateDraft(fields, { ...ctx, imageCount });
}

/** Items known only from their list summaries, refused by a change that needs their whole record (issue 38). */
export function detailsMissing(localIds: readonly number[]): DraftError {
  return new DraftError('state', `${localIds.length} item(s) known only from the marketplace's list: their records are not read yet`, localIds.map((localId) => ({ localId, problems: [], reason: 'its record is not read from the marketplace yet', detail: { reason: 'details-missing', params: { count: 1 } } })), undefined, { reason: 'details-missing', params: { count: localIds.length } });
}

/** A description whose template placeholders publish filled: the text before and after. */
export interface PlaceholderFill {
  template: string;
  filled: string;
}

export function statusChanges(db: Db) {
  const reads = itemReads(db);
  const outbox = outboxStatements(db);
  const drafts = draftWrites(db);
  const touch = db.prepare(`UPDATE items SET updated = ?, sync_state = ${SQL_STATE_AFTER_LOCAL_CHANGE} WHERE local_id = ?`);
  const pendingStatus = db.prepare(`SELECT * FROM outbox WHERE item_local_id = ? AND kind = 'set-status' ORDER BY id DESC LIMIT 1`);
  // A copy keeps its original's template (the template's rules decide it too: rules/rule-scope.ts).
  const setOriginal = db.prepare(`UPDATE items SET original_id = ?, template_id = (SELECT template_id FROM items WHERE local_id = ?) WHERE local_id = ?`);

  let categoryTitles: Map<number, string> | null = null;
  const categoryTitle = (id: number) => {
    categoryTitles ??= new Map(settingsCache(db).categories().map((c) => [c.id, c.title]));
    return categoryTitles.get(id);
  };

  /**
   * A description that still holds a template's placeholders is filled now, from the fields as
   * they are at publish and in the listing's language (issue 21: filled at creation, while the
   * fields were empty, "Kunto: {condition}. Hinta {price} €" went live as "€."). The fill is an
   * edit queued before the status change, so the service gets the text before it publishes.
   */
  function fillPlaceholders(localId: number, fields: DraftFields, now: number): PlaceholderFill | null {
    const description = fields.description;
    if (typeof description !== 'string' || !hasPlaceholders(description)) return null;
    const filled = fillListingText(description, fields, categoryTitle);
    drafts.editDraft(localId, { description: filled }, now);
    return { template: description, filled };
  }

  /** The status the item will have once its queued status change is sent. */
  function intendedStatus(localId: number, known: string): string {
    const row = pendingStatus.get(localId) as OutboxRow | undefined;
    return row ? (JSON.parse(row.payload) as { status: string }).status : known;
  }

  return {
    intendedStatus(localId: number): string | undefined {
      const item = reads.item(localId);
      return item && intendedStatus(localId, item.status);
    },

    /**
     * Queues publishing a draft or preview. Every problem counts here, missing fields and the
     * image count included: what the service would refuse is refused before it is queued.
     * The sync engine sends it in two phases (create or update the remote draft, then publish).
     * Returns the description's fill, if it held placeholders (a bulk publish keeps it for undo).
     */
    publish(localId: number, now = Date.now(), stepId: number | null = null, ctx: ValidationContext = cachedValidationContext(db)): PlaceholderFill | null {
      return db.transaction(() => {
        const item = reads.item(localId);
        if (!item || item.deletedAt !== null) throw new DraftError('not-found', `item ${localId} does not exist`, [], undefined, { reason: 'item-not-found', params: { id: localId } });
        const status = intendedStatus(localId, item.status);
        if (!ACTION_FROM.publish.includes(status)) throw new DraftError('state', `item ${localId} is ${status}: only drafts and previews can be published`, [], undefined, { reason: 'publish-status', params: { status: status } });
        const problems = publishProblems(item.fields, ctx, reads.imageCount(localId));
        if (problems.length > 0) throw new DraftError('validation', 'the item is not ready to publish', [{ localId, problems }], undefined, { reason: 'not-ready-to-publish' });
        const fill = fillPlaceholders(localId, item.fields, now);
        touch.run(now, localId);
        outbox.enqueue(localId, 'set-status', { status: 'published' }, now, stepId);
        return fill;
      })();
    },

    /** Queues closing a published item (published -> closed). */
    close(localId: number, now = Date.now(), stepId: number | null = null): void {
      db.transaction(() => {
        const item = reads.item(localId);
        if (!item || item.deletedAt !== null) throw new DraftError('not-found', `item ${localId} does not exist`, [], undefined, { reason: 'item-not-found', params: { id: localId } });
        const status = intendedStatus(localId, item.status);
        if (!ACTION_FROM.close.includes(status)) throw new DraftError('state', `item ${localId} is ${status}: only published items can be closed`, [], undefined, { reason: 'close-status', params: { status: status } });
        touch.run(now, localId);
        outbox.enqueue(localId, 'set-status', { status: 'closed' }, now, stepId);
      })();
    },

    /**
     * Copies a closed item into a new local draft (POST /items with originalId). The data is
     * copied here so the draft can be edited at once; the outbox row tells the service the
     * origin, so it copies the images too.
     */
    copyClosed(localId: number, now = Date.now()): number {
      return db.transaction(() => {
        const item = reads.item(localId);
        if (!item) throw new DraftError('not-found', `item ${localId} does not exist`, [], undefined, { reason: 'item-not-found', params: { id: localId } });
        if (!ACTION_FROM.copy.includes(item.status) || item.remoteId === null) throw new DraftError('state', `item ${localId} is ${item.status}: only closed items can be copied`, [], undefined, { reason: 'copy-status', params: { status: item.status } });
        // Known only from its list summary: a copy would carry its unknown fields as empty ones
        // (and the queued create would send them so). Its record is read first (the handlers do).
        if (item.detail !== 'full') throw detailsMissing([localId]);
        const copy = drafts.insertValidated(item.fields, now, false);
        setOriginal.run(item.remoteId, localId, copy);
        outbox.enqueue(copy, 'copy', { originalRemoteId: item.remoteId }, now);
        return copy;
      })();
    },
  };
}
