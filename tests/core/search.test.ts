import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { draftWrites } from '../../electron/core/drafts/draft-writes.ts';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { ftsQuery, gridSearch, type GridSort } from '../../electron/core/search/grid-search.ts';
import { openTempDb } from './support.ts';

function setup() {
  const { db } = openTempDb();
  const drafts = draftWrites(db);
  const add = (title: string, description: string, extra: Record<string, unknown> = {}, now = 1) =>
    drafts.createDraft({ title, description, ...extra }, now).localId;
  return { db, drafts, add, search: gridSearch(db) };
}

describe('searching the cached items', () => {
  it('finds words in titles and in the text of descriptions, as the user types', () => {
    const { add, search } = setup();
    const chair = add('Wooden chair', '<p>Painted <b>blue</b> &amp; sturdy</p>');
    const sofa = add('Sofa', '<p>Blue velvet, three seats</p>');
    add('Lamp', '<p>Brass <em>old</em></p>');
    expect(search.search({ text: 'blue' }).map((r) => r.localId).sort()).toEqual([chair, sofa]);
    expect(search.search({ text: 'chai' }).map((r) => r.localId)).toEqual([chair]);
    expect(search.search({ text: 'BLUE velv' }).map((r) => r.localId)).toEqual([sofa]);
    expect(search.search({ text: 'em' })).toEqual([]); // tags are markup, not text
  });

  it('never throws on hostile input: quotes, NEAR, stars, parentheses, column filters', () => {
    const { add, search } = setup();
    add('Quote "test" (NEAR) item*', 'title: x AND y OR z NOT w ^start');
    const hostile = ['"', '""', '"unterminated', 'NEAR(a b)', 'a NEAR b', '*', '**', 'a*b', '(', ')', '(()', 'title:x', '^start', 'AND', 'OR NOT', '-x', '+', '\u0000', '🙂', "' OR 1=1 --", '{title}: x'];
    for (const text of hostile) expect(() => search.search({ text })).not.toThrow();
    expect(search.search({ text: 'NEAR' })).toHaveLength(1);
    expect(search.search({ text: '"test"' })).toHaveLength(1);
    fc.assert(fc.property(fc.string({ maxLength: 30 }), (text) => {
      expect(() => search.search({ text })).not.toThrow();
    }));
  });

  it('quotes every token so no FTS5 operator survives', () => {
    expect(ftsQuery('a "b" NEAR(c) d*')).toBe('"a" "b" "NEAR" "c" "d"*');
    expect(ftsQuery('  ()*" ')).toBeNull();
  });

  it('filters by status and sync state and sorts by price, title and update time', () => {
    const { db, add, search } = setup();
    const cheap = add('Cheap', '', { saleMethod: 'buy-now', buyNowPrice: 5 }, 30);
    const dear = add('dear', '', { saleMethod: 'buy-now', buyNowPrice: 500 }, 10);
    const mid = add('Middle', '', { saleMethod: 'auction', startingPrice: 50 }, 20);
    db.prepare(`UPDATE items SET status = 'published', sync_state = 'synced' WHERE local_id = ?`).run(dear);
    expect(search.search({ sort: 'price', direction: 'asc' }).map((r) => r.localId)).toEqual([cheap, mid, dear]);
    expect(search.search({ sort: 'title' }).map((r) => r.title)).toEqual(['Cheap', 'dear', 'Middle']);
    expect(search.search({}).map((r) => r.localId)).toEqual([cheap, mid, dear]); // newest update first
    expect(search.search({ status: ['published'] }).map((r) => r.localId)).toEqual([dear]);
    expect(search.search({ syncState: ['local-only'], saleMethod: 'buy-now' }).map((r) => r.localId)).toEqual([cheap]);
    expect(search.search({ limit: 1, offset: 1 }).map((r) => r.localId)).toEqual([mid]);
  });

  it('ranks title hits first, the best by bm25 first, then description hits; one letter newest first (issue 41)', () => {
    const { add, search } = setup();
    const lamp = add('Lamppu', '');
    const oldLamp = add('Vanha messinkinen lamppu, iso ja painava', '');
    const chair = add('Tuoli', '<p>Lamppu ja lamppu</p>');
    const table = add('Pöytä', '<p>Lamppu mukaan, jos haluat koko setin kerralla</p>');
    add('Sohva', '<p>Harmaa</p>');
    const ids = (sort: 'relevance', text: string, offset = 0, limit = 100) => search.search({ text, sort, offset, limit }).map((r) => r.localId);
    expect(ids('relevance', 'lamppu')).toEqual([lamp, oldLamp, chair, table]);
    expect(ids('relevance', 'lamp')).toEqual([lamp, oldLamp, chair, table]);
    // One letter: every word starting with it, title hits newest first, then the others.
    expect(ids('relevance', 'l')).toEqual([oldLamp, lamp, table, chair]);
    // Pages across the runs.
    expect(ids('relevance', 'lamppu', 1, 2)).toEqual([oldLamp, chair]);
    expect(ids('relevance', 'l', 3, 5)).toEqual([chair]);
    expect(search.count({ text: 'l', sort: 'relevance' })).toBe(4);
  });

  it('counts a search in a status filter from the full-text index, and a deleted or moved item leaves it', () => {
    const { db, drafts, add, search } = setup();
    const [a, b] = [add('Brass lamp', ''), add('Brass bowl', '')];
    add('Oak chair', '');
    expect(search.count({ text: 'bra', status: ['draft'] })).toBe(2);
    db.prepare(`UPDATE items SET status = 'published', sync_state = 'synced', remote_id = 5 WHERE local_id = ?`).run(a);
    expect(search.count({ text: 'bra', status: ['draft'] })).toBe(1);
    expect(search.count({ text: 'bra', status: ['published', 'closed'] })).toBe(1);
    drafts.deleteDraft(b);
    expect(search.count({ text: 'bra', status: ['draft'] })).toBe(0);
    // A word of the status tokens is no match for what the seller types.
    expect(search.count({ text: 'zzstatus', status: ['draft'] })).toBe(0);
  });

  it('does not keep a count read inside a transaction that is then rolled back', () => {
    const { db, add, search } = setup();
    add('Brass lamp', '');
    expect(search.count({ text: 'bra' })).toBe(1);
    const tryOut = db.transaction(() => {
      add('Brass bowl', '');
      expect(search.count({ text: 'bra' })).toBe(2);
      throw new Error('rolled back');
    });
    expect(() => tryOut()).toThrow('rolled back');
    // total_changes() does not go back with the rollback: the count must not be kept by it.
    expect(search.count({ text: 'bra' })).toBe(1);
  });

  it('does not show deleted items', () => {
    const { db, drafts, add, search } = setup();
    const id = add('Gone', '');
    db.prepare(`UPDATE items SET remote_id = 600000009, sync_state = 'synced' WHERE local_id = ?`).run(id);
    drafts.deleteDraft(id);
    expect(search.search({ text: 'gone' })).toEqual([]);
  });
  it('sorts by what each heading shows: buy-now and starting price, quantity, category name, open days', () => {
    const { db, add, search } = setup();
    settingsCache(db).replaceCategories([
      { id: 1, parentId: 0, level: 1, title: 'Home', position: 0 },
      { id: 101, parentId: 1, level: 2, title: 'Zebra rugs', position: 0 },
      { id: 102, parentId: 1, level: 2, title: 'armchairs', position: 1 },
    ]);
    const auction = add('Auction', '', { saleMethod: 'auction', startingPrice: 50, quantity: 1, openDays: 3, categoryId: 101 });
    const dear = add('Dear', '', { saleMethod: 'buy-now', buyNowPrice: 500, quantity: 3, openDays: 7, categoryId: 102 });
    const cheap = add('Cheap', '', { saleMethod: 'buy-now', buyNowPrice: 5, quantity: 2, openDays: 14 });
    const ids = (sort: GridSort, direction: 'asc' | 'desc') => search.search({ sort, direction }).map((r) => r.localId);
    // The auction has no buy-now price: it comes last ascending (issue 21: empty prices last), not
    // sorted by its starting price.
    expect(ids('buyNowPrice', 'asc')).toEqual([cheap, dear, auction]);
    // No starting price last descending, newest first among them.
    expect(ids('startingPrice', 'desc')).toEqual([auction, cheap, dear]);
    expect(ids('quantity', 'asc')).toEqual([auction, cheap, dear]);
    expect(ids('openDays', 'desc')).toEqual([cheap, dear, auction]);
    // By name, ignoring case; no category first.
    expect(ids('category', 'asc')).toEqual([cheap, dear, auction]);
    settingsCache(db).replaceCategories([{ id: 1, parentId: 0, level: 1, title: 'Home', position: 0 }, { id: 101, parentId: 1, level: 2, title: 'Anchors', position: 0 }]);
    // A renamed category sorts by its new name; a removed one's drafts have none.
    expect(ids('category', 'asc')).toEqual([dear, cheap, auction]);
  });
  it('sorts titles in Finnish (Å, Ä, Ö after Z), numbers by value, and empty prices last both ways', () => {
    const { db, add, search } = setup();
    for (const title of ['Äänilevy', 'zoom-objektiivi', 'Åbo-kartta', 'Öljylamppu', 'erä 1043', 'Erä 103', 'erä 1023', 'Avain', 'Ëlite', 'erä 7']) add(title, '');
    const titles = (direction: 'asc' | 'desc') => search.search({ sort: 'title', direction }).map((r) => r.title);
    const finnish = ['Avain', 'Ëlite', 'erä 7', 'Erä 103', 'erä 1023', 'erä 1043', 'zoom-objektiivi', 'Åbo-kartta', 'Äänilevy', 'Öljylamppu'];
    expect(titles('asc')).toEqual(finnish);
    expect(titles('desc')).toEqual([...finnish].reverse());
    // A renamed draft moves to its new place (the key follows the title).
    const renamed = search.search({ sort: 'title', direction: 'asc' })[0]!.localId;
    db.prepare('UPDATE items SET title = ? WHERE local_id = ?').run('Ööljy', renamed);
    expect(titles('asc').at(-1)).toBe('Ööljy');

    const { add: addPriced, search: priced } = setup();
    const none = addPriced('Ei hintaa', '', { saleMethod: 'auction' });
    const ten = addPriced('Kymppi', '', { saleMethod: 'buy-now', buyNowPrice: 10 });
    const two = addPriced('Kaksi', '', { saleMethod: 'buy-now', buyNowPrice: 2 });
    const ids = (direction: 'asc' | 'desc') => priced.search({ sort: 'buyNowPrice', direction }).map((r) => r.localId);
    expect(ids('asc')).toEqual([two, ten, none]);
    expect(ids('desc')).toEqual([ten, two, none]);
    // Paging keeps the order: the empty one is on the last page.
    expect(priced.search({ sort: 'buyNowPrice', direction: 'asc', limit: 2, offset: 2 }).map((r) => r.localId)).toEqual([none]);
  });
});
