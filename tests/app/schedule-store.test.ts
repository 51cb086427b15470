// The staggered schedule dialog's store against the real core through the in-memory bridge: the
// selection's preview lists each item's start and end before anything is queued (one every N
// minutes, or spread over a window), the items it cannot take with why, then one run.
import { describe, expect, it } from 'vitest';
import { typedBridge } from '../../renderer/src/bridge/bridge-types.ts';
import { createDraftsStore } from '../../renderer/src/drafts/drafts-store.ts';
import { createScheduleStore } from '../../renderer/src/rules/schedule-store.ts';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { localeStore } from '../../renderer/src/i18n/locale-store.ts';
import { HOME_TREE } from '../support/category-trees.ts';
import { completeBuyNow } from '../core/fixtures/sellers.ts';
import { memoryTransport } from './memory-transport.ts';
import { invokeOk, openTestCore } from './support.ts';

describe('the staggered schedule store', () => {
  it('previews each start and end, queues nothing before the seller confirms, then schedules as one step', async () => {
    const core = openTestCore();
    for (let i = 1; i <= 3; i++) await invokeOk(core.bridge, 'drafts.create', { fields: { ...completeBuyNow(`Desk ${i}`), openDays: 7 } });
    await invokeOk(core.bridge, 'drafts.create', { fields: { ...completeBuyNow('Stool'), postalCode: null } });
    const bridge = typedBridge(memoryTransport(core.bridge, core.session));
    const drafts = createDraftsStore(bridge, { pageSize: 20, columns: 5 });
    const schedule = createScheduleStore(bridge, drafts);
    await drafts.getState().reload();
    await drafts.getState().selectAll();
    await schedule.getState().open();
    expect(schedule.getState().dialog).toMatchObject({ count: 4, start: null, kind: 'every', minutes: 10, preview: null });
    await schedule.getState().change({ start: '2099-03-01 10:00:00' });
    const preview = schedule.getState().dialog?.preview;
    expect(preview?.items.map((i) => [i.listTime, i.closingTime])).toEqual([
      ['2099-03-01 10:00:00', '2099-03-08 10:00:00'], ['2099-03-01 10:10:00', '2099-03-08 10:10:00'], ['2099-03-01 10:20:00', '2099-03-08 10:20:00'],
    ]);
    expect(preview?.refused).toMatchObject([{ title: 'Stool', reason: 'missing', field: 'postalCode' }]);
    await schedule.getState().change({ kind: 'window', minutes: 60 });
    expect(schedule.getState().dialog?.preview?.items.map((i) => i.listTime)).toEqual(['2099-03-01 10:00:00', '2099-03-01 10:30:00', '2099-03-01 11:00:00']);
    // A past start is refused in words, nothing previewed.
    await schedule.getState().change({ start: '2001-01-01 10:00:00' });
    expect(schedule.getState().dialog).toMatchObject({ preview: null, error: { id: 'bulkActions.error.listTime' } });
    expect(core.session.db().prepare(`SELECT count(*) FROM outbox WHERE kind = 'set-status'`).pluck().get()).toBe(0);
    await schedule.getState().change({ start: '2099-03-01 10:00:00' });
    expect(await schedule.getState().confirm()).toBe(true);
    expect(schedule.getState().dialog).toBeNull();
    expect(drafts.getState().notice?.message).toEqual({ id: 'schedule.queued', values: { count: 3 } });
    expect(core.session.db().prepare(`SELECT count(*) FROM outbox WHERE kind = 'set-status'`).pluck().get()).toBe(3);
    expect(drafts.getState().lastStep).toMatchObject({ kind: 'bulk-action', itemCount: 3 });
  });

  it('staggers Select all in the order the seller sees: sorted by category on an English screen, by the English names', async () => {
    const core = openTestCore();
    settingsCache(core.session.db()).replaceCategories(HOME_TREE);
    for (const [title, categoryId] of [['Kahvikupit', 3], ['Romaani', 4], ['Jalkalamppu', 5], ['Sohvapöytä', 6]] as const) {
      await invokeOk(core.bridge, 'drafts.create', { fields: { ...completeBuyNow(title), categoryId, openDays: 7 } });
    }
    expect(localeStore.getState().locale).toBe('en');
    const bridge = typedBridge(memoryTransport(core.bridge, core.session));
    const drafts = createDraftsStore(bridge, { pageSize: 20, columns: 5 });
    const schedule = createScheduleStore(bridge, drafts);
    await drafts.getState().setQuery({ sort: 'category', direction: 'asc' });
    // Books, Dishes, Lamps, then Pöydät (no English name): not Astiat, Kirjat, Pöydät, Valaisimet.
    const shown = ['Romaani', 'Kahvikupit', 'Jalkalamppu', 'Sohvapöytä'];
    expect(drafts.getState().rows.map((r) => r?.fields.title)).toEqual(shown);
    await drafts.getState().selectAll();
    await schedule.getState().open();
    await schedule.getState().change({ start: '2099-03-01 10:00:00' });
    expect(schedule.getState().dialog?.preview?.items.map((i) => [i.title, i.listTime])).toEqual(
      shown.map((title, i) => [title, `2099-03-01 10:${String(i * 10).padStart(2, '0')}:00`]),
    );
  });
});
