// Text cells a spreadsheet program would run as a formula, neutralised on export (and restored on
// import). A cell is read as a formula when it starts with = + - @ (or a tab or CR, which Excel
// skips before one); and a file written with one list separator may be opened with the other (a
// Finnish Excel splits an English file's cells at ';', an English one a Finnish file's at ','),
// so a formula character after a ';' or ',' inside a cell would start a cell of its own there.
// Each such character gets a leading apostrophe, which spreadsheet programs show as text.

const FORMULA = '[=+\\-@\\t\\r]';
const AT_START = new RegExp(`^${FORMULA}`);
const AFTER_SEPARATOR = new RegExp(`([;,][ ]*)(?=${FORMULA})`, 'g');
const QUOTED_START = new RegExp(`^'(?=${FORMULA})`);
const QUOTED_AFTER_SEPARATOR = new RegExp(`([;,][ ]*)'(?=${FORMULA})`, 'g');

/** Whether a text could start a formula in any list separator's reading. */
export function couldRunAsFormula(text: string): boolean {
  AFTER_SEPARATOR.lastIndex = 0;
  return AT_START.test(text) || AFTER_SEPARATOR.test(text);
}

/** The text with an apostrophe before every character that could start a formula. */
export function formulaSafe(text: string): string {
  if (!couldRunAsFormula(text)) return text;
  return (AT_START.test(text) ? `'${text}` : text).replace(AFTER_SEPARATOR, "$1'");
}

/** What `formulaSafe` wrote, read back as the seller's text. */
export function fromFormulaSafe(text: string): string {
  if (!text.includes("'")) return text;
  return text.replace(QUOTED_START, '').replace(QUOTED_AFTER_SEPARATOR, '$1');
}
