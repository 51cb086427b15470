// The grid's title order, as a Finnish seller reads it: a key compared byte by byte (SQLite's
// BINARY), kept in items.title_key by migration 15's triggers and read in order from its index.
// - Letters in the Finnish alphabet: A–Z, then Å, Ä, Ö ("Åbo" before "Äänilevy" after "Zoom");
//   case and other accents are ignored (é as e, ü as y, æ as ä, ø as ö).
// - Numbers in their value's order ("erä 103" before "erä 1023"): each run of digits loses its
//   leading zeros and is padded to NUMBER_WIDTH, so a longer number sorts after a shorter one.

const NUMBER_WIDTH = 20;

/** Å, Ä, Ö (and their neighbours) after z: the three characters that follow 'z' in ASCII. */
const AFTER_Z: Record<string, string> = { å: '{', ä: '|', æ: '|', ö: '}', ø: '}' };

function letterKey(ch: string): string {
  const after = AFTER_Z[ch];
  if (after !== undefined) return after;
  if (ch === 'ü') return 'y';
  // Other accents fall away (é → e); a letter of another script keeps its code (after ö).
  const base = ch.normalize('NFD').replace(/\p{M}+/gu, '');
  return base === '' ? ch : base;
}

/** The sort key of a title, or null for none (sorted first ascending). Deterministic. */
export function titleSortKey(title: unknown): string | null {
  if (typeof title !== 'string') return null;
  const text = title.normalize('NFC').toLowerCase().trim().replace(/\s+/g, ' ');
  return text.replace(/\d+|[^\d]/gu, (part) => {
    if (/^\d/.test(part)) {
      const digits = part.replace(/^0+(?=\d)/, '');
      return digits.length >= NUMBER_WIDTH ? digits : digits.padStart(NUMBER_WIDTH, '0');
    }
    return letterKey(part);
  });
}
