// The photos panel's methods: add (prepared with progress events), list, reorder, remove.
import { DraftError } from '../../drafts/draft-error.ts';
import { itemReads } from '../../drafts/item-rows.ts';
import { addImages } from '../../images/add-images.ts';
import { imageEdits } from '../../images/image-edits.ts';
import { imageReads } from '../../images/image-reads.ts';
import { withIncomingFiles } from '../../images/incoming-files.ts';
import type { CoreSession } from '../../session/core-session.ts';
import { changedEmitter, perCache, type HandlerMap } from '../handler-types.ts';

type ImagesMethod = 'images.add' | 'images.list' | 'images.reorder' | 'images.remove';

export function imagesHandlers(session: CoreSession): HandlerMap<ImagesMethod> {
  const repo = perCache(session, (db) => ({ items: itemReads(db), edits: imageEdits(db), reads: imageReads(db) }));
  const changed = changedEmitter(session);

  return {
    'images.add': ({ localId, files }) => withIncomingFiles(session.folder(), files, async (paths, names) => {
      const results = await addImages(session.db(), {
        itemLocalId: localId, files: paths, folder: session.folder(),
        onProgress: (e) => session.emit('images.progress', {
          localId, file: names.get(e.file) ?? e.file, phase: e.phase, done: e.done, total: e.total, ...(e.error ? { error: e.error } : {}),
        }),
      });
      changed([localId], 'images');
      return results.map((r) => ({ ...r, file: names.get(r.file) ?? r.file }));
    }),
    'images.list'({ localId }) {
      const item = repo().items.item(localId);
      if (!item || item.deletedAt !== null) throw new DraftError('not-found', `item ${localId} does not exist`);
      return repo().reads.ofItem(localId);
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
  };
}
