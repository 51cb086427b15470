// The photos panel's methods: add by path or staged upload (prepared in worker threads, with
// progress events), list (local photos and the marketplace's own), reorder, remove, rotate/crop.
// A few lines each over electron/core/images/.
import { DraftError } from '../../drafts/draft-error.ts';
import { itemReads } from '../../drafts/item-rows.ts';
import { addImages } from '../../images/add-images.ts';
import { imageEdits } from '../../images/image-edits.ts';
import { editImage, listItemImages, originalImage } from '../../images/image-library.ts';
import { resolveSources } from '../../images/staged-uploads.ts';
import { sharedPreparePool } from '../../images/worker-pool.ts';
import type { CoreSession } from '../../session/core-session.ts';
import { changedEmitter, perCache, type HandlerMap } from '../handler-types.ts';

type ImagesMethod = 'images.add' | 'images.list' | 'images.reorder' | 'images.remove' | 'images.edit' | 'images.original';

export function imagesHandlers(session: CoreSession): HandlerMap<ImagesMethod> {
  const repo = perCache(session, (db) => ({ items: itemReads(db), edits: imageEdits(db) }));
  const changed = changedEmitter(session);
  const pool = sharedPreparePool();
  const list = (localId: number) => {
    const sync = session.sync();
    // Offline (or no marketplace): only the thumbnails already cached are shown.
    const media = sync.media && !sync.status().offline ? sync.media.bind(sync) : undefined;
    return listItemImages(session.db(), session.folder(), localId, media);
  };

  return {
    async 'images.add'({ localId, files }) {
      // Files only by the seller's hand (issue 19): one not handed over is refused on its own.
      const { sources, release } = await resolveSources(session.files, files);
      try {
        const accepted = sources.flatMap((s) => ('file' in s ? [s.file] : []));
        const added = accepted.length === 0 ? [] : await addImages(session.db(), {
          itemLocalId: localId, files: accepted, folder: session.folder(), pool, turn: () => session.writes().turn(),
          onProgress: (e) => session.emit('images.progress', {
            localId, file: e.file, ...(e.key !== undefined ? { key: e.key } : {}), phase: e.phase, done: e.done, total: e.total, ...(e.error ? { error: e.error } : {}), ...(e.issue ? { issue: e.issue } : {}),
          }),
        });
        let next = 0;
        const results = sources.map((s, i) => {
          if ('file' in s) return added[next++]!;
          const file = files[i]!;
          return { file: file.name, ...(file.key !== undefined ? { key: file.key } : {}), outcome: 'refused' as const, imageId: null, error: s.refused.message, issue: { rule: s.refused.rule, params: s.refused.params } };
        });
        if (accepted.length > 0) changed([localId], 'images');
        return results;
      } finally {
        release();
      }
    },
    async 'images.list'({ localId }) {
      const item = repo().items.item(localId);
      if (!item || item.deletedAt !== null) throw new DraftError('not-found', `item ${localId} does not exist`, [], undefined, { reason: 'item-not-found', params: { id: localId } });
      return list(localId);
    },
    'images.reorder'({ localId, imageIds }) {
      repo().edits.reorderImages(localId, imageIds);
      changed([localId], 'images');
      return { ok: true as const };
    },
    'images.remove'({ imageId }) {
      repo().edits.removeImage(imageId);
      changed(null, 'images');
      return { ok: true as const };
    },
    async 'images.edit'({ imageId, edits }) {
      const localId = await editImage(session.db(), session.folder(), pool, imageId, edits, Date.now(), () => session.writes().turn());
      changed([localId], 'images');
      const image = (await list(localId)).find((i) => i.id === imageId);
      if (!image) throw new DraftError('not-found', `image ${imageId} is gone`, [], undefined, { reason: 'image-not-found', params: { id: imageId } });
      return image;
    },
    'images.original': ({ imageId }) => originalImage(session.db(), session.folder(), imageId),
  };
}
