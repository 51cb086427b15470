import { describe, expect, it } from 'vitest';
import { IPC_METHOD_NAMES } from '../../shared/ipc/contract.ts';
import { assertHandlersComplete, createIpcDispatcher, MissingHandlerError } from '../../electron/core/ipc/dispatcher.ts';
import { coreHandlers } from '../../electron/core/ipc/handlers.ts';
import { draftsCsv, openTestCore } from './support.ts';

describe('the core bridge', () => {
  it('refuses to start when a contract method has no handler', () => {
    const { session } = openTestCore();
    const handlers: Record<string, unknown> = { ...coreHandlers(session, async () => {}) };
    delete handlers['drafts.undo'];
    expect(() => assertHandlersComplete(handlers)).toThrow(MissingHandlerError);
    expect(() => assertHandlersComplete(handlers)).toThrow(/missing \[drafts\.undo\]/);
    expect(() => assertHandlersComplete({ ...coreHandlers(session, async () => {}), 'drafts.nope': () => 1 })).toThrow(/unknown \[drafts\.nope\]/);
  });

  it('has a handler for every method of the contract', () => {
    const { session } = openTestCore();
    expect(Object.keys(coreHandlers(session, async () => {})).sort()).toEqual([...IPC_METHOD_NAMES].sort());
    expect(() => createIpcDispatcher(coreHandlers(session, async () => {}))).not.toThrow();
  });

  it('answers bad input and unknown methods with a result object naming the field', async () => {
    const { bridge } = openTestCore();
    expect(await bridge.invoke('drafts.get', { localId: 'one' })).toMatchObject({ ok: false, error: { code: 'invalid-input', field: 'localId' } });
    expect(await bridge.invoke('drafts.nope', {})).toMatchObject({ ok: false, error: { code: 'unknown-method' } });
    expect(await bridge.invoke('drafts.get', { localId: 999 })).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(await bridge.invoke('shell.openExternal', { url: 'http://example.com' })).toMatchObject({ ok: false, error: { code: 'invalid-input', field: 'url' } });
  });

  it('creates, edits, pages and searches drafts with their validation problems', async () => {
    const { bridge, events } = openTestCore();
    const created = await bridge.invoke('drafts.create', { fields: { title: 'Brass lamp', saleMethod: 'buy-now', buyNowPrice: '12.50' } });
    expect(created).toMatchObject({ ok: true });
    const localId = (created as { value: { localId: number } }).value.localId;
    const refused = await bridge.invoke('drafts.update', { localId, changes: { buyNowPrice: -3 } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'validation', field: 'buyNowPrice' } });
    expect(await bridge.invoke('drafts.update', { localId, changes: { title: 'Brass desk lamp' } })).toMatchObject({ ok: true, value: { changed: { title: 'Brass desk lamp' } } });
    const page = await bridge.invoke('drafts.page', { text: 'desk' });
    expect(page).toMatchObject({ ok: true, value: { total: 1, rows: [{ localId, syncState: 'local-only', fields: { title: 'Brass desk lamp', buyNowPrice: 12.5 } }] } });
    const row = (page as { value: { rows: Array<{ problems: Array<{ code: string }> }> } }).value.rows[0];
    expect(row?.problems.some((p) => p.code === 'required')).toBe(true);
    expect(events.filter((e) => e.name === 'drafts.changed')).toHaveLength(2);
  });

  it('imports a CSV with a per-row report, previews and applies a bulk edit, and undoes it', async () => {
    const { bridge } = openTestCore();
    const csv = draftsCsv(5) + '"Broken row",buy-now,-1,1,good,,pickup\r\n';
    const report = await bridge.invoke('csv.import', { text: csv });
    expect(report).toMatchObject({ ok: true, value: { imported: 5, errors: [{ row: 7, field: 'buyNowPrice' }] } });
    const page = (await bridge.invoke('drafts.page', { sort: 'title', direction: 'asc' })) as { ok: true; value: { rows: Array<{ localId: number }> } };
    const ids = page.value.rows.map((r) => r.localId);
    const preview = await bridge.invoke('drafts.bulkPreview', { localIds: ids, changes: { buyNowPrice: '14' } });
    expect(preview).toMatchObject({ ok: true, value: { selected: 5, changing: 4, perField: { buyNowPrice: 4 }, refused: [] } });
    // The preview wrote nothing.
    expect(await bridge.invoke('drafts.lastStep', {})).toMatchObject({ ok: true, value: { kind: 'csv-import' } });
    expect(await bridge.invoke('drafts.bulkEdit', { localIds: ids, changes: { buyNowPrice: '14' } })).toMatchObject({ ok: true, value: { changed: 4 } });
    const badPreview = await bridge.invoke('drafts.bulkPreview', { localIds: ids, changes: { quantity: 0 } });
    expect(badPreview).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(await bridge.invoke('drafts.undo', {})).toMatchObject({ ok: true, value: { restored: 4, skipped: [] } });
    const after = (await bridge.invoke('drafts.page', { sort: 'price', direction: 'asc' })) as { ok: true; value: { rows: Array<{ fields: { buyNowPrice?: number } }> } };
    expect(after.value.rows.map((r) => r.fields.buyNowPrice)).toEqual([10, 11, 12, 13, 14]);
    const exported = await bridge.invoke('csv.export', {});
    expect(exported).toMatchObject({ ok: true, value: { rows: 5 } });
  });

  it('keeps accounts and preferences in the data root and reports the offline-only sync honestly', async () => {
    const { bridge, session } = openTestCore();
    expect(await bridge.invoke('sync.status', {})).toMatchObject({ ok: true, value: { engine: 'offline-only', online: false, queueLength: 0 } });
    await bridge.invoke('drafts.create', { fields: { title: 'Queued' } });
    expect(await bridge.invoke('sync.now', {})).toMatchObject({ ok: true, value: { queueLength: 1, running: false } });
    expect(await bridge.invoke('sync.setOffline', { offline: true })).toMatchObject({ ok: true, value: { offline: true } });
    const added = await bridge.invoke('accounts.add', { name: 'Shop Two', baseUrl: 'https://market.example/1.1' });
    expect(added).toMatchObject({ ok: true, value: { id: 'shop-two', active: false } });
    expect(await bridge.invoke('accounts.switch', { id: 'shop-two' })).toMatchObject({ ok: true, value: { active: true } });
    expect(await bridge.invoke('drafts.page', {})).toMatchObject({ ok: true, value: { total: 0 } });
    expect(session.account().id).toBe('shop-two');
    expect(await bridge.invoke('settings.setPreferences', { pageSize: 500 })).toMatchObject({ ok: true, value: { pageSize: 500 } });
    expect(await bridge.invoke('settings.get', {})).toMatchObject({ ok: true, value: { itemRules: null, preferences: { pageSize: 500 } } });
  });
});
