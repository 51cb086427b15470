// Every error a seller can meet has a sentence in both languages naming the field by its label:
// each rule, reason and code the core can produce (its const lists, and the codes its source
// throws), each code the service's source puts into an error body, and no zod or service prose
// on screen.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_CODES, SERVICE_ERROR_CODES } from '../../shared/api/error-codes.ts';
import { CORE_ERROR_CODES, CORE_ERROR_REASONS, PROBLEM_RULES } from '../../shared/screens/problem-rules.ts';
import { parseFieldValue } from '../../electron/core/drafts/fields.ts';
import { validateDraft } from '../../electron/core/validation/validate-draft.ts';
import { BridgeError } from '../../renderer/src/bridge/bridge-types.ts';
import { en } from '../../renderer/src/i18n/catalogs/en/index.ts';
import { describeError, describeProblem, describeRefusal } from '../../renderer/src/i18n/describe-error.ts';
import { translate } from '../../renderer/src/i18n/translate.ts';
import '../support/catalogs-loaded.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const has = (id: string) => Object.hasOwn(en, id);

function sources(dir: string): Array<{ path: string; text: string }> {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({ path: relative(ROOT, join(ROOT, dir, f)), text: readFileSync(join(ROOT, dir, f), 'utf8') }));
}

/** Codes in the service's error helpers and error entries: invalid(field, 'x'), conflict('x'), code: 'x'... */
function serviceCodes(): Map<string, string> {
  const patterns = [
    /\binvalid\((?:'[^']*'|null|[\w.]+), '([a-z_]+)'/g, /\bforbidden\('([a-z_]+)'/g, /\bconflict\('([a-z_]+)'/g,
    /\bentry\('([a-z_]+)'/g, /\.add\([^,()]+, '([a-z_]+)'/g, /\bcode: '([a-z_]+)'/g,
  ];
  const found = new Map<string, string>();
  for (const { path, text } of sources('server')) {
    for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.set(m[1] as string, path);
  }
  // The helpers with a fixed code, and the codes the zod mapping gives.
  found.set('not_found', 'server/http/errors.ts');
  found.set('too_large', 'server/http/errors.ts');
  for (const m of (sources('server/http').find((s) => s.path.endsWith('errors.ts'))?.text ?? '').matchAll(/return '([a-z_]+)';/g)) found.set(m[1] as string, 'server/http/errors.ts');
  return found;
}

describe('the error messages', () => {
  it('have a sentence for every rule, reason and code the core can produce', () => {
    expect(PROBLEM_RULES.filter((r) => !has(`errors.rule.${r}`))).toEqual([]);
    expect(CORE_ERROR_REASONS.filter((r) => !has(`errors.reason.${r}`))).toEqual([]);
    expect(CORE_ERROR_CODES.filter((c) => !has(`errors.code.${c}`))).toEqual([]);
  });

  it('cover every code the core throws (its typed errors, the dispatcher, the transports and the bridge)', () => {
    const thrown = new Set<string>();
    for (const { text } of [...sources('electron'), ...sources('renderer/src/bridge')]) {
      for (const m of text.matchAll(/new (?:DraftError|AccountError|CoreError)\('([a-z-]+)'/g)) thrown.add(m[1] as string);
      for (const m of text.matchAll(/fail\(\{ code: '([a-z-]+)'/g)) thrown.add(m[1] as string);
      for (const m of text.matchAll(/return \{ code: '([a-z-]+)'/g)) thrown.add(m[1] as string);
      for (const m of text.matchAll(/error: \{ code: '([a-z-]+)'/g)) thrown.add(m[1] as string);
    }
    expect(thrown.size).toBeGreaterThan(4);
    expect([...thrown].filter((c) => !(CORE_ERROR_CODES as readonly string[]).includes(c))).toEqual([]);
  });

  it('cover every code in the service source and every failure the API client names', () => {
    const found = serviceCodes();
    expect(found.size).toBeGreaterThan(40);
    const listed = new Set<string>(SERVICE_ERROR_CODES);
    expect([...found].filter(([code]) => !listed.has(code)).map(([code, path]) => `${code} (${path})`)).toEqual([]);
    expect([...SERVICE_ERROR_CODES, ...CLIENT_ERROR_CODES].filter((c) => !has(`errors.service.${c}`))).toEqual([]);
  });

  it('say "abc" in a price in a sentence naming the field, never zod\'s words', () => {
    const parsed = parseFieldValue('startingPrice', 'abc');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const problem = { field: 'startingPrice', rule: parsed.rule, params: parsed.params };
    expect(translate(describeProblem(problem), 'en')).toBe('Starting price € must be a number, such as 12.50.');
    expect(translate(describeProblem(problem), 'fi')).toBe('Lähtöhinta €: kirjoita luku, esimerkiksi 12,50.');
    const long = parseFieldValue('title', 'x'.repeat(61));
    expect(long.ok ? null : translate(describeProblem({ field: 'title', rule: long.rule, params: long.params }), 'fi')).toBe('Otsikko voi olla enintään 60 merkin mittainen.');
  });

  it('read a decimal comma in numbers on the way into the cache', () => {
    expect(parseFieldValue('buyNowPrice', '12,50')).toEqual({ ok: true, value: 12.5 });
    expect(parseFieldValue('quantity', '2,5')).toMatchObject({ ok: false, rule: 'not-a-whole-number' });
  });

  it('word every problem of a messy draft with no schema text or internal field name', () => {
    const draft = { saleMethod: 'auction' as const, quantity: 3, reservePrice: 5, startingPrice: 10, postalCode: '123', republish: 1 as const, openDays: 2 };
    const problems = validateDraft(draft, { rules: null });
    expect(problems.length).toBeGreaterThan(3);
    for (const locale of ['en', 'fi'] as const) {
      for (const p of problems) {
        const text = translate(describeProblem(p), locale);
        expect(text).not.toMatch(/expected|received|startingPrice|reservePrice|postalCode|republish|openDays|Too (small|big)/);
      }
    }
  });

  it('give an unknown code a sentence in the language with the field label', () => {
    expect(translate(describeProblem({ field: 'buyNowPrice', rule: 'something-new' }), 'fi')).toBe('Tätä ei voitu tehdä: tarkista Osta heti -hinta €.');
    expect(translate(describeRefusal({ code: 'brand_new_code', field: 'title' }), 'en')).toBe('This could not be done: check Title.');
    expect(translate(describeError(new BridgeError({ code: 'weird', message: 'startingPrice: expected number, received string' })), 'en')).toBe('This could not be done.');
  });

  it('word core errors by their reason, with the item status in the language', () => {
    const error = new BridgeError({ code: 'state', message: 'item 4 is published: item data can be edited only in draft or preview', reason: 'edit-status', params: { status: 'published' } });
    expect(translate(describeError(error), 'en')).toBe('Only drafts and previews can be edited; this item is published.');
    expect(translate(describeError(error), 'fi')).toBe('Vain luonnoksia ja esikatseltavia voi muokata; tämän kohteen tila on julkaistu.');
    expect(translate(describeRefusal({ code: 'below_starting_price', field: 'reservePrice' }), 'fi')).toBe('Pohjahinta € ei voi olla lähtöhintaa pienempi.');
  });
});
