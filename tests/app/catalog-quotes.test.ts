// Quotes in the screens' words are one kind per language (issue 21, item 11): Finnish ”…” on both
// sides, English “…”; no straight "…" in what the seller reads (HTML attributes in rich messages
// aside), and none of the other language's.
import { describe, expect, it } from 'vitest';
import { en } from '../../renderer/src/i18n/catalogs/en/index.ts';
import { fi } from '../../renderer/src/i18n/catalogs/fi/index.ts';
import { DEFAULT_CANNED } from '../../shared/canned-answers/canned-answers.ts';

/** A message's text without its tags (a rich message's <k>…</k>, an attribute's "…"). */
const text = (message: string) => message.replace(/<[^>]*>/g, '');

describe('quotes in the catalogs', () => {
  it('are ”…” in Finnish', () => {
    const wrong = Object.entries(fi).filter(([, m]) => /[“"]/.test(text(m)) || (text(m).match(/”/g)?.length ?? 0) % 2 !== 0);
    expect(wrong).toEqual([]);
  });

  it('are “…” in English, and the canned answers the core keeps say so too', () => {
    const bad = (m: string) => /"/.test(text(m)) || (text(m).match(/“/g)?.length ?? 0) !== (text(m).match(/”/g)?.length ?? 0);
    expect(Object.entries(en).filter(([, m]) => bad(m))).toEqual([]);
    expect(DEFAULT_CANNED.filter((c) => bad(c.text))).toEqual([]);
  });
});
