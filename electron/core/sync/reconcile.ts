// Reconciling a create whose outcome is unknown (timeout, connection lost after sending, crash
// while `sending`), BEFORE anything is sent again. The seller's remote drafts are listed to the
// end and each one no local item claims is compared with what was sent; a match is adopted.
// Only when none matches is the POST repeated, with the same Idempotency-Key: a service that
// honours the key answers with the first result, and one that ignores it did not create it.
// No marker is written into the listing (every field of an item is visible to buyers).
import type { ListingFields, ListingInput, MarketListing } from './market-listing.ts';
import type { MarketplacePort } from './marketplace-port.ts';
import { sameValue } from '../drafts/fields.ts';
import { fieldsOfServerItem } from './server-fields.ts';

export async function listRemoteDrafts(api: MarketplacePort, userId: number): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const list = await api.listings(userId, { status: 'draft', page, limit: 500 });
    // The list also holds previews (editable, but not counted by the draft limit).
    ids.push(...list.listings.filter((i) => i.status === 'draft').map((i) => i.id));
    if (!list.more) return ids;
  }
}

const norm = (field: string, v: unknown) => (field === 'description' && typeof v === 'string' ? v.trim() : v);

/** Every sent value equals the remote item's (what the service stores for it); a copy, by its original. */
export function matchesSent(item: MarketListing, sent: ListingInput): boolean {
  if (item.status !== 'draft') return false;
  if ('copyOf' in sent) return item.copyOf === sent.copyOf;
  return fieldsAgree(item, sent.fields);
}

/**
 * Every sent value equals the remote item's, whatever its status: a listed or closed item's
 * list and closing times are facts of the listing, not field values (server-fields.ts), so a
 * draft's scheduled time is not compared with them.
 */
export function fieldsAgree(item: MarketListing, sent: ListingFields): boolean {
  const remote = fieldsOfServerItem(item) as Record<string, unknown>;
  const listed = item.status !== 'draft' && item.status !== 'preview';
  return Object.entries(sent).every(([k, v]) => (listed && (k === 'listTime' || k === 'closingTime')) || sameValue(norm(k, v), norm(k, remote[k])));
}

/** The remote draft that is the lost create, or null. Lowest id first: the oldest match. */
export async function findLostCreate(api: MarketplacePort, userId: number, sent: ListingInput, claimed: ReadonlySet<number>): Promise<MarketListing | null> {
  const candidates = (await listRemoteDrafts(api, userId)).filter((id) => !claimed.has(id)).sort((a, b) => a - b);
  for (const id of candidates) {
    const item = await api.listing(id);
    if (matchesSent(item, sent)) return item;
  }
  return null;
}
