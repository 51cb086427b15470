// Canned answers of the questions inbox: the seller's own texts with {placeholders} filled from
// the question's item. The bounds, the placeholder names and the defaults live here so the IPC
// contract (which refuses a bad list), the core (which stores it) and the editor (which flags
// problems while the seller types) apply the same rules. Plain functions, no validation library:
// the renderer loads this at startup; the contract's zod schema (canned-answers-schema.ts) is built
// from the same functions.

import { fillTemplate } from '../items/listing-templates.ts';

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

const SENTENCE_END = /[.!?…]$/;

/** A value of nothing but punctuation says nothing: it is left out like an empty one. */
const EMPTY_VALUE = /^[\s.!?…]*$/;
const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const unescapeHtml = (html: string) => html.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

/**
 * Replaces each known {name} with `value(name)`; anything else stays as typed. A period right
 * after a placeholder is the text's own sentence end: it is dropped when the value already ends
 * a sentence ("… {paymentTerms}." with "bank transfer." gives one period, not "..") or when the
 * value is empty and what comes before already ends one (or nothing does), never doubled.
 */
export function fillPlaceholders(text: string, value: (name: PlaceholderName) => string): string {
  // An empty value takes its clause with it, as a listing template's does ("Postikulut
  // ({deliveryPrice})" loses the brackets, "Hinta {price}, nouto" the clause): the templates'
  // cleanup runs first on the plain text (escaped as HTML for it, so it sees no tags), the filled
  // values are put in after it.
  const values = new Map<PlaceholderName, string>();
  const valueOf = (name: PlaceholderName) => {
    if (!values.has(name)) values.set(name, value(name).trim());
    return values.get(name) ?? '';
  };
  const cleaned = unescapeHtml(fillTemplate(escapeText(text), (name) => (EMPTY_VALUE.test(valueOf(name)) ? null : `{${name}}`), isPlaceholderName));
  return fillKnown(cleaned, valueOf);
}

function fillKnown(text: string, value: (name: PlaceholderName) => string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(/\{(\w+)\}(\.?)/g)) {
    const [whole, name = '', period] = match;
    out += text.slice(last, match.index);
    last = match.index + whole.length;
    if (!isPlaceholderName(name)) {
      out += whole;
      continue;
    }
    const filled = value(name).trim();
    // A value of nothing but punctuation says nothing: it is left out like an empty one.
    if (!EMPTY_VALUE.test(filled)) {
      out += filled + (period && !SENTENCE_END.test(filled) ? period : '');
    } else if (period) {
      // Nothing to say: the period goes unless it ends a sentence the text began.
      const before = out.trimEnd();
      out = before === '' || SENTENCE_END.test(before) ? before : `${before}${period}`;
    }
  }
  return out + text.slice(last);
}

/** What is wrong with a canned answer's name or text, as codes a screen puts into words. */
export type CannedIssue =
  | { code: 'name-empty' } | { code: 'name-long'; max: number } | { code: 'name-twice'; name: string }
  | { code: 'text-empty' } | { code: 'text-long'; max: number } | { code: 'unknown'; names: string[] };

export function nameIssue(name: string): CannedIssue | null {
  const trimmed = name.trim();
  if (trimmed === '') return { code: 'name-empty' };
  if (trimmed.length > CANNED_LIMITS.name) return { code: 'name-long', max: CANNED_LIMITS.name };
  return null;
}

export function textIssue(text: string): CannedIssue | null {
  const trimmed = text.trim();
  if (trimmed === '') return { code: 'text-empty' };
  if (trimmed.length > CANNED_LIMITS.text) return { code: 'text-long', max: CANNED_LIMITS.text };
  const unknown = unknownPlaceholders(trimmed);
  return unknown.length > 0 ? { code: 'unknown', names: unknown } : null;
}

export interface CannedAnswer {
  name: string;
  text: string;
}

/** The issue in the contract's own (English) words: the IPC schema's message for a refused list. */
function issueText(issue: CannedIssue | null): string | null {
  if (!issue) return null;
  switch (issue.code) {
    case 'name-empty': return 'name is empty';
    case 'name-long': return `name is longer than ${issue.max} characters`;
    case 'name-twice': return `name "${issue.name}" is used twice`;
    case 'text-empty': return 'text is empty';
    case 'text-long': return `text is longer than ${issue.max} characters`;
    case 'unknown': return `text uses unknown placeholder${issue.names.length > 1 ? 's' : ''} ${issue.names.map((u) => `{${u}}`).join(', ')}`;
  }
}

/** What is wrong with a name (trimmed first), or null. */
export function nameProblem(name: string): string | null {
  return issueText(nameIssue(name));
}

/** What is wrong with a text (trimmed first), or null. */
export function textProblem(text: string): string | null {
  return issueText(textIssue(text));
}

/** The entries whose name an earlier entry already uses (ignoring case), with the message. */
export function duplicateNames(answers: readonly CannedAnswer[]): Array<{ index: number; message: string; issue: CannedIssue }> {
  const seen = new Set<string>();
  const duplicates: Array<{ index: number; message: string; issue: CannedIssue }> = [];
  answers.forEach((answer, index) => {
    const key = answer.name.trim().toLocaleLowerCase();
    if (key !== '' && seen.has(key)) {
      const issue: CannedIssue = { code: 'name-twice', name: answer.name.trim() };
      duplicates.push({ index, message: issueText(issue) ?? '', issue });
    }
    seen.add(key);
  });
  return duplicates;
}

/** Used until the seller changes the list (and again after "Restore defaults"). */
export const DEFAULT_CANNED: readonly CannedAnswer[] = [
  { name: 'Still available', text: 'Yes, “{title}” is still available at {price}.' },
  { name: 'Delivery', text: 'Delivery: {deliveryTerms} (postage {deliveryPrice}).' },
  { name: 'Payment', text: 'Payment: {paymentTerms}. Thank you for your interest in “{title}”!' },
];
