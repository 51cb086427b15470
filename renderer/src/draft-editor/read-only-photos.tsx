// The photos of an item that can no longer change here (published, closed): shown, never edited.
// No Add photos, no drop target, no keys: the core would refuse every change anyway.
import { useStore } from 'zustand';
import type { ImagesStore } from '../images/images-store.ts';
import { useT } from '../i18n/intl.ts';

export function ReadOnlyPhotos({ store, status }: { store: ImagesStore; status: string }) {
  const t = useT();
  const images = useStore(store, (s) => s.images);
  return (
    <section className="images-panel read-only" aria-label={t('editor.photos')}>
      <header className="images-head">
        <h3>{t('editor.photos.count', { count: images.length })}</h3>
        <span className="muted">{t('editor.photos.readOnly', { status })}</span>
      </header>
      {images.length === 0 ? <p className="muted">{t('editor.photos.none')}</p> : (
        <ol className="thumbs">
          {images.map((image, i) => (
            <li key={image.id} data-image-id={image.id}>
              {image.thumbnail && <img src={image.thumbnail} alt={t('editor.photos.alt', { number: i + 1 })} />}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
