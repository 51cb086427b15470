// The images of the draft in the editor: the prepared ones (images.list), and the files being
// added, each shown at once from a local blob: URL with its own progress, plus the overall
// progress. Preparation runs in the core; a photo already prepared (same bytes) is reused by
// hash, not prepared again. DOM-free apart from the URL factory, which the caller passes in.
import { createStore } from 'zustand/vanilla';
import type { IpcEventPayload, IpcOutput } from '../../../shared/ipc.ts';
import { call, type Bridge } from '../bridge/bridge-types.ts';
import { callSequence } from '../navigation/live-store.ts';

export type StoredImage = IpcOutput<'images.list'>[number];
export type PendingPhase = 'queued' | 'reading' | 'sending' | 'preparing' | 'added' | 'duplicate' | 'failed';

export interface PendingImage {
  key: number;
  name: string;
  /** A local preview of the file itself (blob: URL), shown before the core has prepared it. */
  preview: string | null;
  phase: PendingPhase;
  error?: string;
}

export type UploadPhase = IpcEventPayload<'images.upload'>['phase'];

export interface ImagesState {
  localId: number | null;
  images: StoredImage[];
  pending: PendingImage[];
  /** The sync's upload of each photo of this draft to the marketplace, by image id. */
  uploads: Record<number, { phase: UploadPhase; error?: string }>;
  message: string | null;
}

/** How far along one file is, 0..1 (the bar of each file and, summed, the overall bar). */
export function phaseProgress(phase: PendingPhase): number {
  switch (phase) {
    case 'queued': return 0;
    case 'reading': return 0.15;
    case 'sending': return 0.3;
    case 'preparing': return 0.6;
    case 'added': case 'duplicate': case 'failed': return 1;
  }
}

export function overallProgress(pending: readonly PendingImage[]): { done: number; total: number; fraction: number } {
  const total = pending.length;
  const done = pending.filter((p) => phaseProgress(p.phase) === 1).length;
  const fraction = total === 0 ? 1 : pending.reduce((sum, p) => sum + phaseProgress(p.phase), 0) / total;
  return { done, total, fraction };
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
  /** Reads the bytes as base64 (FileReader in the renderer, a Buffer in tests). */
  read(): Promise<string>;
  preview(): string | null;
}

/** Files per images.add call: small batches so progress and thumbnails arrive as they are ready. */
const BATCH = 4;
const FINAL: readonly PendingPhase[] = ['added', 'duplicate', 'failed'];

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
    const images = await call(bridge, 'images.list', { localId });
    if (isNewest() && store.getState().localId === localId) set({ images });
  }

  function onProgress(event: IpcEventPayload<'images.progress'>): void {
    const s = store.getState();
    if (event.localId !== s.localId) return;
    const target = s.pending.find((p) => p.name === event.file && !FINAL.includes(p.phase));
    if (!target) return;
    // The core's 'reading' is its own read of the stored copy: the file is being prepared.
    patch(target.key, { phase: event.phase === 'reading' ? 'preparing' : event.phase, ...(event.error ? { error: event.error } : {}) });
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
    set({ images: imageIds.flatMap((id, position) => { const img = byId.get(id); return img ? [{ ...img, position }] : []; }) });
    try {
      await call(bridge, 'images.reorder', { localId, imageIds });
    } catch (error) {
      set({ message: error instanceof Error ? error.message : String(error) });
    }
    await list(localId);
  }

  return Object.assign(store, {
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
        const entries = files.map((f) => ({ file: f, item: { key: nextKey++, name: f.name, preview: f.preview(), phase: 'queued' as PendingPhase } }));
        set({ pending: [...store.getState().pending.filter((p) => !FINAL.includes(p.phase) || p.phase === 'failed'), ...entries.map((e) => e.item)], message: null });
        for (let i = 0; i < entries.length; i += BATCH) {
          const batch = entries.slice(i, i + BATCH);
          const payload: Array<{ name: string; base64: string }> = [];
          for (const { file, item } of batch) {
            patch(item.key, { phase: 'reading' });
            try {
              payload.push({ name: file.name, base64: await file.read() });
              patch(item.key, { phase: 'sending' });
            } catch (error) {
              patch(item.key, { phase: 'failed', error: error instanceof Error ? error.message : String(error) });
            }
          }
          if (payload.length === 0) continue;
          try {
            const results = await call(bridge, 'images.add', { localId, files: payload });
            for (const r of results) {
              const target = store.getState().pending.find((p) => p.name === r.file && !FINAL.includes(p.phase));
              if (target) patch(target.key, { phase: r.outcome, ...(r.error ? { error: r.error } : {}) });
            }
          } catch (error) {
            for (const { item } of batch) {
              const current = store.getState().pending.find((p) => p.key === item.key);
              if (current && !FINAL.includes(current.phase)) patch(item.key, { phase: 'failed', error: error instanceof Error ? error.message : String(error) });
            }
          }
          await list(localId);
        }
        const reused = store.getState().pending.filter((p) => p.phase === 'duplicate').length;
        if (reused > 0) set({ message: `${reused} photo${reused === 1 ? ' is' : 's are'} already on this draft: not added twice.` });
      },
      /** The new order of the prepared images; shown at once, then saved. */
      reorder,
      async move(imageId: number, by: number): Promise<void> {
        const ids = store.getState().images.map((img) => img.id);
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
          set({ message: error instanceof Error ? error.message : String(error) });
        }
        await list(localId);
      },
      clearFinished: () => set({ pending: store.getState().pending.filter((p) => !FINAL.includes(p.phase)) }),
    },
  });
}

export type ImagesStore = ReturnType<typeof createImagesStore>;
