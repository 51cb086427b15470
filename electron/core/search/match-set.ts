// The items a full-text match finds, as a set in memory (issue 41): a search sorted by a column
// walks that column's index in order and keeps the rows in the set, instead of reading every
// matching item and sorting them all. A broad prefix ("l") matches 70,000 of 100,000 drafts:
// joined and sorted, 50 to 150 ms; read from the index into a set, about a third of a microsecond
// a match, and a page of 100 from the sort's index then reads about 140 rows. The set is kept until
// the cache changes, so scrolling and a change of sort reuse it.
import type { Db } from '../db/open-account-db.ts';
import { changeStamp } from '../db/change-stamp.ts';

/** The SQL function a page's WHERE calls: grid_match_has(key, items.local_id). */
export const MATCH_HAS = 'grid_match_has';
const MARK = 'grid_match_mark';
/** Sets kept per connection: the searches of the last keystrokes (100 kB each at 100,000 items). */
const KEPT = 8;

export interface MatchSet {
  /** Passed to grid_match_has as its first argument. */
  key: number;
  /** How many items match. */
  size: number;
  /** The rowids it can hold (the highest item id + 1): about how many items a walk may read. */
  span: number;
}

interface Kept extends MatchSet {
  match: string;
  stamp: string;
  bits: Uint8Array;
}

interface Connection {
  stamp: () => string;
  kept: Kept[];
  /** The set being filled by grid_match_mark (the statement runs synchronously). */
  filling: Uint8Array;
  nextKey: number;
  count: (match: string) => number;
  maxId: () => number;
}

const connections = new WeakMap<Db, Connection>();

function connectionOf(db: Db): Connection {
  const known = connections.get(db);
  if (known) return known;
  const state: Connection = {
    stamp: changeStamp(db), kept: [], filling: new Uint8Array(0), nextKey: 1,
    count: () => 0, maxId: () => 0,
  };
  db.function(MATCH_HAS, { deterministic: false }, (key: unknown, id: unknown) => {
    const set = state.kept.find((k) => k.key === key);
    if (set === undefined) throw new Error('grid_match_has: a match set that is no longer kept');
    return set.bits[Number(id)] ?? 0;
  });
  db.aggregate(MARK, {
    start: 0,
    step: (n: number, id: unknown) => {
      const i = Number(id);
      // A row written between the max() and this read (never on one connection): grow.
      if (i >= state.filling.length) state.filling = grow(state.filling, i);
      state.filling[i] = 1;
      return n + 1;
    },
  });
  const count = db.prepare(`SELECT ${MARK}(rowid) FROM items_fts WHERE items_fts MATCH ?`).pluck();
  const maxId = db.prepare(`SELECT coalesce(max(local_id), 0) FROM items`).pluck();
  state.count = (match) => count.get(match) as number;
  state.maxId = () => maxId.get() as number;
  connections.set(db, state);
  return state;
}

function grow(bits: Uint8Array, index: number): Uint8Array {
  const bigger = new Uint8Array(Math.max(index + 1, bits.length * 2));
  bigger.set(bits);
  return bigger;
}

/**
 * The set of rowids an FTS5 MATCH expression finds, read once per expression and cache state.
 * Read inside a transaction it is not kept (a rollback would take its rows back).
 */
export function matchSet(db: Db, match: string): MatchSet {
  const state = connectionOf(db);
  const stamp = state.stamp();
  const found = state.kept.find((k) => k.match === match && k.stamp === stamp);
  if (found) {
    // Most recently used last.
    state.kept.splice(state.kept.indexOf(found), 1);
    state.kept.push(found);
    return found;
  }
  state.filling = new Uint8Array(state.maxId() + 1);
  const size = state.count(match);
  const set: Kept = { key: state.nextKey++, size, span: state.filling.length, match, stamp: db.inTransaction ? '' : stamp, bits: state.filling };
  state.filling = new Uint8Array(0);
  // Sets of another state are never asked again; the newest stays even inside a transaction,
  // where its stamp matches nothing, for the page that asked for it.
  state.kept = [...state.kept.filter((k) => k.stamp === stamp && k.stamp !== ''), set].slice(-KEPT);
  return set;
}

/** How many items a kept set of `match` holds, if one is kept for the cache as it is now. */
export function keptSize(db: Db, match: string): number | null {
  const state = connections.get(db);
  if (state === undefined) return null;
  const stamp = state.stamp();
  return state.kept.find((k) => k.match === match && k.stamp === stamp)?.size ?? null;
}
