// Which field a spreadsheet's heading names. First by its words: a field's name, its label in
// either language (the editor's and the grid's) or a heading sellers use for it
// (shared/items/field-labels-fi.ts), ignoring case, spaces and signs. Then, as a guess the mapping step
// marks for the seller to check, by a near spelling: a typo or another inflection of one of
// those words ("Lähetyskulu" for "Lähetyskulut", "Postinumro"), a compound that ends with one
// ("Tuotteen hinta"), or a heading whose first word is one ("Hinta (sis. alv)"). A word two
// fields share never makes a match certain; a guess two fields score alike is no guess.
import { DRAFT_FIELDS, FIELD_SPECS, type DraftField } from '../drafts/fields.ts';
import { FIELD_LABELS_FI, FIELD_SYNONYMS } from '../../../shared/items/field-labels-fi.ts';
import type { ItemFieldDef } from '../../../shared/items/item-fields.ts';

/** How a heading was matched: by one of the field's own words, or as a guess to check. */
export type HeadingMatch = { field: DraftField; how: 'known' | 'guess' };

/** A heading as it is compared: lower case, letters and digits only. */
export const simpleHeading = (text: string) => text.toLowerCase().replace(/[^a-z0-9äöå]+/g, '');

/** Every word of every field, simplified: the field's own words first, in registry order. */
const WORDS: ReadonlyArray<{ field: DraftField; word: string }> = DRAFT_FIELDS.flatMap((field) => {
  const def: ItemFieldDef = FIELD_SPECS[field];
  const own = [field, def.label, def.grid?.label ?? '', ...FIELD_LABELS_FI[field], ...FIELD_SYNONYMS[field].fi, ...FIELD_SYNONYMS[field].en];
  return [...new Set(own.map(simpleHeading))].filter((word) => word !== '').map((word) => ({ field, word }));
});

/** The fields each word names: a word of two fields is no evidence for either. */
const FIELDS_OF = new Map<string, Set<DraftField>>();
for (const { field, word } of WORDS) FIELDS_OF.set(word, (FIELDS_OF.get(word) ?? new Set()).add(field));
/** Words of one field only, long enough that a near spelling still means them. */
const GUESS_WORDS = WORDS.filter(({ word }) => FIELDS_OF.get(word)?.size === 1 && word.length >= 4);

/** Edits (insert, delete, change, swap of two neighbours) between two words, or more than `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = Array.from({ length: b.length + 1 }, (_, j) => j);
  let previous: number[] = [];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((before[j] as number) + 1, (row[j - 1] as number) + 1, (before[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (previous[j - 2] as number) + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    previous = before;
    before = row;
  }
  return before[b.length] as number;
}

/** How many edits a word of this length may differ by and still be the same word misspelt. */
const allowedEdits = (length: number) => (length >= 9 ? 2 : length >= 5 ? 1 : 0);

/**
 * How strongly a heading (simplified, and its words) looks like `word`: 0 when not at all. A
 * Finnish compound names what its last part names ("myyntihinta" is a price, "tuotemerkki" a
 * brand, not a product), so a compound counts by its end, or by its start only when the word is
 * most of it ("hinta1", "voimassapv").
 */
function likeness(heading: string, words: readonly string[], word: string): number {
  const allowed = allowedEdits(Math.min(heading.length, word.length));
  const edits = distance(heading, word, allowed);
  if (edits <= allowed) return 90 - 10 * edits;
  const cover = Math.round((30 * word.length) / heading.length);
  if (heading.endsWith(word) || (heading.startsWith(word) && word.length * 5 >= heading.length * 3)) return 40 + cover;
  // A heading of several words whose first (or another) is the word: "Hinta (sis. alv)".
  if (words.length > 1 && words[0] === word) return 60;
  if (words.includes(word)) return 50;
  return 0;
}

/** The field a heading names, and how sure that is; null when it names none (or two alike). */
export function matchHeading(heading: string): HeadingMatch | null {
  const wanted = simpleHeading(heading);
  if (wanted === '') return null;
  const exact = FIELDS_OF.get(wanted);
  // One field's own word is certain; a word two fields share (the short labels "Toimitus" and
  // "Toimitus €") offers the first, in the registry's order, for the seller to check.
  if (exact) return { field: WORDS.find((w) => w.word === wanted)!.field, how: exact.size === 1 ? 'known' : 'guess' };
  const words = heading.toLowerCase().split(/[^a-z0-9äöå]+/).filter((w) => w !== '');
  const best = new Map<DraftField, number>();
  for (const { field, word } of GUESS_WORDS) {
    const score = likeness(wanted, words, word);
    if (score > (best.get(field) ?? 0)) best.set(field, score);
  }
  const ranked = [...best].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (!first || (second && second[1] === first[1])) return null;
  return { field: first[0], how: 'guess' };
}
