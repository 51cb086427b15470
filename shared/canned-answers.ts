// Canned answers of the questions inbox: the seller's own texts with {placeholders} filled from
// the question's item. The bounds, the placeholder names and the defaults live here so the IPC
// contract (which refuses a bad list), the core (which stores it) and the editor (which flags
// problems while the seller types) apply the same rules.
import { z } from 'zod';

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

export const CannedAnswerSchema = z.object({
  name: z.string().trim()
    .min(1, 'name is empty')
    .max(CANNED_LIMITS.name, `name is longer than ${CANNED_LIMITS.name} characters`),
  text: z.string().trim()
    .min(1, 'text is empty')
    .max(CANNED_LIMITS.text, `text is longer than ${CANNED_LIMITS.text} characters`)
    .superRefine((text, ctx) => {
      const unknown = unknownPlaceholders(text);
      if (unknown.length > 0) {
        ctx.addIssue({ code: 'custom', message: `text uses unknown placeholder${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `{${u}}`).join(', ')}` });
      }
    }),
}).strict();
export type CannedAnswer = z.infer<typeof CannedAnswerSchema>;

/** The whole list as the seller keeps it: bounded, names unique (ignoring case). */
export const CannedAnswersSchema = z.array(CannedAnswerSchema)
  .max(CANNED_LIMITS.answers, `at most ${CANNED_LIMITS.answers} canned answers`)
  .superRefine((answers, ctx) => {
    const seen = new Set<string>();
    answers.forEach((answer, index) => {
      const key = answer.name.toLocaleLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: `name "${answer.name}" is used twice` });
      seen.add(key);
    });
  });

/** Used until the seller changes the list (and again after "Restore defaults"). */
export const DEFAULT_CANNED: readonly CannedAnswer[] = [
  { name: 'Still available', text: 'Yes, "{title}" is still available at {price}.' },
  { name: 'Delivery', text: 'Delivery: {deliveryTerms} (postage {deliveryPrice}).' },
  { name: 'Payment', text: 'Payment: {paymentTerms}. Thank you for your interest in "{title}"!' },
];
