// Building blocks every resource schema uses: timestamps, URLs, ids, the error body, and the
// coercions that let one schema accept both JSON and form-encoded bodies.
import { z } from 'zod';

/** Response timestamp: `YYYY-MM-DDTHH:MM:SS+hhmm`, in the service's time zone. */
export const Timestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{4}$/, 'expected YYYY-MM-DDTHH:MM:SS+hhmm')
  .meta({ id: 'Timestamp', description: 'ISO 8601 with a numeric offset without a colon, in the service time zone' });
export type Timestamp = z.infer<typeof Timestamp>;

/** Request time: `YYYY-MM-DD HH:MM:SS`, read in the service's time zone. */
export const RequestTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'expected YYYY-MM-DD HH:MM:SS')
  .meta({ description: 'YYYY-MM-DD HH:MM:SS in the service time zone' });

export const Url = z.string().meta({ description: 'absolute URL on this service' });

// ---- Text fields ------------------------------------------------------------------------------

/**
 * Characters refused in text a user writes for others to read (issue 9, finding 7): C0 controls
 * (tab, line feed and carriage return aside, and those only in multi-line text), DEL, C1
 * controls, and the bidirectional embeddings, overrides and isolates (U+202A-U+202E,
 * U+2066-U+2069), which can make a title read as something else ("Trojan Source"); in one-line
 * text also the line and paragraph separators U+2028 and U+2029, which break a line as LF does.
 * Every text field a user writes goes through one of these two rules (issue 20, low 4: the postal
 * code of an item located abroad, kept as sent, had none). Refused rather
 * than stripped: the sender learns which field was wrong, and nothing is stored that differs from
 * what was sent. The plain direction marks (U+200E, U+200F) are allowed.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
// eslint-disable-next-line no-control-regex
const UNSAFE_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

/** The code an unsafe character is reported with (see the error mapping of the service). */
export const UNSAFE_TEXT_CODE = 'invalid_characters';

/** `schema` refusing unsafe characters; one line: no control characters at all. */
export function safeText<T extends z.ZodString>(schema: T, lines: 'one line' | 'multi-line' = 'multi-line') {
  const [pattern, what] =
    lines === 'one line'
      ? [UNSAFE_LINE, 'control characters (line breaks, U+2028, U+2029 and tabs included)']
      : [UNSAFE_TEXT, 'control characters other than tab and line breaks'];
  return schema.refine((text) => !pattern.test(text), {
    message: `must not contain ${what} or bidirectional override characters`,
    params: { code: UNSAFE_TEXT_CODE },
  });
}

// ---- Numbers in text (paths, queries, form bodies) --------------------------------------------

/**
 * Decimal notation only: `Number()` would also read "0x40" (64), "1e2", "0b1" and "Infinity", so
 * /items/0x40 would be item 64 and a bid of "0x20" would be 16 (issue 9, finding 7). Surrounding
 * spaces are allowed, as they always were.
 */
const DECIMAL = /^\s*-?\d+(\.\d+)?\s*$/;
const isNumericString = (v: unknown): v is string => typeof v === 'string' && DECIMAL.test(v);

/** A number given as a number or as a decimal string; any other string stays a string (refused). */
export const DecimalNumber = z.preprocess((v) => (isNumericString(v) ? Number(v) : v), z.number());

/** Path parameters are positive integers; anything else is an unknown id (404), never a 500. */
export const PathId = DecimalNumber.pipe(z.number().int().positive().max(2 ** 53 - 1));

export const ItemIdParams = z.object({ itemid: PathId });
export const UserIdParams = z.object({ userid: PathId });
export const CategoryIdParams = z.object({ categoryid: DecimalNumber.pipe(z.number().int().min(0).max(2 ** 31)) });

/** One error entry per bad field; `field` is null for errors not tied to one field. */
export const ErrorEntry = z.object({
  field: z.string().nullable(),
  code: z.string(),
  messages: z.array(z.string()).min(1),
});
export const ErrorBody = z.object({ errors: z.array(ErrorEntry).min(1) }).meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBody>;
export type ErrorEntry = z.infer<typeof ErrorEntry>;

// ---- Coercions for form-encoded bodies and query strings ------------------------------------

/** A number that may arrive as a numeric string (form bodies, query strings). */
export const FormNumber = z.preprocess((v) => (isNumericString(v) ? Number(v) : v), z.number());
/** An integer that may arrive as a numeric string. */
export const FormInt = z.preprocess((v) => (isNumericString(v) ? Number(v) : v), z.number().int());
/** A 0/1 flag; also takes "0"/"1" and booleans. */
export const FormFlag = z.preprocess((v) => {
  if (v === true || v === 'true') return 1;
  if (v === false || v === 'false') return 0;
  return isNumericString(v) ? Number(v) : v;
}, z.union([z.literal(0), z.literal(1)]));
/** An array that may arrive as one value, repeated keys, or a JSON array. */
export function formArray<T extends z.ZodType>(element: T) {
  return z.preprocess((v) => (v === undefined || v === null || Array.isArray(v) ? v : [v]), z.array(element));
}

// ---- Lists ----------------------------------------------------------------------------------

export const PageLinks = z.object({
  self: Url,
  first: Url,
  last: Url,
  next: Url.nullable(),
  previous: Url.nullable(),
});
