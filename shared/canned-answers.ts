// Canned answers of the questions inbox: the seller's own texts with {placeholders} filled from
// the question's item. The bounds, the placeholder names and the defaults live here so the IPC
// contract (which refuses a bad list), the core (which stores it) and the editor (which flags
// problems while the seller types) apply the same rules. Plain functions, no validation library:
// the renderer loads this at startup; the contract's zod schema (canned-answers-schema.ts) is built
// from the same functions.

export const CANNED_LIMITS = { answers: 50, name: 60, text: 255 } as const;

/** Every placeholder an answer may use, with what it becomes (shown in the editor). */
export const PLACEHOLDERS = {
  title: 'the item\'s title',
  price: 'the price now: buy-now price, or the highest bid (starting price before any bid)',
  buyNowPrice: 'the buy-now price',
  currentPrice: 'the highest bid, or the starting price before any bid',
  deliveryPrice: 'the postage',
  deliveryTerms: 'the delivery terms',
  paymentTerms: 'the payment terms',
} as const;
export type PlaceholderName = keyof typeof PLACEHOLDERS;
export const PLACEHOLDER_NAMES = Object.keys(PLACEHOLDERS) as PlaceholderName[];

const PLACEHOLDER = /\{(\w+)\}/g;

export function isPlaceholderName(name: string): name is PlaceholderName {
  return Object.hasOwn(PLACEHOLDERS, name);
}

/** The {names} in a text that are not placeholders, each once, in order of appearance. */
export function unknownPlaceholders(text: string): string[] {
  const unknown = [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '').filter((name) => !isPlaceholderName(name));
  return [...new Set(unknown)];
}

/** Replaces each known {name} with `value(name)`; anything else stays as typed. */
export function fillPlaceholders(text: string, value: (name: PlaceholderName) => string): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (isPlaceholderName(name) ? value(name) : whole));
}

export interface CannedAnswer {
  name: string;
  text: string;
}

/** What is wrong with a name (trimmed first), or null. */
export function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'name is empty';
  if (trimmed.length > CANNED_LIMITS.name) return `name is longer than ${CANNED_LIMITS.name} characters`;
  return null;
}

/** What is wrong with a text (trimmed first), or null. */
export function textProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'text is empty';
  if (trimmed.length > CANNED_LIMITS.text) return `text is longer than ${CANNED_LIMITS.text} characters`;
  const unknown = unknownPlaceholders(trimmed);
  if (unknown.length > 0) return `text uses unknown placeholder${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `{${u}}`).join(', ')}`;
  return null;
}

/** The entries whose name an earlier entry already uses (ignoring case), with the message. */
export function duplicateNames(answers: readonly CannedAnswer[]): Array<{ index: number; message: string }> {
  const seen = new Set<string>();
  const duplicates: Array<{ index: number; message: string }> = [];
  answers.forEach((answer, index) => {
    const key = answer.name.trim().toLocaleLowerCase();
    if (key !== '' && seen.has(key)) duplicates.push({ index, message: `name "${answer.name.trim()}" is used twice` });
    seen.add(key);
  });
  return duplicates;
}

/** Used until the seller changes the list (and again after "Restore defaults"). */
export const DEFAULT_CANNED: readonly CannedAnswer[] = [
  { name: 'Still available', text: 'Yes, "{title}" is still available at {price}.' },
  { name: 'Delivery', text: 'Delivery: {deliveryTerms} (postage {deliveryPrice}).' },
  { name: 'Payment', text: 'Payment: {paymentTerms}. Thank you for your interest in "{title}"!' },
];
