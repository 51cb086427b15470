// The cached listing rules of the seller (ListingRules, from GET /users/{id}/settings) and category
// tree: what offline validation reads. One per connection: its statements are prepared once, and
// the rules and the tree are read and parsed once per change of the cache (every page of the grid
// validates its rows with them).
import { z } from 'zod';
import { ListingRules } from '../../../shared/items/listing-rules.ts';
import { readListingRules } from '../api/rules-mapping.ts';
import { changeStamp, untilChanged } from '../db/change-stamp.ts';
import { jsonRow } from '../db/json-row.ts';
import type { Db } from '../db/open-account-db.ts';

export interface CachedCategory {
  id: number;
  parentId: number;
  level: number;
  title: string;
  /** The English name (the service's titleEn), for English screens; null or absent without one. */
  titleEn?: string | null;
  position: number;
}

/** What a row of the grid and its validation need of a category. */
export interface CategoryEntry {
  level: number;
  title: string;
  titleEn: string | null;
}

export type SettingsCache = ReturnType<typeof makeSettingsCache>;

const caches = new WeakMap<Db, SettingsCache>();

/** The settings cache of this connection (made on first use). */
export function settingsCache(db: Db): SettingsCache {
  let cache = caches.get(db);
  if (cache === undefined) {
    cache = makeSettingsCache(db);
    caches.set(db, cache);
  }
  return cache;
}

function makeSettingsCache(db: Db) {
  // A row written before holds the /1.1 settings document: read in either shape (api/rules-mapping.ts).
  const stored = jsonRow(db, { table: 'user_settings', stamp: 'fetched_at' }, z.unknown().transform(readListingRules));
  const stamp = changeStamp(db);
  const entries = db.prepare(`SELECT id, level, title, title_en AS titleEn FROM categories`);
  // One copy is shared by every caller until the next change: frozen, so that no caller can
  // change what the next one reads.
  const rules = untilChanged(db, stamp, () => deepFreeze(stored.get() ?? null));
  const categoryIndex = untilChanged(db, stamp, (): ReadonlyMap<number, CategoryEntry> => new Map(
    (entries.all() as Array<CategoryEntry & { id: number }>).map(({ id, level, title, titleEn }) => [id, Object.freeze({ level, title, titleEn })]),
  ));
  const upsertCategory = db.prepare(
    `INSERT INTO categories (id, parent_id, level, title, title_en, position) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET parent_id = excluded.parent_id, level = excluded.level,
       title = excluded.title, title_en = excluded.title_en, position = excluded.position`,
  );
  const removeOthers = db.prepare(`DELETE FROM categories WHERE id NOT IN (SELECT value FROM json_each(?))`);
  const tree = db.prepare(`SELECT id, parent_id AS parentId, level, title, title_en AS titleEn FROM categories ORDER BY level, position, id`);

  return {
    /** The seller's listing rules as last stored, or null (never pulled, or a stored copy that no longer parses). */
    rules(): ListingRules | null {
      return rules();
    },
    saveRules(value: ListingRules, now: number): void {
      stored.put(ListingRules.parse(value), now);
    },
    categoryLevel(id: number): number | undefined {
      return categoryIndex().get(id)?.level;
    },
    /** Every cached category by id, as of now (a page looks up its rows' categories here). */
    categoryIndex,
    /** The whole cached tree, level by level, for the category picker. */
    categories(): Array<Omit<CachedCategory, 'position' | 'titleEn'> & { titleEn: string | null }> {
      return tree.all() as Array<Omit<CachedCategory, 'position' | 'titleEn'> & { titleEn: string | null }>;
    },
    /**
     * Replaces the whole tree in one transaction (a pull delivers all of it). Upserted, not
     * cleared and written again: the items' copies of the category names (migration 11's
     * triggers) are then rewritten only for a category that was renamed or removed.
     */
    replaceCategories(categories: readonly CachedCategory[]): void {
      db.transaction(() => {
        removeOthers.run(JSON.stringify(categories.map((c) => c.id)));
        for (const c of categories) upsertCategory.run(c.id, c.parentId, c.level, c.title, c.titleEn ?? null, c.position);
      })();
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
