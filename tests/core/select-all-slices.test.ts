// Issue 41: "select all" of 100,000 drafts never blocks the core. The ids of a grid query are read
// in slices over one read transaction on a connection of their own (session/account-reads.ts):
// a grid page and a write are answered between the slices, and the ids are what one statement
// would have read when the select-all began. Timed by the order of events, never by the clock.
import { copyFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHE_FILE } from '../../electron/core/session/core-session.ts';
import { ftsQuery } from '../../electron/core/search/grid-search.ts';
import { invokeOk, openTestCore } from '../app/support.ts';
import { copyManyDrafts } from '../support/many-drafts-cache.ts';
import { tempFolder } from '../support/temp-folder.ts';

const DRAFTS = 100_000;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('select all of a grid query', () => {
  it('is read in slices over one snapshot: a page and a delete are answered meanwhile, every caller gets the naive query\'s ids, and a close ends it', async () => {
    const core = openTestCore({ syncTiming: { debounceMs: 60_000, pollMs: 0 } });
    // 100,000 drafts written once and copied while what writes them is unchanged (grid-query-plan
    // uses the same kept cache), put in as the account's cache.
    const kept = join(tempFolder(), 'drafts.sqlite');
    await copyManyDrafts(DRAFTS, kept);
    core.session.replaceCache((folder) => {
      for (const suffix of ['-wal', '-shm']) rmSync(join(folder, CACHE_FILE + suffix), { force: true });
      copyFileSync(kept, join(folder, CACHE_FILE));
    });
    const db = core.session.db();
    const everything = db.prepare(`SELECT local_id FROM items WHERE deleted_at IS NULL ORDER BY updated DESC, status DESC, local_id DESC`).pluck().all() as number[];
    expect(everything).toHaveLength(DRAFTS);

    const events: string[] = [];
    const all = invokeOk(core.bridge, 'drafts.ids', {}).then((ids) => {
      events.push('ids');
      return ids;
    });
    while (!core.session.reads().reading) await turn();
    const page = await invokeOk(core.bridge, 'drafts.page', { offset: 0, limit: 40 });
    events.push('page');
    // A write lands while the select-all reads: committed, and not in its answer.
    const newest = everything[0] as number;
    await invokeOk(core.bridge, 'drafts.delete', { localId: newest });
    events.push('deleted');
    expect(core.session.reads().reading).toBe(true);
    const ids = await all;
    expect(events).toEqual(['page', 'deleted', 'ids']);
    expect(ids).toEqual(everything);
    expect(page.rows.map((r) => r.localId)).toEqual(everything.slice(0, 40));
    expect(await invokeOk(core.bridge, 'drafts.ids', {})).toEqual(everything.slice(1));

    // A broad search sorted by price (the walk over the matches' set) and by relevance; a saved
    // group's members and a bulk action's preview on the grid's query read the same ids.
    const lamps = db.prepare(`SELECT items.local_id FROM items_fts JOIN items ON items.local_id = items_fts.rowid
      WHERE items_fts MATCH ? AND items.deleted_at IS NULL AND items.status = 'draft'
      ORDER BY items.grid_price ASC, items.status ASC, items.local_id ASC`).pluck().all(`{title body} : (${ftsQuery('lamp')})`) as number[];
    expect(lamps.length).toBeGreaterThan(5000);
    const byPrice = { text: 'lamp', status: ['draft'], sort: 'price' as const, direction: 'asc' as const };
    expect(await invokeOk(core.bridge, 'drafts.ids', byPrice)).toEqual(lamps);
    const group = await invokeOk(core.bridge, 'groups.save', { name: 'Lamput', query: byPrice });
    expect(await invokeOk(core.bridge, 'groups.ids', { target: { groupId: group.id } })).toEqual(lamps);
    expect((await invokeOk(core.bridge, 'drafts.actionPreview', { action: 'delete', target: { query: byPrice } })).selected).toBe(lamps.length);
    const ranked = await invokeOk(core.bridge, 'drafts.ids', { text: 'l', sort: 'relevance' });
    expect(ranked).toHaveLength(db.prepare(`SELECT count(*) FROM items_fts JOIN items ON items.local_id = items_fts.rowid
      WHERE items_fts MATCH ? AND items.deleted_at IS NULL`).pluck().get(`{title body} : (${ftsQuery('l')})`) as number);
    expect(ranked.slice(0, 100)).toEqual((await invokeOk(core.bridge, 'drafts.page', { text: 'l', sort: 'relevance', offset: 0, limit: 100 })).rows.map((r) => r.localId));

    // The account closes under a select-all (a restore, a sign-in): it ends with a refusal, and
    // the next one reads the cache opened again.
    const reading = core.bridge.invoke('drafts.ids', {});
    while (!core.session.reads().reading) await turn();
    core.session.reload();
    const result = await reading;
    expect(result.ok ? 'answered' : result.error.code).toBe('state');
    expect(await invokeOk(core.bridge, 'drafts.ids', {})).toHaveLength(DRAFTS - 1);
  }, 180_000);
});
