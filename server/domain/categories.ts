// The 3-level category tree. Small and read on every item view, so it is cached in memory.
import type { Db } from '../db/open.ts';

export interface CategoryRow {
  id: number;
  parent_id: number;
  level: 1 | 2 | 3;
  title: string;
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
  position?: number;
}

/**
 * The id a new category under `parentId` gets when none is given, numbered as on the real service
 * and in the demo tree: main categories are small numbers from 1, a category's children follow
 * parent*100 (sections of 1 are 101, 102...; subcategories of 101 are 10101...). An id already
 * taken (a tree numbered otherwise) leaves the choice to SQLite.
 */
function nextCategoryId(db: Db, parentId: number): number | null {
  const base = parentId === 0 ? 0 : parentId * 100;
  const last = db.prepare('SELECT max(id) AS id FROM categories WHERE parent_id = ?').get(parentId) as { id: number | null };
  const id = Math.max(base, last.id ?? 0) + 1;
  const taken = db.prepare('SELECT 1 FROM categories WHERE id = ?').get(id) !== undefined;
  return taken || !Number.isSafeInteger(id) ? null : id;
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
    .prepare('INSERT INTO categories (id, parent_id, level, title, position, updated) VALUES (?, ?, ?, ?, ?, ?)')
    .run(category.id ?? nextCategoryId(db, category.parentId), category.parentId, parentLevel + 1, category.title, category.position ?? 0, now);
  invalidateCategoryTree(db);
  return Number(result.lastInsertRowid);
}
