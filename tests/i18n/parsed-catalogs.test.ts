// The built app's catalogs carry each message already parsed (renderer/catalog-files.ts), and its
// script no ICU parser: the parsed messages must be what formatjs would have made of the words, and
// must read the same to a seller in both languages.
import { createIntl, createIntlCache } from '@formatjs/intl';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { INTL_LOCALE } from '../../shared/format/app-locale.ts';
import { parsedCatalog } from '../../renderer/catalog-files.ts';
import type { MessageId } from '../../renderer/src/i18n/messages.ts';
import { en } from '../../renderer/src/i18n/catalogs/en/index.ts';
import { fi } from '../../renderer/src/i18n/catalogs/fi/index.ts';

const CATALOGS = { en, fi } as const;

describe('catalogs parsed at build time', () => {
  for (const [language, words] of Object.entries(CATALOGS) as [keyof typeof CATALOGS, Record<string, string>][]) {
    it(`give every ${language} message the syntax tree formatjs makes of it at its first use`, () => {
      const parsed = parsedCatalog(language, words);
      expect(Object.keys(parsed).sort()).toEqual(Object.keys(words).sort());
      for (const [id, message] of Object.entries(words)) {
        expect(parsed[id], id).toEqual(new IntlMessageFormat(message, INTL_LOCALE[language]).getAst());
      }
    });

    it(`word ${language} messages as their source does: plurals, numbers in the language's way, markup`, () => {
      const cache = createIntlCache();
      const asWritten = createIntl({ locale: INTL_LOCALE[language], messages: words }, cache);
      const asBuilt = createIntl({ locale: INTL_LOCALE[language], messages: parsedCatalog(language, words) }, cache);
      const cases: [MessageId, Record<string, unknown>][] = [
        ['sync.megabytes', { value: 12.345 }],
        ['notify.sale.body', { amount: 1234.5 }],
        ...[0, 1, 2, 1000].map((count): [MessageId, Record<string, unknown>] => ['grid.countSelected', { count, selected: 1234 }]),
      ];
      for (const [id, values] of cases) {
        expect(id in words, id).toBe(true);
        expect(asBuilt.formatMessage({ id }, values as never), id).toBe(asWritten.formatMessage({ id }, values as never));
      }
      // Markup: the tag's function gets the same chunks.
      const bold = (chunks: unknown[]) => `[${chunks.join('')}]`;
      const summary = { b: bold, changing: 1200, selected: 3000, fields: 'price' };
      expect(asBuilt.formatMessage({ id: 'bulk.summary' }, summary as never)).toEqual(asWritten.formatMessage({ id: 'bulk.summary' }, summary as never));
      // Every message without arguments reads the same.
      for (const id of Object.keys(words).filter((key) => !/[{<]/.test(words[key] as string)) as MessageId[]) {
        expect(asBuilt.formatMessage({ id }), id).toBe(asWritten.formatMessage({ id }));
      }
    });
  }

  it('fails the build, naming the message, when a message is not valid ICU', () => {
    expect(() => parsedCatalog('en', { 'drafts.broken': '{count, plural, one {# draft}' })).toThrow(/catalogs\/en: the message drafts\.broken is not valid ICU/);
  });

  it('refuses a folder that is not one of the app\'s languages', () => {
    expect(() => parsedCatalog('sv', {})).toThrow(/catalogs\/sv: not one of the app's languages/);
  });
});
