import { describe, expect, it } from 'vitest';
import { typedBridge } from '../../renderer/src/bridge/bridge-types.ts';
import { createBulkActionsStore } from '../../renderer/src/drafts/bulk-actions-store.ts';
import { createDraftsStore } from '../../renderer/src/drafts/drafts-store.ts';
import { completeBuyNow } from '../core/fixtures/sellers.ts';
import { memoryTransport } from './memory-transport.ts';
import { invokeOk, openTestCore } from './support.ts';

async function setup(complete: number, incomplete: number) {
  const core = openTestCore();
  for (let i = 0; i < complete; i++) await invokeOk(core.bridge, 'drafts.create', { fields: completeBuyNow(`Desk ${i + 1}`) });
  for (let i = 0; i < incomplete; i++) await invokeOk(core.bridge, 'drafts.create', { fields: { ...completeBuyNow(`Stool ${i + 1}`), postalCode: null } });
  const bridge = typedBridge(memoryTransport(core.bridge, core.session));
  const drafts = createDraftsStore(bridge, { pageSize: 20, columns: 5 });
  const actions = createBulkActionsStore(bridge, drafts);
  await drafts.getState().reload();
  return { core, drafts, actions };
}

describe('the bulk actions store', () => {
  it('previews a publish of the selection, runs it as one step with its progress, and undo takes it back', async () => {
    const { drafts, actions } = await setup(4, 2);
    // The newest first: the two stools, then three of the four desks.
    for (let i = 0; i < 5; i++) await drafts.getState().clickRow(i, { toggle: true });
    await actions.getState().open('publish');
    const dialog = actions.getState().dialog;
    expect(dialog).toMatchObject({ action: 'publish', count: 5, target: { localIds: expect.any(Array) } });
    expect(dialog?.preview).toMatchObject({ ready: 3, refused: [{ reason: 'missing', field: 'postalCode', count: 2 }] });
    expect(await actions.getState().confirm()).toBe(true);
    expect(actions.getState()).toMatchObject({ dialog: null, run: { action: 'publish', total: 3, sent: 0, failed: 0, waiting: 3 } });
    expect(drafts.getState().notice?.message).toEqual({ id: 'bulkActions.queued', values: { action: 'publish', count: 3 } });
    expect(drafts.getState().lastStep).toMatchObject({ kind: 'bulk-action', action: 'publish', itemCount: 3 });
    await drafts.getState().undo();
    expect(drafts.getState().notice?.message).toEqual({ id: 'bulkActions.undone', values: { restored: 3, live: 0, busy: 0 } });
    await actions.getState().refreshProgress();
    expect(actions.getState().run).toMatchObject({ waiting: 0 });
  });

  it('acts on the grid\'s query when everything is selected, and on the focused row when nothing is', async () => {
    const { drafts, actions } = await setup(25, 0);
    await drafts.getState().selectAll();
    await actions.getState().open('delete');
    expect(actions.getState().dialog).toMatchObject({ count: 25, target: { query: drafts.getState().query }, preview: { ready: 25 } });
    actions.getState().cancel();
    // A new search keeps in the selection only what it shows (issue 42, which reversed the
    // selection outliving a search): everything shown is selected, so the action takes the
    // search's query, never the drafts it hides.
    await drafts.getState().setQuery({ text: 'Desk 1' });
    const shown = drafts.getState().total;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(25);
    await actions.getState().open('delete');
    expect(actions.getState().dialog).toMatchObject({ count: shown, target: { query: drafts.getState().query }, preview: { ready: shown } });
    actions.getState().cancel();
    await drafts.getState().setQuery({ text: undefined });
    drafts.getState().clearSelection();
    await drafts.getState().moveFocus(2);
    await actions.getState().open('delete');
    const focused = drafts.getState().rows[2]?.localId;
    expect(actions.getState().dialog).toMatchObject({ count: 1, target: { localIds: [focused] }, preview: { ready: 1 } });
    await actions.getState().confirm();
    expect(drafts.getState().total).toBe(24);
  });

  it('acts on everything when an action follows Select all at once, before its ids have come', async () => {
    const { drafts, actions } = await setup(25, 0);
    await drafts.getState().moveFocus(2);
    // Ctrl+A, then Ctrl+Shift+P straight away: the action waits for the selection, and is not
    // taken on the focused row (or refused as "nothing selected").
    void drafts.getState().selectAll();
    await actions.getState().open('delete');
    expect(actions.getState().dialog).toMatchObject({ count: 25, target: { query: drafts.getState().query }, preview: { ready: 25 } });
  });

  it('asks for a list time before a schedule and refuses one that has passed', async () => {
    const { drafts, actions } = await setup(2, 0);
    await drafts.getState().selectAll();
    await actions.getState().open('schedule');
    expect(actions.getState().dialog).toMatchObject({ listTime: null, preview: null });
    await actions.getState().setListTime('2020-01-01 12:00:00');
    expect(actions.getState().dialog).toMatchObject({ preview: null, error: { id: 'bulkActions.error.listTime' } });
    await actions.getState().setListTime('2099-01-01 12:00:00');
    expect(actions.getState().dialog?.preview).toMatchObject({ ready: 2 });
  });
});
