// Issue 41: the core answers while it works. A long write (a bulk edit, an import, a template, a
// rules pass) runs in slices as ONE transaction on a connection of its own; the grid's reads are
// answered between its slices from the last committed state, writes wait for it (never inside its
// transaction), a kill mid-way leaves none of it and one that came after its answer all of it, and
// it is one undo step. Timed by the order of events, never by the clock.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { IPC_METHODS } from '../../shared/ipc/contract.ts';
import { openAccountDb } from '../../electron/core/db/open-account-db.ts';
import { writeGate } from '../../electron/core/db/write-gate.ts';
import { READ_METHODS } from '../../electron/core/ipc/read-methods.ts';
import { CACHE_FILE } from '../../electron/core/session/core-session.ts';
import { draftsCsv, invokeOk, openTestCore, tempFolder } from '../app/support.ts';
import { UNCANCELLABLE } from '../../electron/core/csv/import-cancel.ts';
import { rowStream } from '../../electron/core/csv/row-stream.ts';
import { checkedRows } from '../support/checked-rows.ts';
import { builtChild } from '../support/built-child.ts';
import { insertManyDrafts } from '../support/many-drafts.ts';
import { join } from 'node:path';

const DRAFTS = 3_000;
const SALES_WORDS = {
  headings: { date: 'Päivä', item: 'Tuote', buyer: 'Ostaja', price: 'Hinta', status: 'Tila' },
  kinds: { auction: 'Huutokauppa', 'buy-now': 'Osta heti', offer: 'Tarjous' },
};
const CHILD = fileURLToPath(new URL('./fixtures/long-write-then-killed.ts', import.meta.url));
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A core with DRAFTS drafts, their ids, and their first one's price. */
function coreWithDrafts() {
  const core = openTestCore({ syncTiming: { debounceMs: 60_000, pollMs: 0 } });
  insertManyDrafts(core.session.db(), DRAFTS);
  const ids = core.session.db().prepare(`SELECT local_id FROM items ORDER BY local_id`).pluck().all() as number[];
  return { core, ids };
}

/** Resolves once a long write holds the cache (polled once a turn: its slices are turns apart). */
async function longWriteStarted(core: ReturnType<typeof openTestCore>): Promise<void> {
  while (!core.session.writes().longWriting) await turn();
}

describe('the write gate', () => {
  it('lets a long write wait for the turns granted before it, and queues turns asked after it behind it', async () => {
    const gate = writeGate();
    const order: string[] = [];
    await gate.turn();
    order.push('turn 1');
    let release = () => {};
    const long = gate.long(async () => {
      order.push('long starts');
      await new Promise<void>((resolve) => (release = resolve));
      order.push('long ends');
    });
    // Asked after the long write: it waits for it, as the long write waited for turn 1's round.
    const second = gate.turn().then(() => order.push('turn 2'));
    await turn();
    await turn();
    expect(order).toEqual(['turn 1', 'long starts']);
    expect(gate.longWriting).toBe(true);
    release();
    await Promise.all([long, second]);
    expect(order).toEqual(['turn 1', 'long starts', 'long ends', 'turn 2']);
  });
});

describe('a long write', () => {
  it('leaves the grid\'s pages and a draft answered from the last committed state while it runs, and is one undo step', async () => {
    const { core, ids } = coreWithDrafts();
    const first = ids[0] as number;
    const before = (await invokeOk(core.bridge, 'drafts.get', { localId: first })).fields.buyNowPrice;
    // An import holds the writer with rows written in its open transaction (its last rows are
    // still "being checked"): the reads meanwhile are answered from what was committed.
    const rows = rowStream();
    let written = 0;
    const importing = core.session.writes().importRows({ rows, now: Date.now(), batchRows: 100, control: UNCANCELLABLE, onBatch: (done) => (written = done) });
    rows.push(checkedRows(core.session.db(), draftsCsv(500)), 100);
    while (written < 500) await turn();
    const [page, count] = await Promise.all([
      invokeOk(core.bridge, 'drafts.page', { status: ['draft'], sort: 'buyNowPrice', direction: 'desc', offset: 0, limit: 40 }),
      invokeOk(core.bridge, 'drafts.ids', { status: ['draft'] }),
    ]);
    expect(core.session.writes().longWriting).toBe(true);
    expect(Number(await core.session.writes().peek('SELECT count(*) FROM items'))).toBe(DRAFTS + 500);
    expect(page.total).toBe(DRAFTS);
    expect(count).toHaveLength(DRAFTS);
    rows.end();
    await importing;
    expect((await invokeOk(core.bridge, 'drafts.page', { status: ['draft'], offset: 0, limit: 1 })).total).toBe(DRAFTS + 500);

    // A bulk edit, reported as it goes (planned, then written), is one undo step.
    const reports: Array<{ kind: string; done: number; total: number }> = [];
    core.session.onEvent((name, payload) => {
      if (name === 'drafts.writeProgress') reports.push(payload as { kind: string; done: number; total: number });
    });
    expect(await invokeOk(core.bridge, 'drafts.bulkEdit', { localIds: ids, changes: { buyNowPrice: 4321 } })).toMatchObject({ changed: DRAFTS });
    expect(reports.length).toBeGreaterThan(0);
    expect(reports.every((r) => r.kind === 'bulk-edit' && r.done <= r.total)).toBe(true);
    expect(reports.map((r) => r.done)).toEqual([...reports.map((r) => r.done)].sort((a, b) => a - b));
    expect(reports.at(-1)).toMatchObject({ done: reports.at(-1)?.total });
    expect((await invokeOk(core.bridge, 'drafts.get', { localId: first })).fields.buyNowPrice).toBe(4321);
    const step = await invokeOk(core.bridge, 'drafts.lastStep', {});
    expect(step).toMatchObject({ kind: 'bulk-edit', itemCount: DRAFTS });
    expect(await invokeOk(core.bridge, 'drafts.undo', {})).toMatchObject({ stepId: step?.id, restored: DRAFTS, skipped: [] });
    expect((await invokeOk(core.bridge, 'drafts.get', { localId: first })).fields.buyNowPrice).toBe(before);
  }, 120_000);

  it('makes a write asked meanwhile wait for it: a cell\'s edit lands after the bulk edit, not in its transaction', async () => {
    const { core, ids } = coreWithDrafts();
    const last = ids.at(-1) as number;
    const editing = invokeOk(core.bridge, 'drafts.bulkEdit', { localIds: ids, changes: { buyNowPrice: 77 } });
    await longWriteStarted(core);
    let answered = false;
    const cell = invokeOk(core.bridge, 'drafts.update', { localId: last, changes: { buyNowPrice: 88 } }).then(() => (answered = true));
    // Not answered (not written) in any turn while the bulk edit holds the cache.
    while (core.session.writes().longWriting) {
      expect(answered).toBe(false);
      await turn();
    }
    await Promise.all([editing, cell]);
    expect((await invokeOk(core.bridge, 'drafts.get', { localId: last })).fields.buyNowPrice).toBe(88);
    // Its outbox row follows every row of the bulk edit: written after its commit.
    const rows = core.session.db().prepare(`SELECT step_id IS NOT NULL AS bulk, max(id) AS last, min(id) AS first FROM outbox WHERE kind = 'edit' GROUP BY 1 ORDER BY 1`).all();
    expect(rows).toEqual([{ bulk: 0, first: expect.any(Number), last: expect.any(Number) }, { bulk: 1, first: expect.any(Number), last: expect.any(Number) }]);
    const [cellRow, bulkRows] = rows as Array<{ first: number; last: number }>;
    expect(cellRow!.first).toBeGreaterThan(bulkRows!.last);
    // The bulk edit's undo leaves the cell's later value, as after any later edit.
    expect((await invokeOk(core.bridge, 'drafts.undo', {})).skipped).toEqual([expect.objectContaining({ localId: last, field: 'buyNowPrice' })]);
  }, 120_000);

  it('answers every method that only reads while it holds the cache, and none of them writes', async () => {
    const { core, ids } = coreWithDrafts();
    const draft = ids[0] as number;
    const inputs: Partial<Record<string, unknown>> = {
      'drafts.page': { offset: 0, limit: 10 }, 'drafts.ids': {}, 'drafts.get': { localId: draft }, 'drafts.validate': { localId: draft, changes: { title: 'Uusi' } },
      'drafts.queuedStatus': { localId: draft }, 'images.list': { localId: draft }, 'images.original': { imageId: 1 }, 'items.thumbnails': { localIds: [draft] },
      'sales.list': { status: 'all', limit: 10 }, 'sales.sold': { from: 0, to: Date.now() }, 'sales.exportCsv': { localIds: [draft], locale: 'fi', timeZone: 'Europe/Helsinki', words: SALES_WORDS },
      'rules.log': {}, 'rules.exportLog': { locale: 'fi' },
      'rules.previewOfferRule': { scope: 'shop', scopeId: 0, acceptAmount: null, acceptPercent: 90, refuseAmount: null, refusePercent: 50, quietFrom: null, quietTo: null, enabled: true },
      'groups.ids': { target: { localIds: [draft] } }, 'schedule.preview': { target: { localIds: [draft] }, start: '2030-01-01 12:00:00', spacing: { kind: 'every', minutes: 10 } },
      'drafts.bulkPreview': { localIds: ids, changes: { quantity: 2 } }, 'drafts.rulesPreview': { localIds: ids, rules: { price: { op: 'raise', percent: 10 } } },
      'templates.preview': { id: 1, selection: { localIds: [draft] }, words: { locale: 'fi', conditions: {} } },
      'drafts.actionPreview': { action: 'publish', target: { localIds: ids } }, 'drafts.actionProgress': { stepId: 1 },
      'csv.export': { locale: 'fi' }, 'xlsx.export': { localIds: [draft] }, 'csv.inspect': { base64: Buffer.from('title\nLamp\n').toString('base64') },
      'research.last': { localId: draft },
      'csv.cancelImport': { importId: 'none' }, 'drafts.cancelWrite': { writeId: 'none' }, 'shell.openExternal': { url: 'https://example.com/' }, 'shell.notify': { title: 'x', body: 'y' },
    };
    // An import whose rows are still being checked holds the writer (it waits for them) until they end.
    const rows = rowStream();
    const held = core.session.writes().importRows({ rows, now: Date.now(), batchRows: 1_000, control: UNCANCELLABLE });
    const release = () => {
      rows.push(checkedRows(core.session.db(), draftsCsv(1)), 0);
      rows.end();
    };
    await longWriteStarted(core);
    const failures: string[] = [];
    for (const name of READ_METHODS) {
      const result = await core.bridge.invoke(name, inputs[name] ?? {});
      // A refusal of the input or of a missing item is fine; a write inside would be 'internal'.
      if (!result.ok && result.error.code === 'internal') failures.push(`${name}: ${result.error.message}`);
      expect(core.session.writes().longWriting, name).toBe(true);
    }
    // A write asked meanwhile waits for the long write.
    let created = false;
    const create = invokeOk(core.bridge, 'drafts.create', { fields: { title: 'Later' } }).then(() => (created = true));
    await turn();
    expect(created).toBe(false);
    release();
    await held;
    await create;
    expect(failures).toEqual([]);
    // Every read method of the contract is one of the contract's.
    expect([...READ_METHODS].every((name) => name in IPC_METHODS)).toBe(true);
  }, 120_000);
});

describe('long writes of other kinds', () => {
  it('sets categories from the market as a long write: the grid answers meanwhile, one undo step', async () => {
    const { core, ids } = coreWithDrafts();
    const db = core.session.db();
    const leaf = db.prepare(`SELECT id FROM categories WHERE level = 3 ORDER BY id LIMIT 1`).pluck().get() as number;
    const choices = ids.map((localId) => ({ localId, categoryId: leaf }));
    const changing = db.prepare(`SELECT count(*) FROM items WHERE category_id <> ?`).pluck().get(leaf) as number;
    const applying = invokeOk(core.bridge, 'research.applyCategories', { choices });
    await longWriteStarted(core);
    // Answered from the last committed state while the categories are being set.
    const page = await invokeOk(core.bridge, 'drafts.page', { offset: 0, limit: 5 });
    expect(page.rows).toHaveLength(5);
    expect(core.session.writes().longWriting).toBe(true);
    expect(await applying).toMatchObject({ changed: changing, stepId: expect.any(Number) });
    expect(db.prepare(`SELECT count(*) FROM items WHERE category_id <> ?`).pluck().get(leaf)).toBe(0);
    expect(await invokeOk(core.bridge, 'drafts.undo', {})).toMatchObject({ restored: changing, skipped: [] });
  }, 120_000);

  it('leaves a big WAL to a worker thread to checkpoint, the session\'s connection not checkpointing meanwhile', async () => {
    const { core, ids } = coreWithDrafts();
    const db = core.session.db();
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    // 3,000 notes of 2 KB: a WAL of more than the 1,000 pages SQLite would checkpoint in place.
    const note = 'ä'.repeat(1000);
    await invokeOk(core.bridge, 'drafts.bulkEdit', { localIds: ids, changes: { note } });
    // Its commit was not followed by a checkpoint on the core's thread: a worker's runs.
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const reply = await core.session.writes().checkpointed();
    expect(reply).toMatchObject({ ok: true });
    expect(reply?.ok && reply.frames).toBeGreaterThan(1000);
    expect(reply?.ok && reply.copied).toBe(reply?.ok && reply.frames);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    expect(db.prepare(`SELECT count(*) FROM items WHERE note = ?`).pluck().get(note)).toBe(DRAFTS);
  }, 120_000);
});

describe('a long write killed (a child process, SIGKILL)', () => {
  let child: string;
  beforeAll(async () => {
    child = await builtChild(CHILD);
  });

  it('leaves none of a bulk edit killed mid-write, and all of one killed after it answered', async () => {
    for (const killAt of ['writing', 'done']) {
      const root = tempFolder('long-write-kill-');
      const process_ = spawn(process.execPath, [child, root, String(DRAFTS), `killed at ${killAt}`], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      process_.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const exited = once(process_, 'exit');
      await new Promise<void>((resolve, reject) => {
        let out = '';
        process_.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.split('\n').includes(killAt)) resolve();
        });
        process_.on('exit', () => reject(new Error(`the child ended before "${killAt}": ${stderr}`)));
      });
      process_.kill('SIGKILL');
      const [, signal] = await exited;
      expect(signal).toBe('SIGKILL');

      const db = openAccountDb(join(root, 'accounts', 'local', CACHE_FILE));
      const n = (sql: string) => db.prepare(sql).pluck().get() as number;
      const counts = { edited: n(`SELECT count(*) FROM items WHERE note = 'killed at ${killAt}'`), steps: n(`SELECT count(*) FROM bulk_steps`), rows: n(`SELECT count(*) FROM outbox WHERE step_id IS NOT NULL`) };
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      db.prepare(`INSERT INTO items_fts(items_fts) VALUES ('integrity-check')`).run();
      db.close();
      expect(counts).toEqual(killAt === 'done' ? { edited: DRAFTS, steps: 1, rows: DRAFTS } : { edited: 0, steps: 0, rows: 0 });
    }
  }, 180_000);
});
