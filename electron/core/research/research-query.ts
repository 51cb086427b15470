// The searches that research a draft: from its title (and its category and condition when set),
// a short ladder from precise to broad. Each step is ONE request for the newest closed matches;
// the research climbs down only while too few comparable items sold (research-draft.ts), so a
// draft costs one request when its market is plain and at most MAX_REQUESTS when it is thin.
//
// Finnish forms: the marketplace matches whole words, and the last word also as a prefix. So
// the words a title's forms share least (the item's noun: "kahvikupit") go last, as the part all
// their forms share ("kahvikup": kahvikuppi, kahvikupit, kahvikuppeja); makers, models, sizes and
// numbers ("Arabia", "Paratiisi", "S22", "256") are searched whole; colours and filler never.
import type { Condition } from '../../../shared/items/item-fields.ts';
import { titleWords, type TitleWord } from './finnish-words.ts';
import type { ClosedSalesQuery } from './research-port.ts';

export const MAX_REQUESTS = 3;

export interface ResearchInput {
  title: string;
  categoryId: number | null;
  condition: Condition | null;
}

/** The item's noun: the longest word that is no name, number or colour (later wins a tie). */
function headWord(words: readonly TitleWord[]): TitleWord | null {
  let head: TitleWord | null = null;
  for (const w of words) {
    if (w.numeric || w.weak) continue;
    const score = w.text.length - (w.named ? 100 : 0);
    const best = head === null ? -Infinity : head.text.length - (head.named ? 100 : 0);
    if (score >= best) head = w;
  }
  return head;
}

/** Words searched whole, the most telling first: numbers (models, sizes), then names, then the rest by length. */
function exactWords(words: readonly TitleWord[], head: TitleWord | null): TitleWord[] {
  const rank = (w: TitleWord) => (w.numeric ? 2000 : w.named ? 1000 : 0) + w.text.length;
  const seen = new Set<string>();
  return words
    .filter((w) => w !== head && !w.weak && !seen.has(w.text) && seen.add(w.text))
    .sort((a, b) => rank(b) - rank(a));
}

/**
 * The ladder of searches for a draft, precise first: the two most telling whole words and the
 * noun's prefix; then one whole word and the prefix; then the prefix alone. With a condition, each
 * is asked in that condition first (its items' condition is then known), then in any. The seller's
 * category narrows every step. Empty when the title has no word to search by.
 */
export function researchQueries(input: ResearchInput): ClosedSalesQuery[] {
  const words = titleWords(input.title);
  const head = headWord(words);
  const exact = exactWords(words, head);
  const tail = head ? [head.prefix] : [];
  const levels = [
    [...exact.slice(0, 2).map((w) => w.text), ...tail],
    [...exact.slice(0, 1).map((w) => w.text), ...tail],
    head ? tail : exact.slice(0, 1).map((w) => w.text),
  ].filter((l) => l.length > 0);
  const category = input.categoryId !== null ? { categoryId: input.categoryId } : {};
  const out: ClosedSalesQuery[] = [];
  const seen = new Set<string>();
  const add = (q: ClosedSalesQuery) => {
    const key = queryKey(q);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(q);
    }
  };
  for (const level of levels) {
    const text = level.join(' ');
    if (input.condition) add({ words: text, ...category, condition: input.condition });
    add({ words: text, ...category });
  }
  return out;
}

/** The searches that suggest a category for a title: no category, no condition. */
export function categoryQueries(title: string): ClosedSalesQuery[] {
  return researchQueries({ title, categoryId: null, condition: null });
}

/** One query's identity: the same key is the same request (asked once, kept in the cache). */
export function queryKey(q: ClosedSalesQuery): string {
  return JSON.stringify([q.words.toLowerCase(), q.categoryId ?? null, q.condition ?? null]);
}

/** A draft's research identity: what its research was asked from. A draft whose key changed
 * (a new title, category or condition) holds a research of something else. */
export function researchKey(input: ResearchInput): string {
  const words = titleWords(input.title).map((w) => (w.numeric ? w.text : w.prefix));
  return JSON.stringify([words, input.categoryId, input.condition]);
}
