import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { openAccountDb } from '../../electron/core/db/open-account-db.ts';
import { draftWrites } from '../../electron/core/drafts/draft-writes.ts';
import { gridSearch } from '../../electron/core/search/grid-search.ts';
import { completeBuyNow, openTempDb } from './support.ts';
import { builtChild } from '../support/built-child.ts';
import { childTurns, type ChildTurns } from '../support/warm-child.ts';
import { seededRandom } from '../support/test-seed.ts';

const CHILD = fileURLToPath(new URL('./fixtures/bulk-edit-forever.ts', import.meta.url));
const DRAFTS = 200;
const RUNS = Number(process.env.CRASH_RUNS ?? 50);
const { random } = seededRandom('crash.test.ts: where each kill lands');
/** The child bundled once (see builtChild): started 50 times. */
let childScript: string;
beforeAll(async () => {
  childScript = await builtChild(CHILD);
});

/** Gives the next child its turn, waits until it is bulk-editing, kills it with SIGKILL at a random moment. */
async function runAndKill(turns: ChildTurns): Promise<void> {
  const { process: child, exited, stderr } = turns.next();
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
    void exited.then(() => reject(new Error(`child exited before it was ready: ${stderr()}`)));
  });
  // The random delay IS the test: where in a batch (or between batches) the kill lands.
  await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 120)));
  child.kill('SIGKILL');
  const [, signal] = await exited;
  expect(signal).toBe('SIGKILL');
}

describe('a crash during a bulk edit', () => {
  it(`leaves every batch fully applied or not at all, with matching outbox rows, over ${RUNS} kills`, async () => {
    const { db, path } = openTempDb();
    const drafts = draftWrites(db);
    db.transaction(() => {
      for (let i = 0; i < DRAFTS; i++) drafts.createDraft(completeBuyNow(`Start ${i}`));
    })();
    db.close();

    let lastBatches = 0;
    // Each child loads while the one before it works and is checked; it opens the file on its turn.
    const turns = childTurns(childScript, [path]);
    onTestFinished(() => turns.close());
    for (let run = 0; run < RUNS; run++) {
      await runAndKill(turns);
      const reopened = openAccountDb(path);
      try {
        expect(reopened.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(reopened.pragma('foreign_key_check')).toEqual([]);
        reopened.prepare(`INSERT INTO items_fts(items_fts) VALUES ('integrity-check')`).run();
        const steps = reopened.prepare(`SELECT id, item_count, applied FROM bulk_steps ORDER BY id`).all() as Array<{ id: number; item_count: number; applied: string }>;
        expect(steps.length).toBeGreaterThanOrEqual(lastBatches);
        lastBatches = steps.length;
        // Every item shows the same batch: the last committed one.
        const states = reopened.prepare(`SELECT DISTINCT title, buy_now_price FROM items`).all();
        const last = steps.at(-1);
        expect(states).toHaveLength(last ? 1 : DRAFTS);
        if (last) {
          expect(states[0]).toEqual({ title: `Batch ${steps.length}`, buy_now_price: 1000 + steps.length });
          expect(JSON.parse(last.applied)).toEqual({ title: `Batch ${steps.length}`, buyNowPrice: 1000 + steps.length });
          expect(gridSearch(reopened).search({ text: `Batch ${steps.length}`, limit: 1000 })).toHaveLength(DRAFTS);
        }
        // Each committed batch has exactly one outbox row per item, and no row belongs to an
        // uncommitted batch.
        const perStep = reopened.prepare(`SELECT step_id, count(*) AS n, count(DISTINCT item_local_id) AS items FROM outbox WHERE step_id IS NOT NULL GROUP BY step_id ORDER BY step_id`).all();
        expect(perStep).toEqual(steps.map((s) => ({ step_id: s.id, n: DRAFTS, items: DRAFTS })));
        expect(steps.every((s) => s.item_count === DRAFTS)).toBe(true);
        expect(reopened.prepare(`SELECT count(*) FROM outbox WHERE step_id IS NULL`).pluck().get()).toBe(DRAFTS);
      } finally {
        reopened.close();
      }
    }
    // The kills did not all land before the first batch.
    expect(lastBatches).toBeGreaterThan(0);
  }, 180_000);
});
