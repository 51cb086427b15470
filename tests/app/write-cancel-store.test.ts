// Issue 41, in the drafts store: a bulk change under way carries its name while it runs, and the
// store's cancelWrite (the dialogs' Cancel beside the progress bar, and Esc) cancels it by that
// name: nothing is saved, the open dialog says "no drafts were changed" and keeps its preview;
// a cancel that comes after the change was saved says it was too late and leaves one undo step.
// Categories from the market (the research store's dialog) run through the same named write.
import { beforeAll, describe, expect, it } from 'vitest';
import { typedBridge } from '../../renderer/src/bridge/bridge-types.ts';
import { createDraftsStore } from '../../renderer/src/drafts/drafts-store.ts';
import { createResearchStore } from '../../renderer/src/research/research-store.ts';
import { memoryTransport, slowAnswers } from './memory-transport.ts';
import { invokeOk, openTestCore } from './support.ts';
import { insertManyDrafts } from '../support/many-drafts.ts';

const DRAFTS = 2_000;
let core: ReturnType<typeof openTestCore>;

beforeAll(() => {
  core = openTestCore({ syncTiming: { debounceMs: 60_000, pollMs: 0 } });
  insertManyDrafts(core.session.db(), DRAFTS);
});

/** Drafts whose price (the one their sale method uses) is `price`. */
const priced = (price: number) => core.session.db().prepare(`SELECT count(*) FROM items WHERE coalesce(buy_now_price, starting_price) = ?`).pluck().get(price);

describe('cancelling a bulk change from the drafts store', () => {
  it('saves nothing, says so in the dialog, keeps the preview and leaves no change running', async () => {
    const drafts = createDraftsStore(typedBridge(memoryTransport(core.bridge, core.session)), { pageSize: 20, columns: 10 });
    await drafts.getState().reload();
    await drafts.getState().selectAll();
    expect(await drafts.getState().previewBulk({ buyNowPrice: 98_765 })).toMatchObject({ changing: DRAFTS });
    // Cancelled as the seller would, as soon as the change shows running.
    let asked = false;
    const off = drafts.subscribe((state) => {
      if (state.runningWrite && !state.runningWrite.cancelling && !asked) {
        asked = true;
        void drafts.getState().cancelWrite();
      }
    });
    const applied = await drafts.getState().applyBulk({ buyNowPrice: 98_765 });
    off();
    expect(asked).toBe(true);
    expect(applied).toBe(false);
    expect(drafts.getState()).toMatchObject({ runningWrite: null, writeProgress: null, dialogError: null, notice: null, dialogNotice: { id: 'bulk.cancelled' }, preview: { changing: DRAFTS } });
    expect(priced(98_765)).toBe(0);
    expect(await invokeOk(core.bridge, 'drafts.lastStep', {})).toBeNull();
    // The preview is still true: Apply goes ahead, and the outcome message goes with a new preview.
    expect(await drafts.getState().applyBulk({ buyNowPrice: 98_765 })).toBe(true);
    expect(priced(98_765)).toBe(DRAFTS);
    expect(drafts.getState().notice).toMatchObject({ message: { id: 'app.notice.changed', values: { count: DRAFTS } } });
    await drafts.getState().undo();
    drafts.getState().dispose();
  }, 60_000);

  it('cancels categories from the market taken in the research dialog: none is set, and the choices stay', async () => {
    const bridge = typedBridge(memoryTransport(core.bridge, core.session));
    const drafts = createDraftsStore(bridge, { pageSize: 20, columns: 10 });
    const research = createResearchStore(bridge);
    const db = core.session.db();
    const leaf = db.prepare(`SELECT id FROM categories WHERE level = 3 ORDER BY id DESC LIMIT 1`).pluck().get() as number;
    const ids = db.prepare(`SELECT local_id FROM items ORDER BY local_id`).pluck().all() as number[];
    for (const localId of ids) research.actions.choose(localId, leaf);
    const inLeaf = () => db.prepare(`SELECT count(*) FROM items WHERE category_id = ?`).pluck().get(leaf);
    const before = inLeaf();
    let asked = false;
    const off = drafts.subscribe((state) => {
      if (state.runningWrite && !state.runningWrite.cancelling && !asked) {
        asked = true;
        void drafts.getState().cancelWrite();
      }
    });
    const taken = await drafts.getState().runNamedWrite('apply-categories', (writeId) => research.actions.applyCategories(undefined, writeId));
    off();
    expect(asked).toBe(true);
    expect(taken).toBeNull();
    expect(drafts.getState()).toMatchObject({ runningWrite: null, writeProgress: null, dialogNotice: { id: 'bulk.cancelled' } });
    expect(inLeaf()).toBe(before);
    expect(Object.keys(research.getState().chosen)).toHaveLength(ids.length);
    expect(await invokeOk(core.bridge, 'drafts.lastStep', {})).toBeNull();
    drafts.getState().dispose();
  }, 60_000);

  it('that comes after the change was saved says it was too late, and Undo takes it back', async () => {
    // The change's answer is held on its way back (the core had saved it), the cancel overtakes it.
    const slow = slowAnswers(memoryTransport(core.bridge, core.session), 'drafts.applyRules');
    const drafts = createDraftsStore(typedBridge(slow.transport), { pageSize: 20, columns: 10 });
    await drafts.getState().reload();
    await drafts.getState().selectAll();
    slow.hold(true);
    const applying = drafts.getState().applyRules({ price: { op: 'set', amount: 87_654 } });
    while (slow.held.length === 0) await new Promise((resolve) => setImmediate(resolve));
    expect(priced(87_654)).toBe(DRAFTS);
    await drafts.getState().cancelWrite();
    slow.held.forEach((release) => release());
    expect(await applying).toBe(true);
    expect(drafts.getState()).toMatchObject({ runningWrite: null, writeProgress: null, dialogNotice: null, notice: { kind: 'info', message: { id: 'bulk.cancelTooLate', values: { count: DRAFTS } } } });
    expect(await invokeOk(core.bridge, 'drafts.undo', {})).toMatchObject({ restored: DRAFTS, skipped: [] });
    drafts.getState().dispose();
  }, 60_000);
});
