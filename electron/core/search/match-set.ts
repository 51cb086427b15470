// The items a full-text match finds, as a set in memory (issue 41): a search sorted by a column
// walks that column's index in order and keeps the rows in the set, instead of reading every
// matching item and sorting them all. A broad prefix ("l") matches 70,000 of 100,000 drafts:
// joined and sorted, 50 to 150 ms; read from the index as one JSON array (json_group_array, then
// JSON.parse: half the time of a JS function called per row) into a set, and a page of 100 from the
// sort's index then reads about 140 rows. The set holds the seller's words' matches alone: the
// walk reads live items from the sort's index and checks the status there, and ANDing the index's
// liveness token (zzlive, in every live item's row) cost as much as the words ("l": 33 against
// 16 ms at load 10). The search's count is the set's members that are live and in the status
// filter, counted against a map of every live item's status (one read of the status index, kept
// until the cache changes like the sets, so the keystrokes of a search read it once).
import type { Db } from '../db/open-account-db.ts';
import { changeStamp } from '../db/change-stamp.ts';

/** The SQL function a page's WHERE calls: grid_match_has(key, items.local_id). */
export const MATCH_HAS = 'grid_match_has';
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

/** Every live item's status, by id (0: not live), and the code of each status. */
interface LiveMap {
  stamp: string;
  statusOf: Uint8Array;
  codes: Map<string, number>;
}

interface Connection {
  stamp: () => string;
  kept: Kept[];
  live: LiveMap | null;
  /** Live items' ids by status, each a JSON array. */
  liveIds: () => Array<{ status: string; ids: string }>;
  nextKey: number;
  /** The rowids of a match as a JSON array. */
  ids: (match: string) => string;
  maxId: () => number;
}

const connections = new WeakMap<Db, Connection>();

function connectionOf(db: Db): Connection {
  const known = connections.get(db);
  if (known) return known;
  const state: Connection = { stamp: changeStamp(db), kept: [], live: null, liveIds: () => [], nextKey: 1, ids: () => '[]', maxId: () => 0 };
  db.function(MATCH_HAS, { deterministic: false }, (key: unknown, id: unknown) => {
    const set = state.kept.find((k) => k.key === key);
    if (set === undefined) throw new Error('grid_match_has: a match set that is no longer kept');
    return set.bits[Number(id)] ?? 0;
  });
  const ids = db.prepare(`SELECT json_group_array(rowid) FROM items_fts WHERE items_fts MATCH ?`).pluck();
  const maxId = db.prepare(`SELECT coalesce(max(local_id), 0) FROM items`).pluck();
  state.ids = (match) => ids.get(match) as string;
  state.maxId = () => maxId.get() as number;
  // Read from the (status, deleted_at) index alone (migration 11), a status at a time.
  const live = db.prepare(`SELECT status, json_group_array(local_id) AS ids FROM items WHERE deleted_at IS NULL GROUP BY status`);
  state.liveIds = () => live.all() as Array<{ status: string; ids: string }>;
  connections.set(db, state);
  return state;
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
  const ids = JSON.parse(state.ids(match)) as number[];
  let max = state.maxId();
  for (const id of ids) if (id > max) max = id;
  const bits = new Uint8Array(max + 1);
  for (const id of ids) bits[id] = 1;
  const set: Kept = { key: state.nextKey++, size: ids.length, span: bits.length, match, stamp: db.inTransaction ? '' : stamp, bits };
  // Sets of another state are never asked again; the newest stays even inside a transaction,
  // where its stamp matches nothing, for the page that asked for it.
  state.kept = [...state.kept.filter((k) => k.stamp === stamp && k.stamp !== ''), set].slice(-KEPT);
  return set;
}

/** Every live item's status as the cache is now (read once per cache state, as the sets). */
function liveMap(db: Db, state: Connection, stamp: string): LiveMap {
  if (state.live !== null && state.live.stamp === stamp && stamp !== '') return state.live;
  const groups = state.liveIds().map((g) => ({ status: g.status, ids: JSON.parse(g.ids) as number[] }));
  let max = 0;
  for (const g of groups) for (const id of g.ids) if (id > max) max = id;
  const statusOf = new Uint8Array(max + 1);
  const codes = new Map<string, number>();
  groups.forEach((g, i) => {
    codes.set(g.status, i + 1);
    for (const id of g.ids) statusOf[id] = i + 1;
  });
  const map = { stamp: db.inTransaction ? '' : stamp, statusOf, codes };
  state.live = map;
  return map;
}

/**
 * How many live items, in `status` when given, a kept set of `match` holds, if one is kept for
 * the cache as it is now: the search's count without reading the index again.
 */
export function keptCount(db: Db, match: string, status?: readonly string[]): number | null {
  const state = connections.get(db);
  if (state === undefined) return null;
  const stamp = state.stamp();
  const set = state.kept.find((k) => k.match === match && k.stamp === stamp);
  if (set === undefined) return null;
  const { statusOf, codes } = liveMap(db, state, stamp);
  const wanted = new Uint8Array(codes.size + 1);
  for (const [name, code] of codes) wanted[code] = status?.length ? Number(status.includes(name)) : 1;
  const { bits } = set;
  let n = 0;
  for (let id = 0; id < bits.length && id < statusOf.length; id++) if (bits[id] === 1) n += wanted[statusOf[id]!]!;
  return n;
}

/** Forgets the sets kept on `db` (bench:core's sorted searches: each text asked as a keystroke's first ask). */
export function forgetSets(db: Db): void {
  const state = connections.get(db);
  if (state !== undefined) state.kept = [];
}
