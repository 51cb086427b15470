// The one describer of errors: whatever a seller can meet (a value the offline validation
// refuses, a core error, the marketplace's refusal of a synced item, a row of an import) becomes
// a Msg of the `errors` catalog, naming the field by its label. Machine codes and parameters go
// in; the core's and the service's English messages never reach the screen (they stay in logs).
// An unknown code still gets a sentence in the language, with the field's label when known.
import { CLIENT_ERROR_CODES, SERVICE_ERROR_CODES } from '../../../shared/api/error-codes.ts';
import { isItemField } from '../../../shared/items/item-fields.ts';
import { CORE_ERROR_CODES, CORE_ERROR_REASONS, PROBLEM_RULES, type ProblemParams } from '../../../shared/screens/problem-rules.ts';
import { BridgeError } from '../bridge/bridge-types.ts';
import { msg, type MessageId, type MessageValues, type Msg } from './messages.ts';
import { fieldLabelId } from './translate.ts';

/** A refused value or draft as the core reports it (validation problems, import rows). */
export interface ProblemLike {
  field: string | null;
  rule?: string;
  params?: ProblemParams;
}

const has = (list: readonly string[], value: unknown): value is string => typeof value === 'string' && list.includes(value);

/** The field as the seller reads it: its label, "Photos", or "A value" for a name that is no field. */
export function fieldWords(field: string | null | undefined): Msg {
  if (field && isItemField(field)) return msg(fieldLabelId(field));
  if (field === 'images' || field === 'image') return msg('errors.field.images');
  return msg('errors.field.none');
}

/** Params in words: an item status is worded, numbers and names stay as they are. */
function wordsOf(params: ProblemParams | undefined): MessageValues {
  const out: MessageValues = {};
  for (const [name, value] of Object.entries(params ?? {})) out[name] = name === 'status' ? msg('errors.status', { status: String(value) }) : value;
  return out;
}

function unknown(field: string | null | undefined): Msg {
  return field && (isItemField(field) || field === 'images') ? msg('errors.unknown.field', { field: fieldWords(field) }) : msg('errors.unknown');
}

/** One problem of a value or a draft, or of an import row. */
export function describeProblem(problem: ProblemLike): Msg {
  if (!has(PROBLEM_RULES, problem.rule)) return unknown(problem.field);
  // A choice refused without its list (an older core's) still reads as a sentence.
  const fallback = problem.rule === 'not-an-option' ? { options: '…' } : {};
  return msg(`errors.rule.${problem.rule}` as MessageId, { ...fallback, ...wordsOf(problem.params), field: fieldWords(problem.field) });
}

/** A core error's reason (CORE_ERROR_REASONS) with its params, or null for one this app does not know. */
export function describeReason(reason: string | undefined, params?: ProblemParams): Msg | null {
  return has(CORE_ERROR_REASONS, reason) ? msg(`errors.reason.${reason}` as MessageId, wordsOf(params)) : null;
}

/**
 * The marketplace's refusal of a synced item (the error body's code and field, kept on the
 * refused item), or a failure the API client named itself.
 */
export function describeRefusal(refusal: { code?: string | null; field?: string | null; reason?: string | null }): Msg {
  const { code, field } = refusal;
  if (has(SERVICE_ERROR_CODES, code) || has(CLIENT_ERROR_CODES, code)) return msg(`errors.service.${code}` as MessageId, { field: fieldWords(field) });
  if (refusal.reason === 'removed remotely') return msg('errors.service.removed');
  return unknown(field);
}

/** An item a bulk change cannot take, as the previews list it. */
export function describeRefusedItem(item: { problems?: readonly ProblemLike[]; detail?: { reason: string; params?: ProblemParams } }): Msg {
  const first = item.problems?.[0];
  if (first) return withMore(describeProblem(first), (item.problems?.length ?? 1) - 1);
  return describeReason(item.detail?.reason, item.detail?.params) ?? msg('errors.unknown');
}

function withMore(message: Msg, more: number): Msg {
  return more > 0 ? msg('errors.refused.more', { message, count: more }) : message;
}

/** Any error a store caught: a core error through the bridge, or anything else. */
export function describeError(error: unknown): Msg {
  if (!(error instanceof BridgeError)) return msg('errors.unknown');
  const problems = error.items.flatMap((i) => i.problems);
  const [first] = problems;
  // One draft's values: the first problem says what to fix (there are rarely more).
  if (first && error.items.length === 1) return withMore(describeProblem(first), problems.length - 1);
  const reason = describeReason(error.reason, error.params);
  if (reason) return reason;
  if (has(CORE_ERROR_CODES, error.code)) {
    // A value the contract refused names its field when it is one the seller knows.
    if (error.code === 'invalid-input' && error.field && isItemField(error.field)) return describeProblem({ field: error.field, rule: 'invalid' });
    return msg(`errors.code.${error.code}` as MessageId);
  }
  return unknown(error.field);
}
