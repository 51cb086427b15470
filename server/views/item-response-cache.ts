// Serialized item responses kept until the item changes. GET /items/{id} is the hottest read; a
// cached body is valid while items.version (bumped by a trigger on every UPDATE of the row but
// one of `hits` alone: hits are not in the item's JSON) is the one it was rendered at. Everything
// else the view shows is fixed for an item's life (seller name, category names) or bumps the
// version (image rows have their own triggers). Bounded: least recently rendered entries go first.
import { z } from 'zod';
import { Item } from '../../shared/api/index.ts';

interface Entry {
  version: number;
  body: string;
}

export interface ItemResponseCache {
  /** The cached body, if it was rendered at `version`. */
  get(key: string, version: number): string | undefined;
  set(key: string, version: number, body: string): void;
}

export function createItemResponseCache(limit = 5000): ItemResponseCache {
  const entries = new Map<string, Entry>();
  return {
    get(key, version) {
      const entry = entries.get(key);
      return entry !== undefined && entry.version === version ? entry.body : undefined;
    },
    set(key, version, body) {
      entries.delete(key);
      if (entries.size >= limit) entries.delete(entries.keys().next().value as string);
      entries.set(key, { version, body });
    },
  };
}

/** The same serialization the route's response schema gives: checked by the schema, then JSON. */
export function serializeItem(view: Item): string {
  return JSON.stringify(z.encode(Item, view));
}
