// The catalogs: every message in both languages, each a valid ICU message whose arguments match
// the other language's, so no screen shows a raw key or loses a count when the language changes.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { en } from '../../renderer/src/i18n/catalogs/en/index.ts';
import { fi } from '../../renderer/src/i18n/catalogs/fi/index.ts';
import { translate } from '../../renderer/src/i18n/translate.ts';
import '../support/catalogs-loaded.ts';

const CATALOGS = join(import.meta.dirname, '../../renderer/src/i18n/catalogs');
const domainFiles = (lang: string) => readdirSync(join(CATALOGS, lang)).filter((f) => f.endsWith('.ts') && f !== 'index.ts').sort();

/** The arguments a message uses, with their kind: `count:plural`, `name:argument`, `when:date`. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const e of elements) {
    if (e.type === TYPE.argument) into.add(`${e.value}:argument`);
    else if (e.type === TYPE.number) into.add(`${e.value}:number`);
    else if (e.type === TYPE.date || e.type === TYPE.time) into.add(`${e.value}:date`);
    else if (e.type === TYPE.plural || e.type === TYPE.select) {
      into.add(`${e.value}:${e.type === TYPE.plural ? 'plural' : 'select'}`);
      for (const option of Object.values(e.options)) argumentsOf(option.value, into);
    } else if (e.type === TYPE.tag) {
      into.add(`<${e.value}>:tag`);
      argumentsOf(e.children, into);
    }
  }
  return into;
}

describe('the message catalogs', () => {
  it('have the same domain files in Finnish and English', () => {
    expect(domainFiles('fi')).toEqual(domainFiles('en'));
  });

  it('have every key in both languages, and no key only in one', async () => {
    for (const file of domainFiles('en')) {
      const [enModule, fiModule] = await Promise.all([import(join(CATALOGS, 'en', file)), import(join(CATALOGS, 'fi', file))]);
      const enKeys = Object.keys(Object.values(enModule)[0] as object).sort();
      const fiKeys = Object.keys(Object.values(fiModule)[0] as object).sort();
      expect(fiKeys, `catalogs/fi/${file}`).toEqual(enKeys);
    }
    expect(Object.keys(fi).sort()).toEqual(Object.keys(en).sort());
  });

  it('define each key in one domain only (the index spreads them: a second one would silently win)', async () => {
    for (const lang of ['en', 'fi']) {
      const owner = new Map<string, string>();
      const twice: string[] = [];
      for (const file of domainFiles(lang)) {
        const module = await import(join(CATALOGS, lang, file));
        for (const key of Object.keys(Object.values(module)[0] as object)) {
          if (owner.has(key)) twice.push(`${lang}: ${key} in ${owner.get(key)} and ${file}`);
          else owner.set(key, file);
        }
      }
      expect(twice).toEqual([]);
    }
  });

  it('hold valid ICU messages whose arguments are the same in both languages', () => {
    const mismatched: string[] = [];
    for (const id of Object.keys(en) as Array<keyof typeof en>) {
      const enArgs = [...argumentsOf(parse(en[id]))].sort();
      const fiArgs = [...argumentsOf(parse(fi[id]))].sort();
      if (enArgs.join() !== fiArgs.join()) mismatched.push(`${id}: en ${enArgs.join(' ')} / fi ${fiArgs.join(' ')}`);
    }
    expect(mismatched).toEqual([]);
  });

  it('leave no Finnish message untranslated where the English one has words', () => {
    // Words that read the same in both languages are allowed: names, symbols, a few loanwords.
    const SAME_IN_BOTH = new Set(['common.none', 'settings.language.fi', 'settings.language.en', 'field.vat.short', 'option.paymentMethods.mobile-pay', 'app.title']);
    // Words outside the arguments: `{name} · {user}` has none to translate.
    const words = (message: string) => {
      let text = message;
      for (let before = ''; before !== text; ) [before, text] = [text, text.replace(/\{[^{}]*\}/g, '')];
      return text;
    };
    const same = (Object.keys(en) as Array<keyof typeof en>).filter((id) => !SAME_IN_BOTH.has(id) && /[a-z]{3}/i.test(words(en[id])) && en[id] === fi[id]);
    expect(same).toEqual([]);
  });

  it('put plurals into words in each language', () => {
    expect(translate({ id: 'common.drafts', values: { count: 1 } }, 'en')).toBe('1 draft');
    expect(translate({ id: 'common.drafts', values: { count: 10_000 } }, 'en')).toBe('10,000 drafts');
    expect(translate({ id: 'common.drafts', values: { count: 1 } }, 'fi')).toBe('1 luonnos');
    expect(translate({ id: 'common.drafts', values: { count: 10_000 } }, 'fi')).toBe('10\u00a0000 luonnosta');
  });
});
