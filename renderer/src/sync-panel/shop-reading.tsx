// How far the app has read the seller's shop (issue 38), in the status bar (short) and on the Sync
// screen (in full): during a first sync the listing's pages (listings read of the marketplace's
// count), then the details of open, scheduled and sold listings (read of all), the closed ones left
// for later, and why it waits when the marketplace asked it to (429 / Retry-After). Nothing once
// everything is read.
import { useStore } from 'zustand';
import { useT } from '../i18n/intl.ts';
import type { SyncStore } from '../stores/app-stores.ts';

export function ShopReading({ store, full = false }: { store: SyncStore; full?: boolean }) {
  const t = useT();
  const shop = useStore(store, (s) => s.shop);
  if (!shop) return null;
  const { listing, first, laterLeft, waitUntil } = shop;
  const details = first.read + first.left;
  const waiting = waitUntil === null ? null : t('sync.shop.waiting', { time: new Date(waitUntil) });
  return (
    <span className="shop-reading" role="group" aria-label={t('sync.shop.label')} data-testid="shop-reading">
      {listing ? (
        <>
          <progress max={Math.max(1, listing.total)} value={listing.listed} aria-label={t('sync.shop.listingBar')} />
          <span>{t(full ? 'sync.shop.listing' : 'sync.shop.listing.short', { listed: listing.listed, total: listing.total })}</span>
        </>
      ) : first.left > 0 ? (
        <>
          <progress max={details} value={first.read} aria-label={t('sync.shop.firstBar')} />
          <span>{t(full ? 'sync.shop.first' : 'sync.shop.first.short', { read: first.read, total: details })}</span>
        </>
      ) : null}
      {waiting !== null && (full
        ? <span className="sync-message" role="status">{waiting}</span>
        : <span className="sync-message" title={waiting}>{t('sync.shop.waiting.short', { time: new Date(waitUntil ?? 0) })}</span>)}
      {full && laterLeft > 0 && <span className="sync-message">{t('sync.shop.later', { count: laterLeft })}</span>}
    </span>
  );
}
