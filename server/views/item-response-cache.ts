// Serialized item responses kept until the item changes. GET /items/{id} is the hottest read; a
// cached body is valid while items.version (bumped by a trigger on every UPDATE of the row but
// one of `hits` alone: hits are not in the item's JSON) is the one it was rendered at. Everything
// else the view shows is fixed for an item's life (seller name, category names) or bumps the
// version (image rows have their own triggers). Bounded: least recently rendered entries go first.
//
// One item's body must never be served for another, even if an id came back after a delete
// (issue 9, finding 1): entries are dropped when their item is deleted, and an entry is valid only
// for the same row: the stamp holds the version AND the seller and creation time, which a new
// row under a reused id would not share with the old one.
import { z } from 'zod';
import { Item } from '../../shared/api/index.ts';

interface Entry {
  stamp: string;
  body: string;
}

/** What identifies one rendering of one item row: a new row under the same id never matches. */
export interface ItemStamp {
  version: number;
  sellerId: number;
  created: number;
}

export interface ItemResponseCache {
  /** The cached body of this item for this viewer kind, if it was rendered from this very row. */
  get(itemId: number, variant: string, stamp: ItemStamp): string | undefined;
  set(itemId: number, variant: string, stamp: ItemStamp, body: string): void;
  /** Drops every body of the item (after a delete). */
  evict(itemId: number): void;
}

const stampText = (stamp: ItemStamp) => `${stamp.version}|${stamp.sellerId}|${stamp.created}`;

export function createItemResponseCache(limit = 5000): ItemResponseCache {
  // itemId -> variant -> entry; the outer map's order is the eviction order.
  const items = new Map<number, Map<string, Entry>>();
  let size = 0;
  const dropOldest = () => {
    const oldest = items.keys().next();
    if (!oldest.done) evict(oldest.value);
  };
  function evict(itemId: number): void {
    const variants = items.get(itemId);
    if (!variants) return;
    size -= variants.size;
    items.delete(itemId);
  }
  return {
    get(itemId, variant, stamp) {
      const entry = items.get(itemId)?.get(variant);
      return entry !== undefined && entry.stamp === stampText(stamp) ? entry.body : undefined;
    },
    set(itemId, variant, stamp, body) {
      const variants = items.get(itemId) ?? new Map<string, Entry>();
      items.delete(itemId);
      if (!variants.has(variant)) size += 1;
      variants.set(variant, { stamp: stampText(stamp), body });
      while (size > limit && items.size > 0) dropOldest();
      items.set(itemId, variants);
    },
    evict,
  };
}

/** The same serialization the route's response schema gives: checked by the schema, then JSON. */
export function serializeItem(view: Item): string {
  return JSON.stringify(z.encode(Item, view));
}
