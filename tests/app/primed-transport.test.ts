import { describe, expect, it } from 'vitest';
import type { RawTransport } from '../../renderer/src/bridge/bridge-types.ts';
import { typedBridge } from '../../renderer/src/bridge/bridge-types.ts';
import { primedTransport } from '../../renderer/src/bridge/primed-transport.ts';
import { DEFAULT_QUERY, FIRST_PAGE_SIZE, firstPageInput } from '../../renderer/src/drafts/drafts-query.ts';
import { createDraftsStore } from '../../renderer/src/drafts/drafts-store.ts';
import { memoryTransport } from './memory-transport.ts';
import { draftsCsv, openTestCore } from './support.ts';

/** The real core's transport, with a record of the calls that actually reached it. */
function recordedCore() {
  const core = openTestCore();
  const inner = memoryTransport(core.bridge, core.session);
  const sent: Array<{ name: string; input: unknown }> = [];
  const transport: RawTransport = {
    invoke(name, input) {
      sent.push({ name, input });
      return inner.invoke(name, input);
    },
    on: (name, listener) => inner.on(name, listener),
  };
  return { core, transport, sent };
}

describe('the boot script\'s primed first page', () => {
  it('answers the store\'s first load with the request sent before the store existed, once', async () => {
    const { core, transport, sent } = recordedCore();
    await core.bridge.invoke('csv.import', { text: draftsCsv(150) });
    const primed = primedTransport(transport);
    primed.prime('drafts.page', firstPageInput(DEFAULT_QUERY, FIRST_PAGE_SIZE));
    expect(sent).toHaveLength(1);

    const drafts = createDraftsStore(typedBridge(primed));
    await drafts.getState().reload();
    const pageCalls = () => sent.filter((c) => c.name === 'drafts.page');
    expect(pageCalls()).toHaveLength(1);
    expect(drafts.getState().total).toBe(150);
    // A screenful and a little more first; the rest of the page when the grid needs it.
    expect(drafts.getState().rows.filter(Boolean)).toHaveLength(FIRST_PAGE_SIZE);
    await drafts.getState().ensureRange(0, 149);
    expect(drafts.getState().rows.filter(Boolean)).toHaveLength(150);

    // The primed answer is used once: a reload reads the cache again.
    const before = pageCalls().length;
    await drafts.getState().reload();
    expect(pageCalls().length).toBeGreaterThan(before);
  });

  it('sends a call that matches no priming straight through', async () => {
    const { transport, sent } = recordedCore();
    const primed = primedTransport(transport);
    primed.prime('drafts.page', firstPageInput(DEFAULT_QUERY, FIRST_PAGE_SIZE));
    const other = await primed.invoke('drafts.page', firstPageInput({ ...DEFAULT_QUERY, sort: 'title' }, FIRST_PAGE_SIZE));
    expect(other).toMatchObject({ ok: true, value: { total: 0 } });
    expect(sent).toHaveLength(2);
  });

  it('keeps a failed early call for the caller to see, not as an unhandled rejection', async () => {
    const failing: RawTransport = { invoke: () => Promise.reject(new Error('connection refused')), on: () => () => {} };
    const primed = primedTransport(failing);
    primed.prime('drafts.page', {});
    const bridge = typedBridge(primed);
    await expect(bridge.invoke('drafts.page', {} as never)).resolves.toMatchObject({ ok: false, error: { code: 'transport', message: 'connection refused' } });
  });

  it('holds the calls made until the first frame is drawn, and sends them then; a primed one is answered at once', async () => {
    const { transport, sent } = recordedCore();
    const primed = primedTransport(transport);
    primed.prime('drafts.page', firstPageInput(DEFAULT_QUERY, FIRST_PAGE_SIZE));
    let drawn = () => {};
    primed.holdUntil(new Promise<void>((resolve) => (drawn = resolve)));
    const page = primed.invoke('drafts.page', firstPageInput(DEFAULT_QUERY, FIRST_PAGE_SIZE));
    const status = primed.invoke('sync.status', {});
    const templates = primed.invoke('templates.list', {});
    await expect(page).resolves.toMatchObject({ ok: true });
    // Nothing but the primed call has reached the core while the frame is not drawn.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent.map((c) => c.name)).toEqual(['drafts.page']);
    drawn();
    await expect(status).resolves.toMatchObject({ ok: true });
    await expect(templates).resolves.toMatchObject({ ok: true });
    expect(sent.map((c) => c.name)).toEqual(['drafts.page', 'sync.status', 'templates.list']);
    // Once released, calls go straight through again.
    await primed.invoke('templates.list', {});
    expect(sent).toHaveLength(4);
  });
});
