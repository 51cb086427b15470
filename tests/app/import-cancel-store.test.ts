// Issue 19, item 3, in the drafts store: an import under way carries its name while it runs, and
// the store's cancelImport cancels it by that name: the import answers cancelled, the seller is
// told no drafts were added, and nothing is left in the grid.
import { describe, expect, it } from 'vitest';
import { typedBridge } from '../../renderer/src/bridge/bridge-types.ts';
import { createDraftsStore } from '../../renderer/src/drafts/drafts-store.ts';
import { memoryTransport } from './memory-transport.ts';
import { draftsCsv, openTestCore } from './support.ts';

describe('cancelling an import from the drafts store', () => {
  it('stops the import under way: no drafts, a notice that says so, and no import left running', async () => {
    const core = openTestCore({ syncTiming: { debounceMs: 60_000, pollMs: 0 } });
    const drafts = createDraftsStore(typedBridge(memoryTransport(core.bridge, core.session)), { pageSize: 20, columns: 10 });
    let asked = false;
    core.session.onEvent((name, payload) => {
      // Cancelled as the seller would, while its rows are checked.
      if (name === 'csv.progress' && (payload as { phase: string }).phase === 'checking' && !asked) {
        asked = true;
        expect(drafts.getState().runningImport).toMatchObject({ cancelling: false });
        void drafts.getState().cancelImport();
      }
    });
    const report = await drafts.getState().importFile({ base64: Buffer.from(draftsCsv(2_000)).toString('base64') }, 'drafts.csv');
    expect(asked).toBe(true);
    expect(report).toBeNull();
    expect(drafts.getState()).toMatchObject({ runningImport: null, importProgress: null, importReport: null, notice: { kind: 'info', message: { id: 'mappings.importCancelled' } } });
    await drafts.getState().reload();
    expect(drafts.getState().total).toBe(0);
  }, 60_000);
});
