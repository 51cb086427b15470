// The draft's photos: a drop zone and a file picker; every file shown at once with its own
// progress bar and an overall bar; prepared photos in order, reordered by dragging or with
// Alt+←/→ (or the arrow buttons), removed with Delete or ✕, turned with R (Shift+R back) and
// cropped with C (crop-dialog.tsx). A pulled item's photos that only the marketplace holds are
// shown from its thumbnails, read-only.
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { call } from '../bridge/bridge-types.ts';
import { CropDialog } from './crop-dialog.tsx';
import { fileSource, droppedImages, hasFiles, pickedImages } from './file-sources.ts';
import { overallProgress, phaseProgress, uploadProgress, type ImagesStore, type PendingPhase } from './images-store.ts';

const PHASE_LABEL: Record<PendingPhase, string> = {
  queued: 'Waiting', reading: 'Reading', sending: 'Sending to the core', preparing: 'Preparing',
  added: 'Ready', duplicate: 'Already on this draft', failed: 'Failed', refused: 'Not added',
};
const STATE_LABEL: Record<string, string> = {
  preparing: 'Preparing', ready: 'Ready · not yet uploaded', failed: 'Failed', uploaded: 'On the marketplace', remote: 'On the marketplace',
};

function thumbState(state: string, upload: { phase: string; error?: string } | undefined): string {
  if (state === 'ready' && upload?.phase === 'uploading') return 'Uploading…';
  if (state === 'ready' && upload?.phase === 'failed') return `Upload failed${upload.error ? `: ${upload.error}` : ''}`;
  return STATE_LABEL[state] ?? state;
}

function editLabel(edits: { rotate: number; crop: unknown }): string {
  return [edits.rotate ? `turned ${edits.rotate}°` : '', edits.crop ? 'cropped' : ''].filter(Boolean).join(', ');
}

export function ImagesPanel({ store, problems }: { store: ImagesStore; problems: string[] }) {
  const images = useStore(store, (s) => s.images);
  const pending = useStore(store, (s) => s.pending);
  const message = useStore(store, (s) => s.message);
  const uploads = useStore(store, (s) => s.uploads);
  const upload = uploadProgress(images, uploads);
  const [dragId, setDragId] = useState<number | null>(null);
  const [over, setOver] = useState(false);
  const [cropping, setCropping] = useState<{ imageId: number; picture: { dataUrl: string; width: number; height: number } | null } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const focusAfter = useRef<number | null>(null);
  const overall = overallProgress(pending);
  const actions = store.actions;

  useEffect(() => {
    if (focusAfter.current === null) return;
    listRef.current?.querySelector<HTMLElement>(`[data-image-id="${focusAfter.current}"]`)?.focus();
    focusAfter.current = null;
  }, [images]);

  const openCrop = (imageId: number) => {
    setCropping({ imageId, picture: null });
    call(store.bridge, 'images.original', { imageId }).then(
      (picture) => setCropping((c) => (c?.imageId === imageId ? { imageId, picture } : c)),
      (error: unknown) => {
        setCropping(null);
        store.setState({ message: error instanceof Error ? error.message : String(error) });
      },
    );
  };

  const onKey = (event: React.KeyboardEvent, imageId: number) => {
    if (imageId < 0) return; // a photo only the marketplace holds: nothing to change here
    if (!event.altKey && !event.ctrlKey && !event.metaKey && (event.key === 'r' || event.key === 'R')) {
      event.preventDefault();
      focusAfter.current = imageId;
      void actions.rotate(imageId, event.shiftKey ? -1 : 1);
    } else if (!event.altKey && !event.ctrlKey && !event.metaKey && (event.key === 'c' || event.key === 'C')) {
      event.preventDefault();
      openCrop(imageId);
    } else if (event.altKey && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
      event.preventDefault();
      focusAfter.current = imageId;
      void actions.move(imageId, event.key === 'ArrowLeft' ? -1 : 1);
    } else if (event.key === 'Delete') {
      event.preventDefault();
      void actions.remove(imageId);
    }
  };

  const drop = (targetId: number) => {
    if (dragId === null || dragId === targetId) return;
    if (targetId < 0) return;
    const ids = images.filter((i) => i.origin === 'local').map((i) => i.id).filter((id) => id !== dragId);
    ids.splice(ids.indexOf(targetId), 0, dragId);
    setDragId(null);
    void actions.reorder(ids);
  };

  return (
    <section
      className={`images-panel${over ? ' drop-over' : ''}`}
      aria-label="Photos"
      onDragOver={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.stopPropagation();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.stopPropagation();
        setOver(false);
        void droppedImages(e.dataTransfer).then((files) => actions.add(files.map(fileSource)));
      }}
    >
      <header className="images-head">
        <h3>Photos <span className="muted">({images.length})</span></h3>
        <label className="button">
          Add photos…
          <input type="file" multiple accept="image/*" className="visually-hidden" aria-label="Add photos"
            onChange={(e) => {
              const files = pickedImages(e.target.files).map(fileSource);
              e.target.value = '';
              void actions.add(files);
            }}
          />
        </label>
        <span className="muted">or drop files or a folder here · drag or <kbd>Alt</kbd>+<kbd>←</kbd>/<kbd>→</kbd> to reorder · <kbd>R</kbd> turns, <kbd>C</kbd> crops</span>
      </header>
      {problems.map((p) => <p key={p} className="field-problems">{p}</p>)}
      {message && <p className="muted" role="status">{message}</p>}

      {pending.length > 0 && (
        <div className="image-progress" aria-label="Preparing photos">
          <div className="overall">
            <label htmlFor="images-overall">
              Prepared {overall.prepared} of {overall.total}
              <span className="overall-counts">
                {overall.duplicate > 0 && ` · ${overall.duplicate} already on this draft`}
                {overall.failed > 0 && ` · ${overall.failed} failed`}
                {overall.refused > 0 && ` · ${overall.refused} not added`}
              </span>
            </label>
            <progress id="images-overall" max={1} value={overall.fraction} />
            {overall.done === overall.total && <button type="button" onClick={actions.clearFinished}>Clear</button>}
          </div>
          <ul className="pending-list">
            {pending.map((p) => (
              <li key={p.key} className={`pending pending-${p.phase}`} data-file={p.name}>
                {p.preview
                  // A file named like a photo that is none shows no broken picture: the core says what it is.
                  ? <img src={p.preview} alt="" className="pending-thumb" decoding="async" onError={(e) => { e.currentTarget.style.visibility = 'hidden'; }} />
                  : <span className="pending-thumb" />}
                <span className="pending-name" title={p.name}>{p.name}</span>
                <progress max={1} value={phaseProgress(p.phase)} aria-label={`${p.name}: ${PHASE_LABEL[p.phase]}`} />
                <span className="pending-phase">{PHASE_LABEL[p.phase]}{p.error ? `: ${p.error}` : ''}</span>
              </li>
            ))}
          </ul>
        </div>
      )}

      <ol ref={listRef} className="thumbs" aria-label="Photo order">
        {images.map((img, index) => (
          <li
            key={img.id}
            data-image-id={img.id}
            className={`thumb${dragId === img.id ? ' dragging' : ''}${img.origin === 'remote' ? ' remote' : ''}`}
            tabIndex={0}
            draggable={img.origin === 'local'}
            aria-label={`Photo ${index + 1} of ${images.length}${img.width ? `, ${img.width}×${img.height}` : ''}${editLabel(img.edits) ? `, ${editLabel(img.edits)}` : ''}${img.origin === 'remote' ? ', on the marketplace' : ''}`}
            onKeyDown={(e) => onKey(e, img.id)}
            onDragStart={(e) => {
              setDragId(img.id);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(img.id));
            }}
            onDragEnd={() => setDragId(null)}
            onDragOver={(e) => {
              if (dragId !== null) e.preventDefault();
            }}
            onDrop={(e) => {
              if (dragId === null) return;
              e.preventDefault();
              e.stopPropagation();
              drop(img.id);
            }}
          >
            {img.thumbnail ? <img src={img.thumbnail} alt="" draggable={false} /> : <span className="thumb-empty">{img.state}</span>}
            <span className="thumb-meta">
              <span className="thumb-pos">{index === 0 ? 'Main' : index + 1}</span>
              <span className="thumb-state" title={uploads[img.id]?.error}>{thumbState(img.state, uploads[img.id])}</span>
            </span>
            {img.state === 'ready' && uploads[img.id]?.phase === 'uploading' && (
              // One request per photo: no byte count to show, so the bar runs until it is done.
              // Laid over the picture (see .thumb-upload): the thumbnail keeps its size.
              <progress className="thumb-upload" aria-label={`Photo ${index + 1}: uploading`} />
            )}
            {img.origin === 'local' && <span className="thumb-actions">
              <button type="button" tabIndex={-1} aria-label={`Turn photo ${index + 1} clockwise`} disabled={img.state === 'preparing' || img.state === 'failed'} onClick={() => void actions.rotate(img.id, 1)}>↻</button>
              <button type="button" tabIndex={-1} aria-label={`Crop photo ${index + 1}`} disabled={img.state === 'preparing' || img.state === 'failed'} onClick={() => openCrop(img.id)}>✂</button>
              <button type="button" tabIndex={-1} aria-label="Move earlier" disabled={index === 0} onClick={() => void actions.move(img.id, -1)}>◀</button>
              <button type="button" tabIndex={-1} aria-label="Move later" disabled={index === images.length - 1} onClick={() => void actions.move(img.id, 1)}>▶</button>
              <button type="button" tabIndex={-1} aria-label={`Remove photo ${index + 1}`} onClick={() => void actions.remove(img.id)}>✕</button>
            </span>}
          </li>
        ))}
      </ol>
      {images.length === 0 && pending.length === 0 && <p className="empty-photos">No photos yet.</p>}
      {cropping && (
        <CropDialog
          picture={cropping.picture}
          edits={images.find((i) => i.id === cropping.imageId)?.edits ?? { rotate: 0, crop: null }}
          onClose={() => setCropping(null)}
          onApply={(crop) => {
            const image = images.find((i) => i.id === cropping.imageId);
            focusAfter.current = cropping.imageId;
            setCropping(null);
            if (image) void actions.edit(image.id, { rotate: image.edits.rotate, crop });
          }}
        />
      )}
      {/* Below the photos: appearing while the seller drags one must not move the thumbnails. */}
      {upload.total > 0 && (
        <div className="upload-progress" aria-label="Uploading photos">
          <div className="upload-overall">
            <label htmlFor="images-upload-overall">
              On the marketplace: {upload.uploaded} of {upload.total}
              {upload.uploading > 0 && ' · uploading…'}
              {upload.failed > 0 && ` · ${upload.failed} failed, sent again with the next sync`}
              {upload.uploaded < upload.total && upload.uploading === 0 && upload.failed === 0 && ' · the rest go with the next sync'}
            </label>
            <progress id="images-upload-overall" max={1} value={upload.fraction} />
          </div>
        </div>
      )}
    </section>
  );
}
