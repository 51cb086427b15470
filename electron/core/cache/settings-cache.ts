// The cached user settings (2.9) and category tree: what offline validation reads.
import { UserSettings } from '../../../shared/api/users.ts';
import type { Db } from '../db/open-account-db.ts';

export interface CachedCategory {
  id: number;
  parentId: number;
  level: number;
  title: string;
  position: number;
}

export function settingsCache(db: Db) {
  const read = db.prepare(`SELECT json FROM user_settings WHERE id = 1`).pluck();
  const write = db.prepare(
    `INSERT INTO user_settings (id, json, fetched_at) VALUES (1, ?, ?)
     ON CONFLICT (id) DO UPDATE SET json = excluded.json, fetched_at = excluded.fetched_at`,
  );
  const level = db.prepare(`SELECT level FROM categories WHERE id = ?`).pluck();
  const upsertCategory = db.prepare(
    `INSERT INTO categories (id, parent_id, level, title, position) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET parent_id = excluded.parent_id, level = excluded.level,
       title = excluded.title, position = excluded.position`,
  );
  const clearCategories = db.prepare(`DELETE FROM categories`);

  return {
    /** The settings as last stored, or null (never pulled, or a stored copy that no longer parses). */
    settings(): UserSettings | null {
      const json = read.get() as string | undefined;
      if (json === undefined) return null;
      try {
        const parsed = UserSettings.safeParse(JSON.parse(json));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    saveSettings(settings: UserSettings, now: number): void {
      write.run(JSON.stringify(UserSettings.parse(settings)), now);
    },
    categoryLevel(id: number): number | undefined {
      return level.get(id) as number | undefined;
    },
    /** Replaces the whole tree in one transaction (a pull delivers all of it). */
    replaceCategories(categories: readonly CachedCategory[]): void {
      db.transaction(() => {
        clearCategories.run();
        for (const c of categories) upsertCategory.run(c.id, c.parentId, c.level, c.title, c.position);
      })();
    },
  };
}
