// A child process pushing the outbox is killed with SIGKILL at random moments and restarted on
// the same file: the database opens, the outbox resumes, and no listing is ever created twice.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { openAccountDb } from '../../electron/core/db/open-account-db.ts';
import { draftWrites } from '../../electron/core/drafts/draft-writes.ts';
import { statusChanges } from '../../electron/core/drafts/status-changes.ts';
import { makeCategories, type TestCategories } from '../support/item-helpers.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../support/server.ts';
import { completeBuyNow, openTempDb, privateSellerRules } from './support.ts';
import { builtChild } from '../support/built-child.ts';
import { childTurns, type ChildTurns } from '../support/warm-child.ts';
import { seededRandom } from '../support/test-seed.ts';

const CHILD = fileURLToPath(new URL('./fixtures/sync-forever.ts', import.meta.url));
const RUNS = Number(process.env.CRASH_RUNS ?? 50);
const { random } = seededRandom('sync-crash.test.ts: where each kill lands');
// Enough work that most runs are killed mid-sync rather than after draining.
const ITEMS = Math.max(30, RUNS * 4);

let server: TestServer;
let cats: TestCategories;
/** The child bundled once (see builtChild): started 50 times. */
let childScript: string;
beforeAll(async () => {
  childScript = await builtChild(CHILD);
  server = await startTestServer();
  cats = makeCategories(server);
});
afterAll(async () => {
  await server.close();
});

/** Gives the next child its turn; kills it after `killAfterMs` unless it drains first. True when it drained. */
async function runChild(turns: ChildTurns, killAfterMs: number | null): Promise<boolean> {
  const { process: child, exited, stderr } = turns.next();
  let stdout = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (stdout.includes('ready')) resolve();
    });
    void exited.then(() => reject(new Error(`child exited before it was ready: ${stderr()}`)));
  });
  if (killAfterMs !== null) {
    // The random delay IS the test: where in a create, an upload or a publish the kill lands.
    const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    const [code] = await exited;
    clearTimeout(timer);
    if (code !== 0 && code !== null) throw new Error(`child failed: ${stderr()}`);
  } else {
    const [code] = await exited;
    if (code !== 0) throw new Error(`child failed: ${stderr()}`);
  }
  return stdout.includes('drained');
}

describe('a crash during a sync', () => {
  it(`publishes every draft exactly once over ${RUNS} kills and a final run`, async () => {
    const username = 'crash-seller';
    const userId = await server.addUser(username);
    const { db, path } = openTempDb();
    settingsCache(db).saveRules(privateSellerRules(), Date.now());
    settingsCache(db).replaceCategories([
      { id: cats.main, parentId: 0, level: 1, title: 'Electronics', position: 0 },
      { id: cats.section, parentId: cats.main, level: 2, title: 'Phones', position: 0 },
      { id: cats.sub, parentId: cats.section, level: 3, title: 'Smartphones', position: 0 },
    ]);
    const drafts = draftWrites(db);
    const status = statusChanges(db);
    for (let i = 0; i < ITEMS; i++) {
      const { localId } = drafts.createDraft({ ...completeBuyNow(`Crash ${i}`), categoryId: cats.sub });
      status.publish(localId);
    }
    db.close();

    let drainedEarly = false;
    let kills = 0;
    // Each child loads while the one before it works and is checked; it opens the file on its turn.
    const turns = childTurns(childScript, [path, server.url, username, TEST_PASSWORD]);
    onTestFinished(() => turns.close());
    for (let run = 0; run < RUNS && !drainedEarly; run++) {
      drainedEarly = await runChild(turns, 50 + Math.floor(random() * 350));
      if (!drainedEarly) kills += 1;
      const reopened = openAccountDb(path);
      expect(reopened.pragma('integrity_check', { simple: true })).toBe('ok');
      reopened.close();
    }
    expect(kills).toBeGreaterThan(0);
    await runChild(turns, null);
    const audit = openAccountDb(path);
    const sends = audit.prepare(`SELECT count(*) FROM request_log WHERE method = 'POST' AND path = '/items'`).pluck().get() as number;
    audit.close();

    const cache = openAccountDb(path);
    try {
      expect(cache.prepare(`SELECT count(*) FROM outbox`).pluck().get()).toBe(0);
      const local = cache.prepare(`SELECT title, remote_id, status, sync_state FROM items ORDER BY local_id`).all() as Array<{ title: string; remote_id: number; status: string; sync_state: string }>;
      expect(local).toHaveLength(ITEMS);
      for (const row of local) expect(row).toMatchObject({ status: 'published', sync_state: 'synced' });
      const remote = server.service.db.prepare(`SELECT title, id, status FROM items WHERE seller_id = ? ORDER BY id`).all(userId) as Array<{ title: string; id: number; status: string }>;
      // Zero duplicates: one remote listing per local item, and it is the one the cache holds.
      expect(remote).toHaveLength(ITEMS);
      expect(new Set(remote.map((r) => r.title)).size).toBe(ITEMS);
      expect(remote.map((r) => r.id).sort((a, b) => a - b)).toEqual(local.map((r) => r.remote_id).sort((a, b) => a - b));
      expect(remote.every((r) => r.status === 'published')).toBe(true);
      // The figures of the run, for the report.
      process.stdout.write(`${JSON.stringify({ crashTest: { items: ITEMS, kills, creates: sends, remoteItems: remote.length, duplicates: remote.length - new Set(remote.map((r) => r.title)).size } })}\n`);
    } finally {
      cache.close();
    }
  }, 20_000 + RUNS * 3_000);
});
