// One outbox row against the service. Each function either completes the row (in one local
// transaction with what the service answered) or throws; the engine classifies the error.
import { readFileSync } from 'node:fs';
import { ApiError } from '../api/api-error.ts';
import type { Db } from '../db/open-account-db.ts';
import type { ListingInput, ListingStep, MarketListing } from './market-listing.ts';
import type { MarketplacePort } from './marketplace-port.ts';
import type { OutboxKind, OutboxPayload, OutboxRow } from '../outbox/outbox.ts';
import type { UploadPhase } from './events.ts';
import { findLostCreate } from './reconcile.ts';
import { inputOf } from './server-fields.ts';
import { goneIsDone, logOutcomeOf, sendOrReadBack } from './request-outcome.ts';
import type { SyncRepository } from './sync-repository.ts';

// The outbox's writes are repeated by the outbox only (push-engine.ts: the row is deferred to its
// `next_attempt_at`, exponential with jitter, Retry-After honoured): the HTTP layer repeats only
// reads, so there is one owner and one policy for them. Reads (GET) keep its quick repeats.

export interface OpContext {
  api: MarketplacePort;
  store: SyncRepository;
  /** The account's cache (handlers of kinds with a module of their own keep their statements per connection). */
  db: Db;
  userId: number;
  now: () => number;
  /** Called once the item is no longer a remote draft (its slot is free again). */
  leftDraft: () => void;
  /** Each photo's upload: started (with its size), then uploaded or failed. */
  upload: (imageId: number, phase: UploadPhase, bytes: number, error?: string) => void;
  /**
   * The item's remote image ids in the service's order as far as this push of the item knows
   * them (null: unknown, read them). Known from the create's answer (a new draft has none, a copy
   * its original's) and kept by our own uploads (the service appends a new image), removals and
   * reorders in this push: the image order check before a publish then costs no GET. Only this
   * push's answers set it, never the cache: another device may have changed the images since.
   */
  remoteImages: number[] | null;
}

export type OpResult = 'applied' | 'dropped';
export type Payload<K extends OutboxKind> = OutboxPayload<K>;
export type CreatePayload = OutboxPayload<'create'> | OutboxPayload<'copy'>;

const internal = (message: string) => new ApiError({ status: 0, code: 'internal', field: null, message, retryable: false, mayHaveReached: false });

/** The item's id on the marketplace; a row sent before its create completed is the core's own bug. */
export function remoteIdOf(ctx: OpContext, row: OutboxRow): number {
  const id = ctx.store.item(row.item_local_id)?.remote_id ?? null;
  if (id === null) throw internal(`item ${row.item_local_id} has no remote id yet`);
  return id;
}

/**
 * Runs `send` with an audit-log entry. A POST (create, copy, upload) gets its entry committed
 * BEFORE the request: the crash marker that makes the next attempt reconcile first instead of
 * creating twice. With `closedByCompletion` the success is recorded by the completing
 * transaction itself, so no crash can leave "ok" in the log without the remote id in the cache.
 * A PUT or DELETE needs no marker (sent again after a crash it has the same effect, and a status
 * step the service refuses with 409 is read back): its entry is written with the row's outcome,
 * in the transaction that records it, not by commits of its own (synchronous=FULL).
 */
async function logged<T>(ctx: OpContext, row: OutboxRow, method: string, path: string, send: () => Promise<T>, closedByCompletion = false): Promise<T> {
  if (method !== 'POST') {
    const sentAt = ctx.now();
    try {
      const result = await send();
      ctx.store.logDone(row, method, path, 200, 'ok', null, sentAt, ctx.now());
      return result;
    } catch (error) {
      const o = logOutcomeOf(error);
      ctx.store.logDone(row, method, path, o.status, o.outcome, o.message, sentAt, ctx.now());
      throw error;
    }
  }
  const logId = ctx.store.logSent(row, method, path, ctx.now());
  try {
    const result = await send();
    if (!closedByCompletion) ctx.store.logFinish(logId, 200, 'ok', null, ctx.now());
    return result;
  } catch (error) {
    const o = logOutcomeOf(error);
    ctx.store.logFinish(logId, o.status, o.outcome, o.message, ctx.now());
    throw error;
  }
}

export async function createOrCopy(ctx: OpContext, row: OutboxRow, payload: CreatePayload): Promise<OpResult> {
  const item = ctx.store.item(row.item_local_id);
  if (!item) return 'dropped';
  if (item.remote_id !== null) {
    ctx.store.completeRow(row, null);
    return 'dropped';
  }
  // A create folds the queued edits in: it sends the current row, and the edit rows written
  // before this moment are removed with the create's completion.
  const foldedUpTo = Math.max(0, ...ctx.store.rowsOf(row.item_local_id).filter((r) => r.kind === 'edit').map((r) => r.id));
  const input: ListingInput = 'originalRemoteId' in payload
    ? { copyOf: payload.originalRemoteId }
    : { fields: inputOf(ctx.store.currentFields(row.item_local_id)) };
  const isCopy = 'copyOf' in input;

  if (ctx.store.hadUnfinishedSend(row.id)) {
    const found = await findLostCreate(ctx.api, ctx.userId, input, ctx.store.claimedRemoteIds());
    if (found) {
      ctx.store.completeCreate(row, found, isCopy ? 0 : foldedUpTo, ctx.now());
      ctx.remoteImages = found.photos.map((p) => p.id);
      return 'applied';
    }
  }
  const created = await logged(ctx, row, 'POST', '/items', () => ctx.api.createListing(input, { idempotencyKey: row.idempotency_key }), true);
  // A copy's local fields may differ from the original's: the queued edits stay and follow.
  ctx.store.completeCreate(row, created, isCopy ? 0 : foldedUpTo, ctx.now());
  ctx.remoteImages = created.photos.map((p) => p.id);
  return 'applied';
}

export async function edit(ctx: OpContext, row: OutboxRow, payload: OutboxPayload<'edit'>): Promise<OpResult> {
  // A field a later edit sets again is left to that edit (how a rejected value the user has
  // since corrected stops blocking the item).
  const later = ctx.store.fieldsSetLater(row);
  const fields = inputOf(Object.fromEntries(Object.entries(payload.fields).filter(([k]) => !later.has(k))));
  if (Object.keys(fields).length === 0) {
    ctx.store.completeRow(row, null);
    return 'dropped';
  }
  const id = remoteIdOf(ctx, row);
  const item = await logged(ctx, row, 'PUT', `/items/${id}`, () => ctx.api.editListing(id, fields));
  ctx.store.completeRow(row, item);
  ctx.remoteImages = item.photos.map((p) => p.id);
  return 'applied';
}

export async function remove(ctx: OpContext, row: OutboxRow): Promise<OpResult> {
  const id = ctx.store.item(row.item_local_id)?.remote_id ?? null;
  if (id !== null) {
    await goneIsDone(() => logged(ctx, row, 'DELETE', `/items/${id}`, () => ctx.api.deleteListing(id)));
    ctx.leftDraft();
  }
  ctx.store.completeDelete(row);
  return 'applied';
}

/**
 * Steps the remote item to the target status; the service's answer to the last step confirms it.
 * The cached status (the service's answer to our create or the last pull) saves reading the item
 * first when it is a draft or a preview: a stale one is harmless, since a step the service refuses
 * with 409 is read back, and a target already reached counts as done.
 */
export async function setStatus(ctx: OpContext, row: OutboxRow, payload: OutboxPayload<'set-status'>): Promise<OpResult> {
  const id = remoteIdOf(ctx, row);
  const target = payload.status;
  // A publish with a future list time makes the item `waiting` on the service (it lists itself
  // then): the publish has arrived, scheduled; never a refusal.
  const reached = (status: string) => status === target || (target === 'published' && status === 'waiting');
  const cached = ctx.store.item(row.item_local_id)?.status;
  let current: MarketListing | null = target === 'published' && (cached === 'draft' || cached === 'preview') ? null : await ctx.api.listing(id);
  const from = current?.status ?? (cached as string);
  // Already past draft (an earlier attempt got that far): its draft slot is free again.
  if (from !== 'draft') ctx.leftDraft();
  const path: ListingStep[] = [];
  if (target === 'published') {
    if (from === 'draft') path.push('preview', 'published');
    else if (from === 'preview') path.push('published');
  } else if (target === 'closed') {
    if (from === 'published') path.push('closed');
  } else if (from !== target) {
    path.push(target);
  }
  if (path.length === 0 && !reached(from)) {
    throw new ApiError({ status: 409, code: 'state', field: 'status', message: `the item is ${from} on the service: it cannot become ${target}`, retryable: false, mayHaveReached: true });
  }
  for (const status of path) {
    try {
      current = await logged(ctx, row, 'PUT', `/items/${id}`, () => ctx.api.changeStatus(id, status));
    } catch (error) {
      // A step the service refuses with 409 may have been made already (an earlier attempt whose
      // answer was lost, a stale cached status): read the item to tell that from a refusal.
      if (!(error instanceof ApiError && error.refusedInCurrentState)) throw error;
      current = await ctx.api.listing(id);
      if (reached(current.status)) break;
      if (current.status !== status) throw error;
    }
    if (current.status !== 'draft') ctx.leftDraft();
  }
  const confirmed = current !== null && reached(current.status) ? current : await ctx.api.listing(id);
  if (!reached(confirmed.status)) {
    throw new ApiError({ status: 0, code: 'not_confirmed', field: 'status', message: `the item reads back as ${confirmed.status}, not ${target}`, retryable: true, mayHaveReached: true });
  }
  ctx.store.completeRow(row, confirmed);
  return 'applied';
}

export async function addImage(ctx: OpContext, row: OutboxRow, payload: OutboxPayload<'add-image'>): Promise<OpResult> {
  const image = ctx.store.image(payload.imageId);
  if (!image || image.remote_id !== null || image.prep_state !== 'ready' || !image.file_path) {
    ctx.store.completeRow(row, null);
    return 'dropped';
  }
  const id = remoteIdOf(ctx, row);
  let remoteImageId: number | null = null;
  if (ctx.store.hadUnfinishedSend(row.id)) {
    // The lost upload is the remote image no local image claims.
    const known = ctx.store.knownImageRemoteIds(row.item_local_id);
    const remote = await ctx.api.photosOf(id);
    remoteImageId = remote.find((rid) => !known.has(rid)) ?? null;
    ctx.remoteImages = remote;
  }
  let size = image.bytes ?? 0;
  if (remoteImageId === null) {
    const bytes = readFileSync(image.file_path);
    size = bytes.byteLength;
    ctx.upload(image.id, 'uploading', bytes.byteLength);
    try {
      remoteImageId = await logged(ctx, row, 'POST', `/items/${id}/images`, () => ctx.api.uploadPhoto(id, bytes, { idempotencyKey: row.idempotency_key }), true);
      ctx.remoteImages?.push(remoteImageId);
    } catch (error) {
      ctx.upload(image.id, 'failed', bytes.byteLength, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }
  ctx.store.completeImageUpload(row, image.id, remoteImageId, ctx.now());
  // Reported after the commit: "uploaded" is only said once the cache knows the remote id.
  ctx.upload(image.id, 'uploaded', size);
  // Removed locally while it was uploading: its remove row carried no remote id, so undo here.
  if (!ctx.store.image(image.id)) {
    const removed = remoteImageId;
    // Whether the delete went or not, this push no longer knows the list for sure.
    ctx.remoteImages = null;
    await ctx.api.deletePhoto(id, removed).catch(() => undefined);
  }
  return 'applied';
}

export async function removeImage(ctx: OpContext, row: OutboxRow, payload: OutboxPayload<'remove-image'>): Promise<OpResult> {
  if (payload.remoteId === null) {
    ctx.store.completeRow(row, null);
    return 'dropped';
  }
  const id = remoteIdOf(ctx, row);
  await goneIsDone(() => logged(ctx, row, 'DELETE', `/items/${id}/images/${payload.remoteId}`, () => ctx.api.deletePhoto(id, payload.remoteId as number)));
  ctx.store.completeRow(row, null);
  if (ctx.remoteImages) ctx.remoteImages = ctx.remoteImages.filter((rid) => rid !== payload.remoteId);
  return 'applied';
}

/**
 * Makes the remote order the CURRENT local order (the latest truth), remote images unknown here
 * last. Also run after an item's uploads: they finish in preparation order, not the user's. The
 * remote order is read only when this push does not know it (`OpContext.remoteImages`); the
 * context then knows the order it left.
 */
export async function applyLocalOrder(ctx: Pick<OpContext, 'api' | 'store' | 'remoteImages'>, localId: number, remoteItemId: number): Promise<boolean> {
  const remote = ctx.remoteImages ?? (await ctx.api.photosOf(remoteItemId));
  ctx.remoteImages = remote;
  const remoteSet = new Set(remote);
  const local = ctx.store.imagesOf(localId).map((i) => i.remote_id).filter((r): r is number => r !== null && remoteSet.has(r));
  const order = [...local, ...remote.filter((r) => !local.includes(r))];
  if (order.join() === remote.join()) return false;
  // Not known until the answer: a failure leaves the order unknown.
  ctx.remoteImages = null;
  ctx.remoteImages = await ctx.api.orderPhotos(remoteItemId, order);
  return true;
}

export async function reorderImages(ctx: OpContext, row: OutboxRow): Promise<OpResult> {
  const id = remoteIdOf(ctx, row);
  const changed = await applyLocalOrder(ctx, row.item_local_id, id);
  ctx.store.completeRow(row, null);
  return changed ? 'applied' : 'dropped';
}

export async function answerQuestion(ctx: OpContext, row: OutboxRow, payload: OutboxPayload<'answer-question'>): Promise<OpResult> {
  const id = remoteIdOf(ctx, row);
  // Answered already: ours (an earlier attempt whose answer was lost) completes the row.
  const question = await sendOrReadBack(
    () => logged(ctx, row, 'PUT', `/items/${id}/questions/${payload.questionId}`, () => ctx.api.answerQuestion(id, payload.questionId, payload.answer)),
    async () => {
      const seen = await ctx.api.getQuestion(id, payload.questionId);
      return seen.answer === payload.answer ? seen : null;
    },
  );
  ctx.store.completeAnswer(row, payload.questionId, question.answer, question.answeredAt, question.record);
  return 'applied';
}

export async function decideOffer(ctx: OpContext, row: OutboxRow, payload: OutboxPayload<'offer-decision'>): Promise<OpResult> {
  const id = remoteIdOf(ctx, row);
  const offer = await sendOrReadBack(
    () => logged(ctx, row, 'PUT', `/items/${id}/offers/${payload.offerId}`, () => ctx.api.decideOffer(id, payload.offerId, payload.decision)),
    async () => {
      const seen = await ctx.api.getOffer(id, payload.offerId);
      return seen.state === payload.decision ? seen : null;
    },
  );
  ctx.store.completeOffer(row, offer);
  return 'applied';
}
