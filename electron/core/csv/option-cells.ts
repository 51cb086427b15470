// Cells of option fields and yes/no fields as a seller writes them: the machine word, the label
// of either language's screens or a clear synonym (shared/items/option-words.ts), case and accents
// forgiven; a list ("Nouto;Lähetys") word by word. A word that names no option is refused with
// every accepted value listed, so the seller can mend the column at once.
import type { ProblemRule } from '../../../shared/screens/problem-rules.ts';
import { acceptedValues, foldWord, isOptionField, optionOfWord } from '../../../shared/items/option-words.ts';
import { fieldKind, type DraftField } from '../drafts/fields.ts';

export type OptionCellRead =
  | { ok: true; value: unknown }
  | { ok: false; rule: ProblemRule; reason: string; options: string };

const LIST_SEPARATOR = /[;,]/;

const YES = new Set(['1', 'yes', 'true', 'kylla', 'k', 'y', 'x', 'on', 'tosi'].map(foldWord));
const NO = new Set(['0', 'no', 'false', 'ei', 'e', 'n', 'off', 'epatosi'].map(foldWord));
export const FLAG_WORDS = 'kyllä / yes / 1; ei / no / 0';

/** The cell read as the field's option(s) or flag; undefined: not an option or flag field. */
export function readOptionCell(field: DraftField, cell: string): OptionCellRead | undefined {
  const kind = fieldKind(field);
  if (kind === 'flag') {
    const word = foldWord(cell);
    if (YES.has(word)) return { ok: true, value: 1 };
    if (NO.has(word)) return { ok: true, value: 0 };
    return { ok: false, rule: 'not-a-flag', reason: `${field}: "${cell.trim()}" is not yes or no (accepted: ${FLAG_WORDS})`, options: FLAG_WORDS };
  }
  if (!isOptionField(field)) return undefined;
  const words = kind === 'list' ? cell.split(LIST_SEPARATOR).map((w) => w.trim()).filter((w) => w !== '') : [cell.trim()];
  const options: string[] = [];
  for (const word of words) {
    const option = optionOfWord(field, word);
    if (option === null) {
      const accepted = acceptedValues(field);
      return { ok: false, rule: 'not-an-option', reason: `${field}: "${word}" is none of the accepted values (${accepted})`, options: accepted };
    }
    if (!options.includes(option)) options.push(option);
  }
  return { ok: true, value: kind === 'list' ? options : options[0] ?? null };
}
