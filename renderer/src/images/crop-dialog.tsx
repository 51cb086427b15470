// Crop one photo: the picture as turned, a frame over it, moved and sized from the keyboard
// (arrows move it, Shift+arrows size it, Alt for 10 % steps) or with the four number fields, or
// drawn with the mouse. Apply stores the crop as parameters; the photo itself is never changed.
import { useEffect, useRef, useState } from 'react';
import type { ImageEdits } from '../../../shared/ipc/contract.ts';
import { useT } from '../i18n/intl.ts';
import type { MessageId } from '../i18n/messages.ts';
import { Rich } from '../i18n/rich.tsx';

type Crop = NonNullable<ImageEdits['crop']>;
const FULL: Crop = { x: 0, y: 0, width: 1, height: 1 };
const MIN = 0.05;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number) => Math.round(v * 1000) / 1000;

/** Keeps the frame inside the picture and at least MIN of each side. */
export function fitCrop(c: Crop): Crop {
  const width = clamp(c.width, MIN, 1);
  const height = clamp(c.height, MIN, 1);
  return { x: round(clamp(c.x, 0, 1 - width)), y: round(clamp(c.y, 0, 1 - height)), width: round(width), height: round(height) };
}

export function CropDialog({ picture, edits, onApply, onClose }: {
  picture: { dataUrl: string; width: number; height: number } | null;
  edits: ImageEdits;
  onApply: (crop: Crop | null) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [crop, setCrop] = useState<Crop>(edits.crop ?? FULL);
  const frameRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const drawFrom = useRef<{ x: number; y: number } | null>(null);

  useEffect(() => frameRef.current?.focus(), [picture]);

  const onKey = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter' && !(event.target instanceof HTMLButtonElement)) {
      event.preventDefault();
      return onApply(sameAsFull(crop) ? null : crop);
    }
    const step = event.altKey ? 0.1 : 0.01;
    const dx = event.key === 'ArrowLeft' ? -step : event.key === 'ArrowRight' ? step : 0;
    const dy = event.key === 'ArrowUp' ? -step : event.key === 'ArrowDown' ? step : 0;
    if (dx === 0 && dy === 0) return;
    event.preventDefault();
    setCrop((c) => fitCrop(event.shiftKey ? { ...c, width: c.width + dx, height: c.height + dy } : { ...c, x: c.x + dx, y: c.y + dy }));
  };

  const point = (event: React.PointerEvent) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: clamp((event.clientX - box.left) / box.width, 0, 1), y: clamp((event.clientY - box.top) / box.height, 0, 1) };
  };

  const field = (label: MessageId, key: keyof Crop) => (
    <label>
      {t(label)}
      <input type="number" min={0} max={100} step={1} value={Math.round(crop[key] * 100)}
        onChange={(e) => setCrop((c) => fitCrop({ ...c, [key]: Number(e.target.value) / 100 }))} />
    </label>
  );

  return (
    <dialog ref={dialogRef} className="dialog crop-dialog" aria-labelledby="crop-title" onKeyDown={onKey} onCancel={(e) => { e.preventDefault(); e.stopPropagation(); onClose(); }}>
        <h2 id="crop-title">{t('crop.title')}</h2>
        <p className="muted"><Rich id="crop.help" /></p>
        {picture ? (
          <div className="crop-stage" style={{ aspectRatio: `${picture.width} / ${picture.height}`, width: `min(100%, calc(60vh * ${picture.width / picture.height}))` }}
            onPointerDown={(e) => {
              drawFrom.current = point(e);
              e.currentTarget.setPointerCapture(e.pointerId);
            }}
            onPointerMove={(e) => {
              const from = drawFrom.current;
              if (!from) return;
              const to = point(e);
              setCrop(fitCrop({ x: Math.min(from.x, to.x), y: Math.min(from.y, to.y), width: Math.abs(to.x - from.x), height: Math.abs(to.y - from.y) }));
            }}
            onPointerUp={() => {
              drawFrom.current = null;
            }}
          >
            <img src={picture.dataUrl} alt={t('crop.photo')} draggable={false} />
            <div ref={frameRef} className="crop-frame" tabIndex={0} role="group"
              aria-label={t('crop.frame', { x: Math.round(crop.x * 100), y: Math.round(crop.y * 100), width: Math.round(crop.width * 100), height: Math.round(crop.height * 100) })}
              style={{ left: `${crop.x * 100}%`, top: `${crop.y * 100}%`, width: `${crop.width * 100}%`, height: `${crop.height * 100}%` }} />
          </div>
        ) : <p className="muted">{t('crop.loading')}</p>}
        <div className="crop-fields">
          {field('crop.left', 'x')}
          {field('crop.top', 'y')}
          {field('crop.width', 'width')}
          {field('crop.height', 'height')}
        </div>
        <div className="dialog-actions">
          <button type="button" onClick={() => setCrop(FULL)}>{t('crop.whole')}</button>
          <button type="button" onClick={onClose}>{t('common.cancel')}</button>
          <button type="button" className="primary" onClick={() => onApply(sameAsFull(crop) ? null : crop)}>{t('crop.apply')}</button>
        </div>
    </dialog>
  );
}

function sameAsFull(c: Crop): boolean {
  return c.x === 0 && c.y === 0 && c.width === 1 && c.height === 1;
}
