// Canned answers through the bridge: kept in each account's cache, the defaults until the seller
// changes the list, and a refused list names its field and writes nothing.
import { describe, expect, it } from 'vitest';
import { createIpcDispatcher } from '../../electron/core/ipc/dispatcher.ts';
import { openCoreSession } from '../../electron/core/session/core-session.ts';
import { coreHandlers } from '../../electron/core/ipc/handlers.ts';
import { DraftError } from '../../electron/core/drafts/draft-error.ts';
import { cannedAnswers } from '../../electron/core/seller/canned-answers.ts';
import { DEFAULT_CANNED } from '../../shared/canned-answers/canned-answers.ts';
import type { IpcResult } from '../../shared/ipc/contract.ts';
import { openTestCore } from './support.ts';

const value = <T>(result: IpcResult<unknown>): T => {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value as T;
};
type List = { answers: Array<{ name: string; text: string }>; custom: boolean };

describe('canned answers in the cache', () => {
  it('are the defaults until the seller saves a list, which is kept per account and across restarts', async () => {
    const { bridge, session, root } = openTestCore();
    const first = session.account().id;
    expect(value<List>(await bridge.invoke('cannedAnswers.list', {}))).toEqual({ answers: DEFAULT_CANNED, custom: false });

    // Add one, rename and edit the first, delete the last: one save of the whole list.
    const mine = [
      { name: 'Available now', text: 'Yes, {title} is here for {price}.' },
      { name: 'Delivery', text: 'Delivery: {deliveryTerms} (postage {deliveryPrice}).' },
      { name: '  Pickup  ', text: '  Pick it up in Helsinki any evening.  ' },
    ];
    const saved = value<List>(await bridge.invoke('cannedAnswers.save', { answers: mine }));
    expect(saved.custom).toBe(true);
    expect(saved.answers.map((a) => a.name)).toEqual(['Available now', 'Delivery', 'Pickup']);
    expect(saved.answers[2]?.text).toBe('Pick it up in Helsinki any evening.');

    // Another account has its own list: the defaults.
    value(await bridge.invoke('accounts.add', { name: 'Shop Two', baseUrl: 'https://market.example' }));
    value(await bridge.invoke('accounts.switch', { id: 'shop-two' }));
    expect(value<List>(await bridge.invoke('cannedAnswers.list', {})).custom).toBe(false);
    value(await bridge.invoke('cannedAnswers.save', { answers: [] }));
    expect(value<List>(await bridge.invoke('cannedAnswers.list', {}))).toEqual({ answers: [], custom: true });
    value(await bridge.invoke('accounts.switch', { id: first }));
    session.close();

    // Reopened from disk, as after a restart.
    const again = openCoreSession({ root });
    try {
      const reopened = createIpcDispatcher(coreHandlers(again, async () => {}));
      expect(value<List>(await reopened.invoke('cannedAnswers.list', {}))).toEqual(saved);
      expect(value<List>(await reopened.invoke('cannedAnswers.reset', {}))).toEqual({ answers: DEFAULT_CANNED, custom: false });
      expect(again.db().prepare(`SELECT count(*) FROM canned_answers`).pluck().get()).toBe(0);
    } finally {
      again.close();
    }
  });

  it('refuses a bad list with an error naming the field and leaves the stored list as it was', async () => {
    const { bridge, session } = openTestCore();
    const kept = [{ name: 'Thanks', text: 'Thank you for asking about {title}.' }];
    value(await bridge.invoke('cannedAnswers.save', { answers: kept }));
    const stored = () => session.db().prepare(`SELECT json, updated FROM canned_answers`).get();
    const before = stored();

    const ok = { name: 'Fine', text: 'Fine.' };
    const cases: Array<{ answers: unknown; field: string; message: RegExp }> = [
      { answers: [ok, { name: 'x'.repeat(61), text: 'Too long a name' }], field: 'answers.1.name', message: /longer than 60/ },
      { answers: [{ name: 'Long', text: 'y'.repeat(256) }], field: 'answers.0.text', message: /longer than 255/ },
      { answers: [{ name: '   ', text: 'Blank name' }], field: 'answers.0.name', message: /name is empty/ },
      { answers: [ok, { name: 'Colour', text: 'It is {colour}, size {size}; {title}.' }], field: 'answers.1.text', message: /unknown placeholders \{colour\}, \{size\}/ },
      { answers: [ok, { name: 'FINE', text: 'Twice.' }], field: 'answers.1.name', message: /used twice/ },
      { answers: Array.from({ length: 51 }, (_, i) => ({ name: `Answer ${i}`, text: 'Hi' })), field: 'answers', message: /at most 50/ },
      { answers: [{ name: 'Extra', text: 'Hi', colour: 'red' }], field: 'answers.0', message: /colour/ },
    ];
    for (const c of cases) {
      const result = await bridge.invoke('cannedAnswers.save', { answers: c.answers });
      expect(result.ok, c.field).toBe(false);
      if (result.ok) continue;
      expect(result.error).toMatchObject({ code: 'invalid-input', field: c.field });
      expect(result.error.message).toMatch(c.message);
      expect(result.error.message).toContain(c.field);
    }
    // The core parses again before writing: a caller past the contract is refused the same way.
    let refused: unknown;
    try {
      cannedAnswers(session.db()).save([ok, { name: 'Colour', text: '{colour}' }], 99);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DraftError);
    expect(refused).toMatchObject({ code: 'validation', field: 'answers.1.text', message: /unknown placeholder \{colour\}/ });
    expect(stored()).toEqual(before);
    expect(value<List>(await bridge.invoke('cannedAnswers.list', {}))).toEqual({ answers: kept, custom: true });
  });
});
