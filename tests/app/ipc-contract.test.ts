// The IPC contract split by domain (shared/ipc/<domain>.ts): the merged tables hold every name of
// shared/ipc/names.ts once, and a name two domains define is refused, never silently overwritten.
import { describe, expect, it } from 'vitest';
import { IPC_EVENT_NAMES, IPC_EVENTS, IPC_METHOD_NAMES, IPC_METHODS } from '../../shared/ipc/contract.ts';
import { mergeDomains } from '../../shared/ipc/common.ts';
import { draftEvents, draftMethods } from '../../shared/ipc/drafts.ts';
import { bulkActionMethods } from '../../shared/ipc/bulk-actions.ts';
import { editorMethods } from '../../shared/ipc/editor.ts';
import { spreadsheetEvents, spreadsheetMethods } from '../../shared/ipc/spreadsheet.ts';
import { imageEvents, imageMethods } from '../../shared/ipc/images.ts';
import { accountEvents, accountMethods } from '../../shared/ipc/accounts.ts';
import { sellerMethods } from '../../shared/ipc/seller.ts';
import { syncEvents, syncMethods } from '../../shared/ipc/sync.ts';
import { backupEvents, backupMethods } from '../../shared/ipc/backup.ts';
import { importCancelMethods } from '../../shared/ipc/import-cancel.ts';
import { writeCancelMethods } from '../../shared/ipc/write-cancel.ts';
import { ruleEvents } from '../../shared/ipc/rules.ts';
import { researchEvents, researchMethods } from '../../shared/ipc/research.ts';

describe('the IPC contract by domain', () => {
  it('merges tables and refuses a name defined twice', () => {
    expect(mergeDomains({ 'a.one': 1 }, { 'b.two': 2 })).toEqual({ 'a.one': 1, 'b.two': 2 });
    expect(() => mergeDomains({ 'a.one': 1, 'a.two': 2 }, { 'b.three': 3 }, { 'a.two': 4 })).toThrow(/IPC name a\.two is defined twice/);
    // A spread would have kept the last one without a word.
    expect({ ...{ 'a.two': 2 }, ...{ 'a.two': 4 } }).toEqual({ 'a.two': 4 });
  });

  it('holds every method and event name once, each in exactly one domain file', () => {
    const methodTables = [draftMethods, bulkActionMethods, editorMethods, spreadsheetMethods, imageMethods, accountMethods, sellerMethods, syncMethods, backupMethods, importCancelMethods, writeCancelMethods, researchMethods];
    const eventTables = [draftEvents, imageEvents, syncEvents, spreadsheetEvents, accountEvents, backupEvents, ruleEvents, researchEvents];
    const methodNames = methodTables.flatMap((table) => Object.keys(table));
    // The domains made from the contract's own pieces (templates, import mappings, rules) are built
    // inside ipc.ts: counted by their names' prefixes.
    const templateNames = Object.keys(IPC_METHODS).filter((name) => /^(templates|importMappings|rules|groups|schedule)\./.test(name));
    expect(templateNames).toHaveLength(7 + 3 + 16);
    expect(new Set([...methodNames, ...templateNames]).size).toBe(methodNames.length + templateNames.length);
    expect([...methodNames, ...templateNames].sort()).toEqual([...IPC_METHOD_NAMES].sort());
    expect(Object.keys(IPC_METHODS).sort()).toEqual([...IPC_METHOD_NAMES].sort());

    const eventNames = eventTables.flatMap((table) => Object.keys(table));
    expect(new Set(eventNames).size).toBe(eventNames.length);
    expect(eventNames.sort()).toEqual([...IPC_EVENT_NAMES].sort());
    expect(Object.keys(IPC_EVENTS).sort()).toEqual([...IPC_EVENT_NAMES].sort());
  });
});
