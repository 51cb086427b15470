// Finnish word forms for market research: which words of a title tell what the item is, and the
// part of a word that all its usual forms share. "kahvikupit", "kahvikuppi", "kahvikuppeja" and
// "kahvikupin" are one word to a buyer; the marketplace matches whole words, and the last word of
// a search also as a prefix (its `words` parameter), so the research searches for the shared part
// as that last word. The stem is the Snowball Finnish stemmer's (@orama/stemmers); on top of it,
// the consonant gradation Snowball leaves (kenkä / kengät, pöytä / pöydät, takki / takit) is cut
// back to the letters both grades share.
import { stemmer } from '@orama/stemmers/finnish';

const TOKEN = /[\p{L}\p{N}]+/gu;

/** Words that say nothing about what is sold: how, how many, in what state, by whom. */
const FILLER = new Set([
  'ja', 'tai', 'sekä', 'kuin', 'uusi', 'uuden', 'uudet', 'uutta', 'veroinen', 'käytetty', 'käytetyt', 'vähän', 'hyvä', 'hyvässä',
  'hyvät', 'kunto', 'kunnossa', 'kuntoinen', 'siisti', 'siistit', 'myydään', 'myynnissä', 'myyn', 'kaupataan', 'tarjolla', 'nouto',
  'noutona', 'postitus', 'onnistuu', 'lähetys', 'toimitus', 'ilmainen', 'halvalla', 'kpl', 'kappale', 'kappaletta', 'koko', 'pari',
  'setti', 'sarja', 'erä', 'the', 'and', 'of', 'with', 'for', 'new', 'used', 'alkuperäinen', 'alkuperäisessä', 'paketissa', 'muoveissa',
  'aito', 'hieno', 'upea', 'ehjä', 'toimiva', 'testattu', 'mm', 'cm', 'm', 'l', 'g', 'kg', 'w', 'v', 'gt', 'gb', 'tb', 'hv', 'cc', 'x',
]);

/** Colours and other words a buyer does not search by: kept for scoring, never in a search. */
const WEAK = new Set([
  'musta', 'mustat', 'valkoinen', 'valkoiset', 'harmaa', 'harmaat', 'sininen', 'siniset', 'punainen', 'punaiset', 'vihreä',
  'vihreät', 'ruskea', 'ruskeat', 'beige', 'keltainen', 'pinkki', 'vaaleansininen', 'tummansininen', 'luonnonvalkoinen', 'iso',
  'isot', 'pieni', 'pienet', 'vintage', 'retro', 'lasten', 'naisten', 'miesten', 'kevyt', 'vanha', 'vanhat',
]);

export interface TitleWord {
  /** As written, lower case. */
  text: string;
  /** What every usual form of the word starts with: what a search asks for as a prefix. */
  prefix: string;
  /** Digits in it: a model number, a size, a year (matched whole, never a prefix). */
  numeric: boolean;
  /** Written with a capital in the title (not at its start): a maker or a model's name. */
  named: boolean;
  /** A colour or a size word: used to rank comparables, never searched for. */
  weak: boolean;
}

const VOWELS = 'aeiouyäö';
const isVowel = (c: string | undefined) => c !== undefined && VOWELS.includes(c);

/**
 * The part of a Finnish word that its usual forms share. Snowball's stem first; then the vowels it
 * leaves at the end, an -n or -s of -nen / -set words, and the last consonants where the two
 * grades differ (pp/p, tt/t, kk/k, nk/ng, mp/mm, lt/ll, nt/nn, rt/rr, t/d, k/-, p/v) cut back to
 * what both grades have. Never shorter than three letters: a shorter prefix finds too much.
 */
export function searchPrefix(word: string): string {
  const lower = word.toLowerCase();
  if (/\d/.test(lower) || lower.length <= 3) return lower;
  let s = stemmer(lower);
  const keep = (next: string) => (next.length >= 3 ? next : s);
  const trimVowels = () => {
    while (s.length > 3 && isVowel(s.at(-1))) s = s.slice(0, -1);
  };
  // -in / -ime- (puhelin, puhelimet).
  if (s.endsWith('im') && s.length > 4) s = keep(s.slice(0, -2));
  // A plural partitive Snowball leaves: takkeja -> takkej, tuoleja -> tuolej.
  if (s.endsWith('j') && isVowel(s.at(-2))) s = keep(s.slice(0, -1));
  trimVowels();
  // -nen / -se- (lautanen, lautaset): the n or s goes with the ending.
  if (/(nen|set|sia|siä|sen)$/.test(lower) && /[ns]$/.test(s) && s.length > 4) {
    s = keep(s.slice(0, -1));
    trimVowels();
  }
  const last = s.at(-1) ?? '';
  const before = s.at(-2) ?? '';
  if (last === before && 'kpt'.includes(last)) return keep(s.slice(0, -1));
  if ((before === 'n' && 'kgt'.includes(last)) || (before === 'm' && 'pm'.includes(last)) || ('lr'.includes(before) && 'tkj'.includes(last)) || (before === 'h' && 'tdk'.includes(last))) {
    return keep(s.slice(0, -1));
  }
  // t/d (pöytä, pöydät), v/g as weak grades of p/k (luvat, hangen): both grades lose the letter.
  if ('tdvg'.includes(last) && isVowel(before)) return keep(s.slice(0, -1));
  return s;
}

/** The words of a title, in order, without filler; numbers kept whole. */
export function titleWords(title: string): TitleWord[] {
  const out: TitleWord[] = [];
  const tokens = [...title.normalize('NFC').matchAll(TOKEN)];
  tokens.forEach((match, i) => {
    const raw = match[0];
    const text = raw.toLowerCase();
    if (FILLER.has(text)) return;
    const numeric = /\d/.test(text);
    // "4 kpl", "2 kappaletta": a count, not a model.
    const next = tokens[i + 1]?.[0].toLowerCase();
    if (numeric && /^\d+$/.test(text) && (next === 'kpl' || next === 'kappaletta' || next === 'x')) return;
    // A lone letter or a one-digit number is a size at most: too common to search by.
    if (text.length < 2) return;
    const shouting = title === title.toUpperCase();
    out.push({
      text,
      prefix: searchPrefix(text),
      numeric,
      named: !numeric && !shouting && i > 0 && raw[0] !== raw[0]!.toLowerCase(),
      weak: WEAK.has(text),
    });
  });
  return out;
}

/** How many a title sells: "4 kpl", "2 kappaletta", "3 x"; 1 when it does not say. */
export function titleCount(title: string): number {
  const match = /(\d+)\s*(?:kpl|kappaletta|x)\b/iu.exec(title);
  const count = match ? Number(match[1]) : 1;
  return count >= 1 && count <= 1000 ? count : 1;
}

/** Whether two words are forms of one word (their shared parts agree). */
export function sameWord(a: TitleWord, b: TitleWord): boolean {
  if (a.numeric || b.numeric) return a.text === b.text;
  if (a.prefix === b.prefix) return true;
  const [short, long] = a.prefix.length <= b.prefix.length ? [a.prefix, b.prefix] : [b.prefix, a.prefix];
  return short.length >= 4 && long.startsWith(short);
}

/**
 * How much of the draft's title a sold item's title covers, 0..1: each draft word found in it
 * (in any form) counts by its weight (numbers and names more than colours).
 */
export function titleSimilarity(draft: readonly TitleWord[], other: readonly TitleWord[]): number {
  if (draft.length === 0) return 0;
  let total = 0;
  let found = 0;
  for (const word of draft) {
    const weight = word.weak ? 0.3 : word.numeric || word.named ? 1.5 : 1;
    total += weight;
    if (other.some((o) => sameWord(word, o))) found += weight;
  }
  return found / total;
}
