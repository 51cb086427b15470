// The cached user settings (UserSettings of GET /users/{id}/settings) and category tree: what offline validation reads.
import { UserSettings } from '../../../shared/api/users.ts';
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

export function settingsCache(db: Db) {
  const stored = jsonRow(db, { table: 'user_settings', stamp: 'fetched_at' }, UserSettings);
  const level = db.prepare(`SELECT level FROM categories WHERE id = ?`).pluck();
  const upsertCategory = db.prepare(
    `INSERT INTO categories (id, parent_id, level, title, title_en, position) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET parent_id = excluded.parent_id, level = excluded.level,
       title = excluded.title, title_en = excluded.title_en, position = excluded.position`,
  );
  const removeOthers = db.prepare(`DELETE FROM categories WHERE id NOT IN (SELECT value FROM json_each(?))`);
  const tree = db.prepare(`SELECT id, parent_id AS parentId, level, title, title_en AS titleEn FROM categories ORDER BY level, position, id`);

  return {
    /** The settings as last stored, or null (never pulled, or a stored copy that no longer parses). */
    settings(): UserSettings | null {
      return stored.get();
    },
    saveSettings(settings: UserSettings, now: number): void {
      stored.put(UserSettings.parse(settings), now);
    },
    categoryLevel(id: number): number | undefined {
      return level.get(id) as number | undefined;
    },
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
