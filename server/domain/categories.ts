// The 3-level category tree. Small and read on every item view, so it is cached in memory.
import type { Db } from '../db/open.ts';

export interface CategoryRow {
  id: number;
  parent_id: number;
  level: 1 | 2 | 3;
  /** Finnish, as the marketplace shows it. */
  title: string;
  /** The English name (migration 8); null for a category written before it or without one. */
  title_en: string | null;
  position: number;
  updated: number;
}

export interface CategoryTree {
  byId: Map<number, CategoryRow>;
  children: Map<number, CategoryRow[]>;
  /** The category and its ancestors, from level 1 down. */
  path(id: number): CategoryRow[];
  /** The ids of the category and every category below it. */
  descendants(id: number): number[];
  updated: number;
}

// Categories are written only through insertCategory (the seed, tests), which drops the cached
// tree; reading it is then a map lookup, which the item views do on every request.
const trees = new WeakMap<Db, CategoryTree>();

export function categoryTree(db: Db): CategoryTree {
  const cached = trees.get(db);
  if (cached) return cached;
  const rows = db.prepare('SELECT * FROM categories ORDER BY position, id').all() as CategoryRow[];
  const tree = buildTree(rows, rows.reduce((max, r) => Math.max(max, r.updated), 0));
  trees.set(db, tree);
  return tree;
}

/** Forget the cached tree; call after writing the categories table. */
export function invalidateCategoryTree(db: Db): void {
  trees.delete(db);
}

function buildTree(rows: CategoryRow[], updated: number): CategoryTree {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const children = new Map<number, CategoryRow[]>();
  for (const row of rows) {
    const list = children.get(row.parent_id) ?? [];
    list.push(row);
    children.set(row.parent_id, list);
  }
  const path = (id: number): CategoryRow[] => {
    const out: CategoryRow[] = [];
    let current = byId.get(id);
    while (current) {
      out.unshift(current);
      current = current.parent_id === 0 ? undefined : byId.get(current.parent_id);
    }
    return out;
  };
  const descendants = (id: number): number[] => {
    const out: number[] = [];
    const stack = [id];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (next !== 0) out.push(next);
      for (const child of children.get(next) ?? []) stack.push(child.id);
    }
    return out;
  };
  return { byId, children, path, descendants, updated };
}

export interface NewCategory {
  id?: number;
  parentId: number;
  title: string;
  /** The English name, if any. */
  titleEn?: string | null;
  position?: number;
}

/** The real service's category ids have 4 digits at most. */
export const MAX_CATEGORY_ID = 9_999;

/**
 * The id a new category gets when none is given: the next of the one global sequence the real
 * service numbers its categories with (a main category, a section and a leaf alike), so no id
 * grows with its depth. A tree already using 9,999 has no next id.
 */
function nextCategoryId(db: Db): number {
  const last = db.prepare('SELECT max(id) AS id FROM categories').get() as { id: number | null };
  const id = (last.id ?? 0) + 1;
  if (id > MAX_CATEGORY_ID) throw new Error(`category ids end at ${MAX_CATEGORY_ID}`);
  return id;
}

/** Inserts a category under parentId (0 for a main category); the level follows the parent. */
export function insertCategory(db: Db, category: NewCategory, now: number): number {
  const parentLevel =
    category.parentId === 0
      ? 0
      : ((db.prepare('SELECT level FROM categories WHERE id = ?').get(category.parentId) as { level: number } | undefined)?.level ??
        -1);
  if (parentLevel < 0) throw new Error(`unknown parent category ${category.parentId}`);
  if (parentLevel >= 3) throw new Error('categories have 3 levels');
  const result = db
    .prepare('INSERT INTO categories (id, parent_id, level, title, title_en, position, updated) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(category.id ?? nextCategoryId(db), category.parentId, parentLevel + 1, category.title, category.titleEn ?? null, category.position ?? 0, now);
  invalidateCategoryTree(db);
  return Number(result.lastInsertRowid);
}
