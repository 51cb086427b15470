// A whole-number field refused says so with a whole number for an example (issue 21, item 11):
// "Määrä: kirjoita kokonaisluku, esimerkiksi 12.", never the price's "12,50".
import { describe, expect, it } from 'vitest';
import { parseFieldValue } from '../../electron/core/drafts/fields.ts';
import { describeProblem } from '../../renderer/src/i18n/describe-error.ts';
import { translate } from '../../renderer/src/i18n/translate.ts';
import '../support/catalogs-loaded.ts';

const words = (field: 'quantity' | 'buyNowPrice', raw: unknown) => {
  const parsed = parseFieldValue(field, raw);
  if (parsed.ok) throw new Error(`${field} took ${String(raw)}`);
  const problem = { field, rule: parsed.rule, ...(parsed.params ? { params: parsed.params } : {}) };
  return { rule: parsed.rule, fi: translate(describeProblem(problem), 'fi'), en: translate(describeProblem(problem), 'en') };
};

describe('a refused number', () => {
  it('in a whole-number field suggests a whole number, typed or not', () => {
    for (const raw of ['kaksi', 'abc', true]) {
      const said = words('quantity', raw);
      expect(said.rule).toBe('not-a-whole-number');
      expect(said.fi).toMatch(/: kirjoita kokonaisluku, esimerkiksi 12\.$/);
      expect(said.en).toMatch(/ must be a whole number, such as 12\.$/);
    }
    expect(words('quantity', '2,5').fi).toMatch(/esimerkiksi 12\.$/);
  });

  it('in a price still suggests a decimal one', () => {
    expect(words('buyNowPrice', 'kaksi').fi).toMatch(/: kirjoita luku, esimerkiksi 12,50\.$/);
  });
});
