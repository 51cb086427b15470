// Listing templates: saved defaults for new drafts and for a selection of drafts (any item field
// of shared/items/item-fields.ts, the local SKU and note included), with a description HTML that may
// quote the draft through {placeholders}. The placeholder names, the bounds and the filling live
// here so the IPC contract (which refuses a bad template), the core (which stores and applies it)
// and the manager (which flags problems while the seller types) apply the same rules. Plain
// functions, no validation library: the renderer loads this.
//
// Placeholders (the documented set):
//   {title}          the draft's title
//   {sku}            the seller's own SKU / label
//   {condition}      the condition, in words of the app's language
//   {price}          the price its sale method uses (buy-now price, or the starting price of an auction), as money
//   {category}       the name of the draft's category
//   {quantity}       how many are for sale
//   {deliveryPrice}  the postage, as money
//
// An empty field leaves no stray punctuation: a placeholder whose value is empty removes the part
// of the sentence it stands in (between the nearest separators , ; · | or a spaced dash, a
// sentence end . ! ? or a line or paragraph break), with one separator; a bracket group ( … ) or
// [ … ] holding it goes with its brackets; a sentence, line, paragraph or list item left without
// words goes entirely. "Koko M, kunto {condition}." becomes "Koko M." when the condition is empty;
// a sentence that lost its first clause starts with a capital: "{sku}, koko M." is "Koko M.".

export const TEMPLATE_LIMITS = { templates: 200, name: 60 } as const;

export const TEMPLATE_PLACEHOLDERS = ['title', 'sku', 'condition', 'price', 'category', 'quantity', 'deliveryPrice'] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

const PLACEHOLDER = /\{(\w+)\}/g;

export function isTemplatePlaceholder(name: string): name is TemplatePlaceholder {
  return (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name);
}

/** The {names} in a text that are no placeholder, each once, in order of appearance. */
export function unknownTemplatePlaceholders(text: string): string[] {
  const unknown = [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '').filter((name) => !isTemplatePlaceholder(name));
  return [...new Set(unknown)];
}

/** The placeholders a text uses, each once. */
export function usedPlaceholders(text: string): TemplatePlaceholder[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '').filter(isTemplatePlaceholder))];
}

/** What is wrong with a template's name (trimmed first), as a code the screens put into words. */
export function templateNameProblem(name: string): 'empty' | 'too-long' | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'empty';
  if (trimmed.length > TEMPLATE_LIMITS.name) return 'too-long';
  return null;
}

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

// Private-use characters mark what the cleanup must keep apart from the seller's text: tags
// (whose attributes may hold commas), filled placeholders and empty ones.
const TAG_OPEN = '\uE000';
const TAG_CLOSE = '\uE001';
const FILLED = '\uE002';
const EMPTY = '\uE003';
const MARK = new RegExp(`${TAG_OPEN}(\\d+)${TAG_CLOSE}|${FILLED}(\\d+)${FILLED}`, 'g');

const BLOCK_TAG = /^<\/?(p|div|li|ul|ol|h[1-6]|table|thead|tbody|tr|td|th|blockquote|br|hr)\b[^>]*>$/i;
const SEPARATOR = /(\s*(?:[,;·|]|\s[–—-]\s)\s*)/;
/** Words left in a piece of text once its marks are taken out. */
const hasWords = (text: string) => /[\p{L}\p{N}\uE002]/u.test(text.replace(new RegExp(`${TAG_OPEN}\\d+${TAG_CLOSE}`, 'g'), ''));

/** What comes before a sentence's first word: spaces and masked tags. */
const LEAD = new RegExp(`^(?:\\s|${TAG_OPEN}\\d+${TAG_CLOSE})*`);

/** The sentence with its first letter a capital, if the template wrote a small one there. */
function capitalised(sentence: string): string {
  const lead = LEAD.exec(sentence)?.[0] ?? '';
  const first = sentence.charAt(lead.length);
  return /\p{Ll}/u.test(first) ? lead + first.toLocaleUpperCase('fi') + sentence.slice(lead.length + 1) : sentence;
}

/**
 * A sentence without the clauses that hold an empty placeholder. When its first clause goes,
 * the next one starts the sentence and gets a capital ("Kunto {condition}, hinta {price}." is
 * "Hinta 24,90 €.", issue 42), unless the template began the sentence in small letters itself; a
 * filled value (a brand such as "iPhone") is never changed.
 */
function dropEmptyClauses(sentence: string): string {
  if (!sentence.includes(EMPTY)) return sentence;
  const end = /[.!?]+\s*$/.exec(sentence)?.[0] ?? '';
  const parts = sentence.slice(0, sentence.length - end.length).split(SEPARATOR);
  // parts: clause, separator, clause, ...; a dropped clause takes the separator before it
  // (or, for the first one, the separator after it).
  let out = '';
  let pendingSeparator = '';
  let kept = 0;
  let startDropped = false;
  for (let i = 0; i < parts.length; i += 2) {
    const clause = parts[i] ?? '';
    const separator = parts[i + 1] ?? '';
    if (clause.includes(EMPTY)) {
      if (kept === 0) {
        pendingSeparator = '';
        startDropped = true;
      }
      continue;
    }
    out += (kept > 0 ? pendingSeparator : '') + clause;
    kept += 1;
    pendingSeparator = separator;
  }
  if (!hasWords(out)) return '';
  const writtenSmall = /\p{Ll}/u.test(sentence.charAt((LEAD.exec(sentence)?.[0] ?? '').length));
  return (startDropped && !writtenSmall ? capitalised(out) : out) + end;
}

/** A line (the text between block tags, tags inside it masked) without its empty parts. */
function cleanLine(line: string): string {
  if (!line.includes(EMPTY)) return line;
  // Bracket groups first: "Pöytä ({sku})" loses the brackets with the empty SKU.
  let text = line.replace(new RegExp(`\\s*[(\\[][^()\\[\\]]*${EMPTY}[^()\\[\\]]*[)\\]]`, 'g'), '');
  const sentences = text.split(/(?<=[.!?])(\s+)/);
  text = '';
  for (let i = 0; i < sentences.length; i += 2) {
    const kept = dropEmptyClauses(sentences[i] ?? '');
    if (kept !== '') text += (text !== '' ? (sentences[i - 1] ?? ' ') : '') + kept;
  }
  const leading = /^\s*/.exec(line)?.[0] ?? '';
  return text === '' ? '' : leading + text.trimStart();
}

/**
 * A template's description for one draft: each known {name} replaced by `value(name)` (HTML
 * escaped; null or '' is empty), the parts around empty ones removed as described at the top of
 * this file; anything else stays as typed.
 */
export function fillTemplate<N extends string = TemplatePlaceholder>(
  html: string,
  value: (name: N) => string | null,
  /** Which {names} are placeholders (the canned answers' own set uses the same cleanup). */
  isName: (name: string) => name is N = isTemplatePlaceholder as (name: string) => name is N,
): string {
  const tags: string[] = [];
  const filled: string[] = [];
  const marked = html
    .replace(/<[^>]*>/g, (tag) => `${TAG_OPEN}${tags.push(tag) - 1}${TAG_CLOSE}`)
    .replace(PLACEHOLDER, (whole, name: string) => {
      if (!isName(name)) return whole;
      const v = value(name);
      if (v === null || v === '') return EMPTY;
      return `${FILLED}${filled.push(escapeHtml(v)) - 1}${FILLED}`;
    });
  if (!marked.includes(EMPTY) && filled.length === 0) return html;
  // Lines: split at block tags and line breaks, each cleaned on its own.
  const pieces = marked.split(new RegExp(`(${TAG_OPEN}\\d+${TAG_CLOSE}|\\n)`));
  const isBlock = (piece: string) => piece === '\n' || (piece.startsWith(TAG_OPEN) && BLOCK_TAG.test(tags[Number(piece.slice(1, -1))] ?? ''));
  let out = '';
  let line = '';
  /** A plain-text line emptied by the cleanup takes its line break with it. */
  let emptied = false;
  const flush = () => {
    const cleaned = cleanLine(line);
    emptied = cleaned === '' && line !== '';
    out += cleaned;
    line = '';
  };
  for (const piece of pieces) {
    if (isBlock(piece)) {
      flush();
      if (!(piece === '\n' && emptied)) out += piece;
    } else line += piece;
  }
  flush();
  let result = out.replace(MARK, (_whole, tag: string | undefined, fill: string | undefined) => (tag !== undefined ? (tags[Number(tag)] ?? '') : (filled[Number(fill)] ?? '')));
  // Inline elements, then blocks, left without words go (a list item, a paragraph).
  for (let previous = ''; previous !== result;) {
    previous = result;
    result = result.replace(/<(strong|em|b|i|u|span|small|mark|a)\b[^>]*>\s*<\/\1>/gi, '');
    result = result.replace(/<(p|li|div|h[1-6]|blockquote)\b[^>]*>[\s:,;·|–—-]*<\/\1>/gi, '');
    result = result.replace(/<(ul|ol)\b[^>]*>\s*<\/\1>/gi, '');
  }
  return result;
}
