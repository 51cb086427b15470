// The images of the draft in the editor: the prepared ones (images.list), and the files being
// added, each shown at once from a local blob: URL with its own progress, plus the overall
// progress. Preparation runs in the core; a photo already prepared (same bytes) is reused by
// hash, not prepared again. DOM-free apart from the URL factory, which the caller passes in.
import { createStore } from 'zustand/vanilla';
import type { ImageEdits, ImageSource, IpcEventPayload, IpcOutput } from '../../../shared/ipc/contract.ts';
import { call, type Bridge } from '../bridge/bridge-types.ts';
import { callSequence } from '../navigation/live-store.ts';
import { describeError, describeProblem } from '../i18n/describe-error.ts';
import { msg, type Msg } from '../i18n/messages.ts';

export type StoredImage = IpcOutput<'images.list'>[number];
export type PendingPhase = 'queued' | 'reading' | 'sending' | 'preparing' | 'added' | 'duplicate' | 'failed' | 'refused';

export interface PendingImage {
  key: number;
  name: string;
  /**
   * A small local preview of the file (a data: URL decoded off the page's thread at its display
   * size), shown before the core has prepared it; null until then, or when there is none.
   */
  preview: string | null;
  phase: PendingPhase;
  /** Why it was refused or failed, in the seller's words. */
  reason?: Msg;
}

export type UploadPhase = IpcEventPayload<'images.upload'>['phase'];

/** The core's reason for a refused or failed photo, in words (its English `error` stays for logs). */
function reasonOf(event: { error?: string; issue?: { rule: string; params: Record<string, string | number> } }): Pick<PendingImage, 'reason'> {
  if (event.issue) return { reason: describeProblem({ field: 'images', rule: event.issue.rule, params: event.issue.params }) };
  return event.error ? { reason: msg('errors.rule.photo-damaged', { field: msg('errors.field.images') }) } : {};
}

export interface ImagesState {
  localId: number | null;
  images: StoredImage[];
  pending: PendingImage[];
  /** The sync's upload of each photo of this draft to the marketplace, by image id. */
  uploads: Record<number, { phase: UploadPhase; error?: string }>;
  /** What the last action left to say, put into words by the panel. */
  message: Msg | null;
}

/** How far along one file is, 0..1 (the bar of each file and, summed, the overall bar). */
export function phaseProgress(phase: PendingPhase): number {
  switch (phase) {
    case 'queued': return 0;
    case 'reading': return 0.15;
    case 'sending': return 0.3;
    case 'preparing': return 0.6;
    case 'added': case 'duplicate': case 'failed': case 'refused': return 1;
  }
}

/**
 * The overall bar: finished of all, and the finished counted apart (prepared, already on the
 * draft, failed while preparing, refused before taking a slot), so "40 of 40" never hides 8 failures.
 */
export function overallProgress(pending: readonly PendingImage[]) {
  const total = pending.length;
  const count = (phase: PendingPhase) => pending.filter((p) => p.phase === phase).length;
  const prepared = count('added');
  const duplicate = count('duplicate');
  const failed = count('failed');
  const refused = count('refused');
  const fraction = total === 0 ? 1 : pending.reduce((sum, p) => sum + phaseProgress(p.phase), 0) / total;
  return { done: prepared + duplicate + failed + refused, total, prepared, duplicate, failed, refused, fraction };
}

/**
 * The draft's photos on the marketplace: uploaded of all prepared ones. An upload has no byte
 * progress of its own (one request per photo), so a photo counts once it is on the service.
 */
export function uploadProgress(images: readonly StoredImage[], uploads: ImagesState['uploads']) {
  const relevant = images.filter((img) => img.state !== 'failed' && img.state !== 'preparing');
  const uploaded = relevant.filter((img) => img.state === 'uploaded' || uploads[img.id]?.phase === 'uploaded').length;
  const uploading = relevant.filter((img) => img.state !== 'uploaded' && uploads[img.id]?.phase === 'uploading').length;
  const failed = relevant.filter((img) => img.state !== 'uploaded' && uploads[img.id]?.phase === 'failed').length;
  const total = relevant.length;
  return { uploaded, uploading, failed, total, fraction: total === 0 ? 1 : uploaded / total };
}

export interface FileSource {
  name: string;
  /**
   * Where the core reads the file: its path (Electron) or a streamed upload (web mode); a test
   * gives a path. The bytes never travel inside an IPC message.
   */
  stage(): Promise<ImageSource>;
  /** A small preview (see smallPreview in file-sources.ts); `wanted` says whether it is still shown. */
  preview(wanted: () => boolean): Promise<string | null>;
}

/** Files per images.add call: batches so thumbnails show as they are ready, while the next batch uploads. */
const BATCH = 8;
const FINAL: readonly PendingPhase[] = ['added', 'duplicate', 'failed', 'refused'];

export function createImagesStore(bridge: Bridge) {
  const store = createStore<ImagesState>()(() => ({ localId: null, images: [], pending: [], uploads: {}, message: null }));
  const set = store.setState;
  let nextKey = 1;

  const patch = (key: number, change: Partial<PendingImage>) =>
    set({ pending: store.getState().pending.map((p) => (p.key === key ? { ...p, ...change } : p)) });

  /**
   * Taken by every list request and by every change shown before the core confirms it: only the
   * newest one's answer is applied, so a list asked for before a reorder cannot put the old order
   * back while the seller drags the next photo.
   */
  const nextList = callSequence();

  async function list(localId: number): Promise<void> {
    const isNewest = nextList();
    try {
      const images = await call(bridge, 'images.list', { localId });
      if (isNewest() && store.getState().localId === localId) set({ images });
    } catch (error) {
      // Said in the panel, never thrown at whoever opened it (a list asked for as web mode's
      // server or the core starts again answers 'core-restarted': the next list reads it).
      if (isNewest() && store.getState().localId === localId) set({ message: describeError(error) });
    }
  }

  function onProgress(event: IpcEventPayload<'images.progress'>): void {
    const s = store.getState();
    if (event.localId !== s.localId) return;
    const target = s.pending.find((p) => (event.key !== undefined ? String(p.key) === event.key : p.name === event.file) && !FINAL.includes(p.phase));
    if (!target) return;
    // The core's 'reading' is its own read of the stored copy: the file is being prepared.
    patch(target.key, { phase: event.phase === 'reading' ? 'preparing' : event.phase, ...reasonOf(event) });
  }

  function onUpload(event: IpcEventPayload<'images.upload'>): void {
    const s = store.getState();
    if (event.localId !== s.localId) return;
    set({ uploads: { ...s.uploads, [event.imageId]: { phase: event.phase, ...(event.error ? { error: event.error } : {}) } } });
    // The list says 'uploaded' from the cache once the service holds the photo.
    if (event.phase === 'uploaded' && s.localId !== null) void list(s.localId);
  }

  async function reorder(imageIds: number[]): Promise<void> {
    const { localId, images } = store.getState();
    if (localId === null) return;
    const byId = new Map(images.map((img) => [img.id, img]));
    nextList();
    // The marketplace-only photos of a pulled item stay after the local ones, as listed.
    set({ images: [...imageIds.flatMap((id, position) => { const img = byId.get(id); return img ? [{ ...img, position }] : []; }), ...images.filter((img) => img.origin === 'remote')] });
    try {
      await call(bridge, 'images.reorder', { localId, imageIds });
    } catch (error) {
      set({ message: describeError(error) });
    }
    await list(localId);
  }

  /**
   * Each photo's edits as the seller asked for them last, while calls for it are on their way:
   * a key pressed during a turn builds on the turn asked for, not on the one the core has
   * confirmed (R three times 150 ms apart is 270°, issue 42), and the calls go one at a time.
   */
  const asked = new Map<number, ImageEdits>();
  const queues = new Map<number, Promise<void>>();

  /** The edits a new change of this photo starts from: the last asked for, else the saved ones. */
  const currentEdits = (image: StoredImage): ImageEdits => asked.get(image.id) ?? image.edits;

  /** Sets a photo's rotation and crop (kept as parameters; the core makes the upload from them): shown at once, then saved. */
  function edit(imageId: number, edits: ImageEdits): Promise<void> {
    if (store.getState().localId === null) return Promise.resolve();
    asked.set(imageId, edits);
    nextList();
    set({ images: store.getState().images.map((img) => (img.id === imageId ? { ...img, edits } : img)) });
    const run = async () => {
      // A later change of this photo is on its way after this one: only the last is sent.
      if (asked.get(imageId) !== edits) return;
      try {
        const image = await call(bridge, 'images.edit', { imageId, edits });
        if (asked.get(imageId) !== edits) return;
        asked.delete(imageId);
        set({ images: store.getState().images.map((img) => (img.id === imageId ? image : img)) });
      } catch (error) {
        if (asked.get(imageId) === edits) asked.delete(imageId);
        set({ message: describeError(error) });
        const { localId } = store.getState();
        if (localId !== null) await list(localId);
      }
    };
    const queued = (queues.get(imageId) ?? Promise.resolve()).then(run);
    queues.set(imageId, queued);
    void queued.finally(() => {
      if (queues.get(imageId) === queued) queues.delete(imageId);
    });
    return queued;
  }

  return Object.assign(store, {
    bridge,
    listen: () => {
      const offs = [bridge.on('images.progress', onProgress), bridge.on('images.upload', onUpload)];
      return () => offs.forEach((off) => off());
    },
    actions: {
      async show(localId: number | null): Promise<void> {
        const s = store.getState();
        // Reopening keeps files still in progress, not the report of finished ones.
        if (s.localId !== localId) set({ localId, images: [], pending: [], uploads: {}, message: null });
        else set({ pending: s.pending.filter((p) => !FINAL.includes(p.phase)), message: null });
        if (localId !== null) await list(localId);
      },
      reload: async () => {
        const { localId } = store.getState();
        if (localId !== null) await list(localId);
      },
      async add(files: readonly FileSource[]): Promise<void> {
        const { localId } = store.getState();
        if (localId === null || files.length === 0) return;
        const entries = files.map((f) => ({ file: f, item: { key: nextKey++, name: f.name, preview: null, phase: 'queued' as PendingPhase } }));
        set({ pending: [...store.getState().pending.filter((p) => !FINAL.includes(p.phase) || p.phase === 'failed'), ...entries.map((e) => e.item)], message: null });
        // Previews come one by one as they are decoded; none for a file already prepared or gone.
        for (const { file, item } of entries) {
          const shown = () => store.getState().pending.some((p) => p.key === item.key && !FINAL.includes(p.phase));
          void file.preview(shown).then((preview) => {
            if (preview && store.getState().pending.some((p) => p.key === item.key)) patch(item.key, { preview });
          }, () => undefined);
        }
        const fail = (key: number, error: unknown) => {
          const current = store.getState().pending.find((p) => p.key === key);
          if (current && !FINAL.includes(current.phase)) patch(key, { phase: 'failed', reason: describeError(error) });
        };
        // Batch k is prepared by the core while batch k+1 is staged (uploaded in web mode); the
        // calls themselves go one after another so the photos keep the order they were given in.
        let previous: Promise<void> = Promise.resolve();
        for (let i = 0; i < entries.length; i += BATCH) {
          const batch = entries.slice(i, i + BATCH);
          const files: Array<{ name: string; key: string; source: ImageSource }> = [];
          for (const { file, item } of batch) {
            patch(item.key, { phase: 'sending' });
            try {
              files.push({ name: file.name, key: String(item.key), source: await file.stage() });
              patch(item.key, { phase: 'queued' });
            } catch (error) {
              fail(item.key, error);
            }
          }
          await previous;
          if (files.length === 0) continue;
          previous = call(bridge, 'images.add', { localId, files }).then(async (results) => {
            for (const r of results) {
              const target = store.getState().pending.find((p) => String(p.key) === r.key && !FINAL.includes(p.phase));
              if (target) patch(target.key, { phase: r.outcome, ...reasonOf(r) });
            }
            await list(localId);
          }, (error: unknown) => {
            for (const { item } of batch) fail(item.key, error);
          });
        }
        await previous;
        const reused = store.getState().pending.filter((p) => p.phase === 'duplicate').length;
        if (reused > 0) set({ message: msg('photos.alreadyOn', { count: reused }) });
      },
      /** The new order of the prepared images; shown at once, then saved. */
      reorder,
      async move(imageId: number, by: number): Promise<void> {
        const ids = store.getState().images.filter((img) => img.origin === 'local').map((img) => img.id);
        const from = ids.indexOf(imageId);
        const to = Math.max(0, Math.min(ids.length - 1, from + by));
        if (from < 0 || from === to) return;
        ids.splice(to, 0, ...ids.splice(from, 1));
        await reorder(ids);
      },
      async remove(imageId: number): Promise<void> {
        const { localId } = store.getState();
        if (localId === null) return;
        try {
          await call(bridge, 'images.remove', { imageId });
        } catch (error) {
          set({ message: describeError(error) });
        }
        await list(localId);
      },
      edit,
      /**
       * A quarter turn clockwise (by = 1) or counterclockwise (by = -1). A crop is cleared: it was
       * drawn on the picture as it was turned before.
       */
      async rotate(imageId: number, by: 1 | -1): Promise<void> {
        const image = store.getState().images.find((img) => img.id === imageId);
        if (!image || image.origin !== 'local') return;
        const rotate = ((((currentEdits(image).rotate + by * 90) % 360) + 360) % 360) as ImageEdits['rotate'];
        await edit(imageId, { rotate, crop: null });
      },
      clearFinished: () => set({ pending: store.getState().pending.filter((p) => !FINAL.includes(p.phase)) }),
    },
  });
}

export type ImagesStore = ReturnType<typeof createImagesStore>;
