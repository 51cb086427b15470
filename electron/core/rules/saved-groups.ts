// Saved groups: a grid query (search text and filters, electron/core/search/grid-search.ts) kept
// under a name, shown in the sidebar with its live count, and the target of bulk actions and
// rules. A group is resolved when it is used, so its members are whatever matches at that time.
import type { Db } from '../db/open-account-db.ts';
import { DraftError } from '../drafts/draft-error.ts';
import { gridSearch, type GridQuery } from '../search/grid-search.ts';
import { queryIds } from '../search/query-ids.ts';

export type GroupQuery = Omit<GridQuery, 'offset' | 'limit'>;

export interface SavedGroup {
  id: number;
  name: string;
  query: GroupQuery;
  position: number;
}

interface GroupRow { id: number; name: string; query: string; position: number }

const HOUR_MS = 3_600_000;

/**
 * A relative filter made absolute at the time of use: "ending within N hours" is kept as hours
 * and turned into a closing instant here, so a saved group keeps meaning "from now".
 */
export function resolveQuery(query: GroupQuery, now: number): GroupQuery {
  if (query.endingWithinHours === undefined) return query;
  const { endingWithinHours, ...rest } = query;
  return { ...rest, closesBefore: now + endingWithinHours * HOUR_MS };
}

export function savedGroups(db: Db) {
  const search = gridSearch(db);
  const s = {
    all: db.prepare(`SELECT * FROM saved_groups ORDER BY position, id`),
    one: db.prepare(`SELECT * FROM saved_groups WHERE id = ?`),
    insert: db.prepare(
      `INSERT INTO saved_groups (name, query, position, created, updated)
       VALUES (?, ?, (SELECT coalesce(max(position), 0) + 1 FROM saved_groups), ?, ?) RETURNING id`,
    ).pluck(),
    update: db.prepare(`UPDATE saved_groups SET name = ?, query = ?, updated = ? WHERE id = ?`),
    remove: db.prepare(`DELETE FROM saved_groups WHERE id = ?`),
    sameName: db.prepare(`SELECT id FROM saved_groups WHERE name = ? COLLATE NOCASE AND id <> ?`).pluck(),
  };
  const parse = (r: GroupRow): SavedGroup => ({ id: r.id, name: r.name, query: JSON.parse(r.query) as GroupQuery, position: r.position });

  return {
    list: (): SavedGroup[] => (s.all.all() as GroupRow[]).map(parse),
    get(id: number): SavedGroup {
      const row = s.one.get(id) as GroupRow | undefined;
      if (!row) throw new DraftError('not-found', `saved group ${id} does not exist`);
      return parse(row);
    },
    save(input: { id?: number; name: string; query: GroupQuery }, now: number): SavedGroup {
      const name = input.name.trim();
      if (name === '') throw new DraftError('validation', 'a group needs a name', [], 'name');
      if (s.sameName.get(name, input.id ?? 0) !== undefined) throw new DraftError('validation', `a group named ${name} exists`, [], 'name');
      const query = JSON.stringify(input.query);
      return db.transaction(() => {
        if (input.id === undefined) return this.get(Number(s.insert.get(name, query, now, now)));
        if (s.update.run(name, query, now, input.id).changes === 0) throw new DraftError('not-found', `saved group ${input.id} does not exist`);
        return this.get(input.id);
      })();
    },
    remove: (id: number) => void s.remove.run(id),
    /** How many items the group holds now. */
    count: (group: SavedGroup, now: number): number => search.count(resolveQuery(group.query, now)),
    /** Its items now, in grid order. */
    ids: (group: SavedGroup, now: number): number[] => queryIds(search, resolveQuery(group.query, now)),
  };
}

export type SavedGroups = ReturnType<typeof savedGroups>;
