// Issue 41: a bulk change can be cancelled while it runs. The window names it (writeId) and
// drafts.cancelWrite answers 'cancelled' (rolled back: every draft, the undo list and the outbox
// exactly as before, and the change's call answers cancelled) or 'already-done' (it committed
// first: the change stands as one undo step). The write runs in the writer thread and the cancel
// on the core's thread: whatever moment the cancel comes, its answer is what the cache holds.
// Timed by the writer's own answers between its slices and the event loop's turns, never by the clock.
import { beforeAll, describe, expect, it } from 'vitest';
import { commitUnlessCancelled } from '../../electron/core/db/commit-latch.ts';
import { writeCancels } from '../../electron/core/db/write-cancels.ts';
import { invokeOk, openTestCore } from '../app/support.ts';
import { insertManyDrafts } from '../support/many-drafts.ts';

const DRAFTS = 3_000;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

let core: ReturnType<typeof openTestCore>;
let ids: number[];

beforeAll(() => {
  core = openTestCore({ syncTiming: { debounceMs: 60_000, pollMs: 0 } });
  insertManyDrafts(core.session.db(), DRAFTS);
  ids = core.session.db().prepare(`SELECT local_id FROM items ORDER BY local_id`).pluck().all() as number[];
});

/** Everything a bulk change writes: the drafts whole, the undo list and its pieces, the outbox. */
function cacheState() {
  const all = (sql: string) => core.session.db().prepare(sql).all();
  return {
    items: all(`SELECT * FROM items ORDER BY local_id`),
    steps: all(`SELECT * FROM bulk_steps ORDER BY id`),
    pieces: all(`SELECT * FROM bulk_step_pieces ORDER BY step_id, piece`),
    outbox: all(`SELECT * FROM outbox ORDER BY id`),
  };
}

/** The outbox's rows as the writer's open transaction holds them (-1: no long write runs). */
const outboxInWrite = async () => Number((await core.session.writes().peek(`SELECT count(*) FROM outbox`)) ?? -1);

/**
 * Starts `method` named `writeId` and cancels it, as the window does, once its open transaction
 * holds outbox rows of its own (asked between the writer's slices: the write is under way, part
 * of it written). Also the drafts.changed events it caused.
 */
async function cancelMidWrite<K extends 'drafts.bulkEdit' | 'drafts.applyRules' | 'templates.apply' | 'research.applyCategories'>(
  method: K, input: Record<string, unknown>, writeId: string,
) {
  const outboxBefore = core.session.db().prepare(`SELECT count(*) FROM outbox`).pluck().get() as number;
  const changed: unknown[] = [];
  const off = core.session.onEvent((name, payload) => {
    if (name === 'drafts.changed') changed.push(payload);
  });
  try {
    let settled = false;
    const running = invokeOk(core.bridge, method, { ...input, writeId }).finally(() => (settled = true));
    let held = -1;
    // (A write that ended first fails the test below: its cancel answers 'already-done'.)
    while (held <= outboxBefore && !settled) {
      held = await outboxInWrite();
      if (held === -1) await turn();
    }
    const cancel = await invokeOk(core.bridge, 'drafts.cancelWrite', { writeId });
    return { answer: await running, cancel, outboxBefore, outboxAtCancel: held, changed };
  } finally {
    off();
  }
}

describe('cancelling a bulk change', () => {
  it('mid-write leaves every draft, the undo list and the outbox exactly as before, and says cancelled', async () => {
    const before = cacheState();
    const run = await cancelMidWrite('drafts.bulkEdit', { localIds: ids, changes: { buyNowPrice: 4321, note: 'wrong column' } }, 'edit-1');
    expect(run.cancel).toEqual({ outcome: 'cancelled' });
    expect(run.answer).toEqual({ stepId: null, changed: 0, cancelled: true });
    // Its open transaction had written edits to the outbox when it was cancelled: all rolled back.
    expect(run.outboxAtCancel).toBeGreaterThan(run.outboxBefore);
    expect(cacheState()).toEqual(before);
    expect(run.changed).toEqual([]);
    expect(core.session.writes().longWriting).toBe(false);
    // The last undo step is not this change; the next change runs at once and is one step.
    expect(await invokeOk(core.bridge, 'drafts.lastStep', {})).toBeNull();
    expect(await invokeOk(core.bridge, 'drafts.bulkEdit', { localIds: ids.slice(0, 10), changes: { note: 'right column' } })).toMatchObject({ changed: 10 });
    expect(await invokeOk(core.bridge, 'drafts.undo', {})).toMatchObject({ restored: 10 });
  }, 120_000);

  it('after its commit answers already done, and the change stands as one undo step', async () => {
    const answer = await invokeOk(core.bridge, 'drafts.bulkEdit', { localIds: ids, changes: { condition: 'good' }, writeId: 'edit-2' });
    expect(answer).toMatchObject({ changed: expect.any(Number), stepId: expect.any(Number) });
    expect(answer.cancelled).toBeUndefined();
    expect(await invokeOk(core.bridge, 'drafts.cancelWrite', { writeId: 'edit-2' })).toEqual({ outcome: 'already-done' });
    expect(core.session.db().prepare(`SELECT count(*) FROM items WHERE condition = 'good'`).pluck().get()).toBe(DRAFTS);
    expect(await invokeOk(core.bridge, 'drafts.lastStep', {})).toMatchObject({ id: answer.stepId, kind: 'bulk-edit', itemCount: answer.changed });
    expect(await invokeOk(core.bridge, 'drafts.undo', {})).toMatchObject({ stepId: answer.stepId, restored: answer.changed, skipped: [] });
  }, 120_000);

  it('that arrives before its change (two requests out of order) stops it before it writes', async () => {
    const before = cacheState();
    expect(await invokeOk(core.bridge, 'drafts.cancelWrite', { writeId: 'early' })).toEqual({ outcome: 'cancelled' });
    expect(await invokeOk(core.bridge, 'drafts.bulkEdit', { localIds: ids, changes: { quantity: 5 }, writeId: 'early' })).toEqual({ stepId: null, changed: 0, cancelled: true });
    expect(cacheState()).toEqual(before);
  }, 120_000);

  it('cancels price rules, a template and categories from the market the same way', async () => {
    const before = cacheState();
    const rules = await cancelMidWrite('drafts.applyRules', { localIds: ids, rules: { price: { op: 'raise', percent: 10 } } }, 'rules-1');
    expect(rules.cancel).toEqual({ outcome: 'cancelled' });
    expect(rules.answer).toEqual({ stepId: null, changed: 0, cancelled: true });
    const template = await invokeOk(core.bridge, 'templates.save', { name: 'Lamps', fields: { condition: 'like-new', note: 'from the template' } });
    const applied = await cancelMidWrite('templates.apply', { id: template.id, selection: { localIds: ids }, words: { locale: 'fi', conditions: {} } }, 'template-1');
    expect(applied.cancel).toEqual({ outcome: 'cancelled' });
    expect(applied.answer).toEqual({ stepId: null, changed: 0, notEditable: 0, cancelled: true });
    const db = core.session.db();
    const leaf = db.prepare(`SELECT id FROM categories WHERE level = 3 ORDER BY id DESC LIMIT 1`).pluck().get() as number;
    const categories = await cancelMidWrite('research.applyCategories', { choices: ids.map((localId) => ({ localId, categoryId: leaf })) }, 'categories-1');
    expect(categories.cancel).toEqual({ outcome: 'cancelled' });
    expect(categories.answer).toEqual({ stepId: null, changed: 0, cancelled: true });
    expect(cacheState()).toEqual(before);
  }, 120_000);
});

/** What a cancelled change must leave as it was, cheaply: the drafts' values and times, the undo list, the outbox. */
function fingerprint() {
  return core.session.db().prepare(
    `SELECT (SELECT total(buy_now_price) || '/' || max(updated) || '/' || count(*) FROM items) AS items,
            (SELECT count(*) || '/' || max(id) FROM bulk_steps) AS steps, (SELECT count(*) FROM bulk_step_pieces) AS pieces,
            (SELECT count(*) || '/' || max(id) FROM outbox) AS outbox`,
  ).get();
}

describe('a cancel at any moment of a bulk change', () => {
  it('is answered with what the cache holds: cancelled and nothing changed, or already done and one undo step', async () => {
    // The cancel is sent once the writer has answered k reads of its open transaction (each
    // between two of its steps), k = 0, 1, 2, 4... and k % 3 more turns of the core's loop, until
    // the change has ended before it twice: from before its first slice, through its slices, to
    // its commit and after its answer.
    const outcomes: string[] = [];
    for (let k = 0; k < 100_000 && outcomes.slice(-2).join() !== 'already-done,already-done'; k = k === 0 ? 1 : 2 * k) {
      const writeId = `race-${k}`;
      const price = 1_000 + outcomes.length;
      const before = fingerprint();
      let settled = false;
      const running = invokeOk(core.bridge, 'drafts.bulkEdit', { localIds: ids, changes: { buyNowPrice: price }, writeId }).finally(() => (settled = true));
      for (let answers = 0; answers < k && !settled;) {
        if ((await outboxInWrite()) === -1) await turn();
        else answers++;
      }
      for (let i = 0; i < k % 3; i++) await turn();
      const { outcome } = await invokeOk(core.bridge, 'drafts.cancelWrite', { writeId });
      const answer = await running;
      outcomes.push(outcome);
      const label = `cancelled after ${k} of the writer's answers: ${outcome}`;
      if (outcome === 'cancelled') {
        expect(answer, label).toEqual({ stepId: null, changed: 0, cancelled: true });
        expect(fingerprint(), label).toEqual(before);
      } else {
        expect(answer.cancelled, label).toBeUndefined();
        expect(answer.changed, label).toBe(DRAFTS);
        expect(core.session.db().prepare(`SELECT count(*) FROM items WHERE buy_now_price = ?`).pluck().get(price), label).toBe(DRAFTS);
        expect(await invokeOk(core.bridge, 'drafts.lastStep', {}), label).toMatchObject({ id: answer.stepId, kind: 'bulk-edit', undoneAt: null });
        // Taken back as one step, for the next point to start from the same drafts.
        expect(await invokeOk(core.bridge, 'drafts.undo', {}), label).toMatchObject({ stepId: answer.stepId, restored: DRAFTS, skipped: [] });
      }
    }
    // Cancels early in the change were in time, and the points went on until after its commit.
    expect(outcomes[0], outcomes.join(' ')).toBe('cancelled');
    expect(outcomes.slice(-2), outcomes.join(' ')).toEqual(['already-done', 'already-done']);
  }, 300_000);
});

describe('a cancel that comes while the commit runs', () => {
  it('waits for it: already done once it committed, cancelled when it failed (a full disk), nothing changed', async () => {
    const cancels = writeCancels();
    // The cancel is asked inside the commit (as the core's thread may, while the writer commits).
    const committed = cancels.start('commits');
    let duringCommit: unknown = null;
    expect(commitUnlessCancelled(committed.latch, () => (duringCommit = cancels.cancel('commits')))).toBe(true);
    committed.committed();
    cancels.end('commits');
    expect(duringCommit).toBeInstanceOf(Promise);
    expect(await duringCommit).toBe('already-done');

    const failing = cancels.start('fails');
    let duringFailure: unknown = null;
    expect(() => commitUnlessCancelled(failing.latch, () => {
      duringFailure = cancels.cancel('fails');
      throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    })).toThrow('disk is full');
    cancels.end('fails');
    expect(await duringFailure).toBe('cancelled');
    expect(cancels.cancel('fails')).toBe('cancelled');
  });

  it('after a write whose commit ran but whose answer never came (its account closed) is answered already done', () => {
    const cancels = writeCancels();
    const control = cancels.start('closed');
    commitUnlessCancelled(control.latch, () => {});
    cancels.end('closed');
    expect(cancels.cancel('closed')).toBe('already-done');
  });
});
