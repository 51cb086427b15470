// The grid's columns: every draft field has one, the seller's choice and widths are kept in local storage,
// and values typed in a cell reach the core as the core expects them.
import { describe, expect, it } from 'vitest';
import { ALL_COLUMNS, BULK_FIELDS, choicesOf, DEFAULT_COLUMN_FIELDS, displayValue, editValue, parseInput } from '../../renderer/src/drafts/columns.ts';
import { gridLayout } from '../../renderer/src/drafts/grid-layout.ts';
import { createGridColumnsStore, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, type PreferenceStorage } from '../../renderer/src/drafts/grid-columns-store.ts';
import { DRAFT_FIELDS } from '../../electron/core/drafts/fields.ts';
import type { DraftRow } from '../../shared/ipc/contract.ts';

/** Local storage as the browser has it: strings by key. */
function memoryStorage(initial: Record<string, string> = {}): PreferenceStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}
const fields = (store: ReturnType<typeof createGridColumnsStore>) => store.getState().columns.map((c) => c.field);

describe('the grid columns', () => {
  it('cover every field a draft has but the HTML description, and bulk edit offers all but the title', () => {
    expect(new Set(ALL_COLUMNS.filter((c) => !c.readOnly).map((c) => c.field))).toEqual(new Set(DRAFT_FIELDS.filter((f) => f !== 'description')));
    // Beside them, the market research's figures (issue 39): shown, never edited, never bulk edited.
    expect(ALL_COLUMNS.filter((c) => c.readOnly).map((c) => c.field)).toEqual(['marketMedian', 'vsMarket']);
    expect(BULK_FIELDS.map((c) => c.field)).toEqual(ALL_COLUMNS.map((c) => c.field).filter((f) => f !== 'title' && f !== 'marketMedian' && f !== 'vsMarket'));
  });

  it('show the defaults first, then keep the seller\'s choice in the grid\'s order across windows', () => {
    const storage = memoryStorage();
    const store = createGridColumnsStore(storage);
    expect(fields(store)).toEqual(DEFAULT_COLUMN_FIELDS);
    store.getState().setShown('deliveryPrice', true);
    store.getState().setShown('quantity', false);
    store.getState().setShown('title', false);
    const chosen = DEFAULT_COLUMN_FIELDS.filter((f) => f !== 'quantity').concat('deliveryPrice');
    expect(fields(store)).toEqual(chosen);
    // The next window starts with the same columns.
    expect(fields(createGridColumnsStore(storage))).toEqual(chosen);
    store.getState().reset();
    expect(fields(store)).toEqual(DEFAULT_COLUMN_FIELDS);
    expect(fields(createGridColumnsStore(storage))).toEqual(DEFAULT_COLUMN_FIELDS);
  });

  it('fall back to the defaults on an unreadable choice, skip unknown and repeated names and always keep the title', () => {
    expect(fields(createGridColumnsStore(memoryStorage({ 'market-desk.grid-columns': '{not json' })))).toEqual(DEFAULT_COLUMN_FIELDS);
    expect(fields(createGridColumnsStore(memoryStorage({ 'market-desk.grid-columns': '["vat","gone","quantity","vat"]' })))).toEqual(['title', 'vat', 'quantity']);
    expect(fields(createGridColumnsStore(null))).toEqual(DEFAULT_COLUMN_FIELDS);
  });

  it('move a column to another place, a column shown again going to the end, and keep that order', () => {
    const storage = memoryStorage();
    const store = createGridColumnsStore(storage);
    store.getState().moveTo('buyNowPrice', 0);
    store.getState().moveTo('title', 99);
    store.getState().setShown('saleMethod', false);
    store.getState().setShown('saleMethod', true);
    store.getState().moveTo('vat', 1);
    const expected = ['buyNowPrice', 'startingPrice', 'quantity', 'condition', 'categoryId', 'openDays', 'title', 'saleMethod'];
    expect(fields(store)).toEqual(expected);
    expect(fields(createGridColumnsStore(storage))).toEqual(expected);
  });

  it('keep the widths the seller dragged, within bounds, written only when a drag ends', () => {
    const storage = memoryStorage();
    const store = createGridColumnsStore(storage);
    store.getState().setWidth('deliveryMethods', 183.6, false);
    expect(store.getState().widths).toEqual({ deliveryMethods: 184 });
    expect(storage.data.has('market-desk.grid-column-widths')).toBe(false);
    store.getState().setWidth('deliveryMethods', 190);
    store.getState().setWidth('quantity', 2);
    store.getState().setWidth('no-such-field', 100);
    expect(createGridColumnsStore(storage).getState().widths).toEqual({ deliveryMethods: 190, quantity: MIN_COLUMN_WIDTH });
    store.getState().resetWidth('quantity');
    expect(createGridColumnsStore(storage).getState().widths).toEqual({ deliveryMethods: 190 });
    store.getState().reset();
    expect(createGridColumnsStore(storage).getState().widths).toEqual({});
    const odd = memoryStorage({ 'market-desk.grid-column-widths': '{"vat": 5000, "gone": 90, "qty": "wide"}' });
    expect(createGridColumnsStore(odd).getState().widths).toEqual({ vat: MAX_COLUMN_WIDTH });
  });

  it('lay out one style per shown column and a minimum row width that grows with them', () => {
    const few = gridLayout(ALL_COLUMNS.slice(0, 10));
    const all = gridLayout(ALL_COLUMNS);
    expect(few.styles).toHaveLength(10);
    expect(all.minRowWidth - few.minRowWidth).toBe(ALL_COLUMNS.slice(10).reduce((sum, c) => sum + c.width, 0));
    const wider = gridLayout(ALL_COLUMNS.slice(0, 10), { quantity: 100, title: 300 });
    expect(wider.minRowWidth - few.minRowWidth).toBe(100 - 48 + 300 - 154);
    expect(wider.styles[0]).toEqual({ flex: '1 0 300px' });
    expect(wider.styles[few.columns.findIndex((c) => c.field === 'quantity')]).toEqual({ flex: '0 0 100px' });
  });

  it('show flags as yes and no, edit them with a choice, and send 1 and 0', () => {
    const flag = ALL_COLUMNS.find((c) => c.field === 'offersAllowed')!;
    const row = { fields: { offersAllowed: 1, republish: 0, buyNowPrice: 12.5, deliveryMethods: ['pickup', 'shipment'] } } as unknown as DraftRow;
    expect([displayValue(row, 'offersAllowed'), displayValue(row, 'republish'), editValue(row, 'offersAllowed')]).toEqual(['yes', 'no', 'yes']);
    expect(choicesOf(flag)).toEqual(['yes', 'no']);
    expect([parseInput(flag, 'yes'), parseInput(flag, 'no'), parseInput(flag, '')]).toEqual([1, 0, null]);
    expect([displayValue(row, 'buyNowPrice'), editValue(row, 'deliveryMethods')]).toEqual(['12.50', 'pickup; shipment']);
    expect(choicesOf(ALL_COLUMNS.find((c) => c.field === 'buyNowPrice')!)).toBeNull();
  });
});
