// The photo methods of the contract: a few lines each over electron/core/images/.
import type { IpcMethodName } from '../../../shared/ipc.ts';
import { addImages } from '../images/add-images.ts';
import { imageEdits } from '../images/image-edits.ts';
import { editImage, listItemImages, originalImage } from '../images/image-library.ts';
import { resolveSources } from '../images/staged-uploads.ts';
import { sharedPreparePool } from '../images/worker-pool.ts';
import type { CoreSession } from './core-session.ts';
import type { Handler } from './handlers.ts';

type ImageMethod = 'images.add' | 'images.list' | 'images.reorder' | 'images.remove' | 'images.edit' | 'images.original';
export type ImageHandlers = { [K in ImageMethod & IpcMethodName]: Handler<K> };

type Changed = (localIds: number[] | null, reason: string) => void;

export function imageHandlers(session: CoreSession, changed: Changed, mustExist: (localId: number) => void): ImageHandlers {
  const pool = sharedPreparePool();
  const list = (localId: number) => {
    const sync = session.sync();
    // Offline (or no marketplace): only the thumbnails already cached are shown.
    const media = sync.media && !sync.status().offline ? sync.media.bind(sync) : undefined;
    return listItemImages(session.db(), session.folder(), localId, media);
  };
  return {
    async 'images.add'({ localId, files }) {
      const sources = resolveSources(session.folder(), files);
      try {
        const results = await addImages(session.db(), {
          itemLocalId: localId, files: sources.files, folder: session.folder(), pool,
          onProgress: (e) => session.emit('images.progress', {
            localId, file: e.file, ...(e.key !== undefined ? { key: e.key } : {}), phase: e.phase, done: e.done, total: e.total, ...(e.error ? { error: e.error } : {}),
          }),
        });
        changed([localId], 'images');
        return results;
      } finally {
        sources.release();
      }
    },
    async 'images.list'({ localId }) {
      mustExist(localId);
      return list(localId);
    },
    'images.reorder'({ localId, imageIds }) {
      imageEdits(session.db()).reorderImages(localId, imageIds);
      changed([localId], 'images');
      return { ok: true as const };
    },
    'images.remove'({ imageId }) {
      imageEdits(session.db()).removeImage(imageId);
      changed(null, 'images');
      return { ok: true as const };
    },
    async 'images.edit'({ imageId, edits }) {
      const localId = await editImage(session.db(), session.folder(), pool, imageId, edits);
      changed([localId], 'images');
      const image = (await list(localId)).find((i) => i.id === imageId);
      if (!image) throw new Error(`image ${imageId} is gone`);
      return image;
    },
    'images.original': ({ imageId }) => originalImage(session.db(), session.folder(), imageId),
  };
}
