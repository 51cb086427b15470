// The draft's photos: a drop zone and a file picker; every file shown at once with its own
// progress bar and an overall bar; prepared photos in order, reordered by dragging or with
// Alt+←/→ (or the arrow buttons), removed with Delete or ✕, turned with R (Shift+R back) and
// cropped with C (crop-dialog.tsx). A pulled item's photos that only the marketplace holds are
// shown from its thumbnails, read-only.
import { useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { call } from '../bridge/bridge-types.ts';
import { describeError, describeProblem, type ProblemLike } from '../i18n/describe-error.ts';
import { useMessage, useT, type Translate } from '../i18n/intl.ts';
import type { MessageId } from '../i18n/messages.ts';
import { Rich } from '../i18n/rich.tsx';
import { CropDialog } from './crop-dialog.tsx';
import { fileSource, droppedImages, hasFiles, pickedImages } from './file-sources.ts';
import { overallProgress, phaseProgress, uploadProgress, type ImagesStore, type PendingPhase } from './images-store.ts';

/** The side of the core's prepared thumbnails (THUMB_SIDE in electron/core/images/prepare-image.ts). */
const THUMB_SIDE = 256;
const phaseLabel = (t: Translate, phase: PendingPhase) => t(`photos.phase.${phase}`);
const STATES = new Set(['preparing', 'ready', 'failed', 'uploaded', 'remote']);

function thumbState(t: Translate, state: string, upload: { phase: string; error?: string } | undefined): string {
  if (state === 'ready' && upload?.phase === 'uploading') return t('photos.state.uploading');
  if (state === 'ready' && upload?.phase === 'failed') return t('photos.state.uploadFailed');
  return STATES.has(state) ? t(`photos.state.${state}` as MessageId) : state;
}

/** The photo's description for screen readers: its place, size, edits and where it is. */
function thumbLabel(t: Translate, img: { width: number | null; height: number | null; origin: string; edits: { rotate: number; crop: unknown } }, index: number, count: number): string {
  return [
    t('photos.thumb', { position: index + 1, count }),
    img.width ? t('photos.thumb.size', { width: img.width, height: img.height ?? 0 }) : '',
    img.edits.rotate ? t('photos.thumb.turned', { degrees: img.edits.rotate }) : '',
    img.edits.crop ? t('photos.thumb.cropped') : '',
    img.origin === 'remote' ? t('photos.thumb.remote') : '',
  ].join('');
}

/**
 * The core's small rendition's size (at most THUMB_SIDE a side, the photo's shape), so the
 * picture's place is kept before it is decoded; the stylesheet scales it into the tile.
 */
function thumbSize(img: { width: number | null; height: number | null }): { width: number; height: number } {
  if (!img.width || !img.height) return { width: THUMB_SIDE, height: THUMB_SIDE };
  const scale = Math.min(1, THUMB_SIDE / Math.max(img.width, img.height));
  return { width: Math.max(1, Math.round(img.width * scale)), height: Math.max(1, Math.round(img.height * scale)) };
}

/** problems: the draft's photo problems (the editor's validation), as problems or already in words. */
export function ImagesPanel({ store, problems }: { store: ImagesStore; problems: ReadonlyArray<string | ProblemLike> }) {
  const t = useT();
  const say = useMessage();
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
        store.setState({ message: describeError(error) });
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
      aria-label={t('photos.title')}
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
        <h3>{t('photos.title')} <span className="muted">{t('photos.count', { count: images.length })}</span></h3>
        <label className="button">
          {t('photos.add')}
          <input type="file" multiple accept="image/*" className="visually-hidden" aria-label={t('photos.add.label')}
            onChange={(e) => {
              const files = pickedImages(e.target.files).map(fileSource);
              e.target.value = '';
              void actions.add(files);
            }}
          />
        </label>
        <span className="muted"><Rich id="photos.help" /></span>
      </header>
      {problems.map((p) => typeof p === 'string' ? p : say(describeProblem(p))).map((text) => <p key={text} className="field-problems">{text}</p>)}
      {message && <p className="muted" role="status">{say(message)}</p>}

      {pending.length > 0 && (
        <div className="image-progress" aria-label={t('photos.preparing')}>
          <div className="overall">
            <label htmlFor="images-overall">
              {t('photos.prepared', { prepared: overall.prepared, total: overall.total })}
              <span className="overall-counts">
                {overall.duplicate > 0 && t('photos.prepared.duplicate', { count: overall.duplicate })}
                {overall.failed > 0 && t('photos.prepared.failed', { count: overall.failed })}
                {overall.refused > 0 && t('photos.prepared.refused', { count: overall.refused })}
              </span>
            </label>
            <progress id="images-overall" max={1} value={overall.fraction} />
            {overall.done === overall.total && <button type="button" onClick={actions.clearFinished}>{t('photos.clear')}</button>}
          </div>
          <ul className="pending-list">
            {pending.map((p) => (
              <li key={p.key} className={`pending pending-${p.phase}`} data-file={p.name}>
                {p.preview
                  // A file named like a photo that is none shows no broken picture: the core says what it is.
                  ? <img src={p.preview} alt="" className="pending-thumb" decoding="async" width={36} height={36} onError={(e) => { e.currentTarget.style.visibility = 'hidden'; }} />
                  : <span className="pending-thumb" />}
                <span className="pending-name" title={p.name}>{p.name}</span>
                <progress max={1} value={phaseProgress(p.phase)} aria-label={t('photos.pending.label', { name: p.name, phase: phaseLabel(t, p.phase) })} />
                <span className="pending-phase">{p.reason ? t('photos.phase.withError', { phase: phaseLabel(t, p.phase), error: say(p.reason) }) : phaseLabel(t, p.phase)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}

      <ol ref={listRef} className="thumbs" aria-label={t('photos.order')}>
        {images.map((img, index) => (
          <li
            key={img.id}
            data-image-id={img.id}
            className={`thumb${dragId === img.id ? ' dragging' : ''}${img.origin === 'remote' ? ' remote' : ''}`}
            tabIndex={0}
            draggable={img.origin === 'local'}
            aria-label={thumbLabel(t, img, index, images.length)}
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
            {img.thumbnail
              ? <img src={img.thumbnail} alt="" draggable={false} decoding="async" {...thumbSize(img)} />
              : <span className="thumb-empty">{thumbState(t, img.state, undefined)}</span>}
            <span className="thumb-meta">
              <span className="thumb-pos">{index === 0 ? t('photos.main') : index + 1}</span>
              <span className="thumb-state" title={uploads[img.id]?.error}>{thumbState(t, img.state, uploads[img.id])}</span>
            </span>
            {img.state === 'ready' && uploads[img.id]?.phase === 'uploading' && (
              // One request per photo: no byte count to show, so the bar runs until it is done.
              // Laid over the picture (see .thumb-upload): the thumbnail keeps its size.
              <progress className="thumb-upload" aria-label={t('photos.uploadingPhoto', { position: index + 1 })} />
            )}
            {img.origin === 'local' && <span className="thumb-actions">
              <button type="button" tabIndex={-1} aria-label={t('photos.turn', { position: index + 1 })} disabled={img.state === 'preparing' || img.state === 'failed'} onClick={() => void actions.rotate(img.id, 1)}>↻</button>
              <button type="button" tabIndex={-1} aria-label={t('photos.crop', { position: index + 1 })} disabled={img.state === 'preparing' || img.state === 'failed'} onClick={() => openCrop(img.id)}>✂</button>
              <button type="button" tabIndex={-1} aria-label={t('photos.earlier')} disabled={index === 0} onClick={() => void actions.move(img.id, -1)}>◀</button>
              <button type="button" tabIndex={-1} aria-label={t('photos.later')} disabled={index === images.length - 1} onClick={() => void actions.move(img.id, 1)}>▶</button>
              <button type="button" tabIndex={-1} aria-label={t('photos.remove', { position: index + 1 })} onClick={() => void actions.remove(img.id)}>✕</button>
            </span>}
          </li>
        ))}
      </ol>
      {images.length === 0 && pending.length === 0 && <p className="empty-photos">{t('photos.none')}</p>}
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
        <div className="upload-progress" aria-label={t('photos.uploading')}>
          <div className="upload-overall">
            <label htmlFor="images-upload-overall">
              {t('photos.upload.overall', { uploaded: upload.uploaded, total: upload.total })}
              {upload.uploading > 0 && t('photos.upload.running')}
              {upload.failed > 0 && t('photos.upload.failed', { count: upload.failed })}
              {upload.uploaded < upload.total && upload.uploading === 0 && upload.failed === 0 && t('photos.upload.rest')}
            </label>
            <progress id="images-upload-overall" max={1} value={upload.fraction} />
          </div>
        </div>
      )}
    </section>
  );
}
