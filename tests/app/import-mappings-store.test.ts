// Issue 21: a mapping chosen once is never a trap. The drafts store imports with a remembered
// mapping only when it gives the title a column (else it asks again), says when it used one, and
// the mappings store lists, changes and forgets remembered mappings through the real core.
import { describe, expect, it } from 'vitest';
import { typedBridge } from '../../renderer/src/bridge/bridge-types.ts';
import { createDraftsStore } from '../../renderer/src/drafts/drafts-store.ts';
import { createMappingsStore } from '../../renderer/src/drafts/mappings-store.ts';
import { translate } from '../../renderer/src/i18n/translate.ts';
import { describeProblem } from '../../renderer/src/i18n/describe-error.ts';
import { memoryTransport } from './memory-transport.ts';
import { openTestCore } from './support.ts';
import '../support/catalogs-loaded.ts';

function setup() {
  const core = openTestCore();
  const bridge = typedBridge(memoryTransport(core.bridge, core.session));
  return { drafts: createDraftsStore(bridge, { pageSize: 20, columns: 10 }), mappings: createMappingsStore(bridge) };
}

const csv = (text: string) => ({ base64: Buffer.from(text).toString('base64') });

describe('remembered import mappings', () => {
  it('refuses a mapping with nothing for the title in words, and asks again next time', async () => {
    const { drafts } = setup();
    const file = csv('Tuotenimi X;Hintaa\nLamppu;5\nTuoli;6\nPöytä;7\n');
    expect(await drafts.getState().importFile(file, 'x.csv')).toBeNull();
    const report = await drafts.getState().confirmMapping({ 'Tuotenimi X': null, Hintaa: null });
    expect(report).toMatchObject({ imported: 0, errors: [{ row: 1, rule: 'no-title-column' }] });
    expect(drafts.getState().total).toBe(0);
    const problem = report!.errors[0]!;
    expect(translate(describeProblem(problem), 'fi')).toMatch(/^Mitään ei tuotu: mikään tiedoston sarake ei sisällä otsikkoa \(sen 2 saraketta/);
    expect(translate(describeProblem(problem), 'en')).toMatch(/^Nothing was imported: no column of the file holds the title/);
    expect(await drafts.getState().importFile(file, 'x.csv')).toBeNull();
    expect(drafts.getState().pendingImport).not.toBeNull();
  });

  it('imports with a remembered mapping, says so, and lets the seller change and forget it', async () => {
    const { drafts, mappings } = setup();
    const file = csv('Tuotenimi X;Hintaa;saleMethod\nLamppu;5;Osta heti\n');
    await drafts.getState().importFile(file, 'x.csv');
    await drafts.getState().confirmMapping({ 'Tuotenimi X': 'title', Hintaa: null });
    expect(drafts.getState().importMapping).toMatchObject({ remembered: false });
    expect(await drafts.getState().importFile(file, 'x.csv')).toMatchObject({ imported: 1 });
    expect(drafts.getState().importMapping).toEqual({ headings: ['Tuotenimi X', 'Hintaa', 'saleMethod'], unknown: ['Tuotenimi X', 'Hintaa'], mapping: { 'Tuotenimi X': 'title', Hintaa: null }, remembered: true });

    await mappings.openList();
    expect(mappings.getState().list).toMatchObject([{ key: 'tuotenimi x\thintaa\tsalemethod', mapping: { 'Tuotenimi X': 'title', Hintaa: null } }]);
    mappings.editRemembered(mappings.getState().list[0]!);
    await mappings.save({ 'Tuotenimi X': 'title', Hintaa: 'buyNowPrice' });
    expect(mappings.getState()).toMatchObject({ editing: null, error: null, list: [{ mapping: { Hintaa: 'buyNowPrice' } }] });
    await drafts.getState().importFile(file, 'x.csv');
    expect(drafts.getState().rows.map((r) => r?.fields.buyNowPrice)).toContain(5);

    await mappings.forget(mappings.getState().list[0]!.key);
    expect(mappings.getState().list).toEqual([]);
    expect(await drafts.getState().importFile(file, 'x.csv')).toBeNull();
    expect(drafts.getState().pendingImport?.inspection.remembered).toBe(false);
  });

  it('lists the accepted values when an option word is unknown, in both languages', async () => {
    const { drafts } = setup();
    const report = await drafts.getState().importFile(csv('title;saleMethod;buyNowPrice;condition\nKamera;Osta heti;5;Hyvää\n'), 'x.csv');
    const problem = report!.errors[0]!;
    expect(translate(describeProblem(problem), 'fi')).toBe('Kunto: hyväksytyt arvot ovat Uusi / New / new; Uudenveroinen / Like new / like-new; Hyvä / Good / good; Tyydyttävä / Acceptable / acceptable; Heikko / Weak / weak.');
    expect(translate(describeProblem(problem), 'en')).toMatch(/^Condition must be one of the accepted values: Uusi \/ New \/ new; /);
  });
});
