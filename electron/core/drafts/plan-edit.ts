// Pure planning of an edit: which values change, and whether the result may be saved.
import { introducedProblems, validateRules, valueProblem, type Problem, type ValidationContext } from '../validation/validate-draft.ts';
import { DraftError } from './draft-error.ts';
import { isDraftField, parseFieldValue, sameValue, type DraftField, type DraftFields } from './fields.ts';

/** Typed values of some fields; null clears a field. */
export type FieldValues = DraftFields;

/**
 * Parses raw changes (from the UI, a CSV cell, a bulk dialog) into typed values. An unknown
 * field name is a programming or file error and refuses the whole change; bad values come back
 * as problems per field.
 */
export function parseChanges(changes: Readonly<Record<string, unknown>>): { values: FieldValues; problems: Problem[] } {
  const values: Record<string, unknown> = {};
  const problems: Problem[] = [];
  for (const [name, raw] of Object.entries(changes)) {
    if (!isDraftField(name)) throw new DraftError('unknown-field', `${name} is not an item field`);
    const parsed = parseFieldValue(name, raw);
    const issue = valueProblem(name, raw, parsed);
    if (issue !== null) {
      problems.push({ field: name, code: 'invalid', ...issue });
      continue;
    }
    if (parsed.ok) values[name] = parsed.value;
  }
  return { values: values as FieldValues, problems };
}

export interface EditPlan {
  /** Only the fields whose value differs from the current one. */
  changed: FieldValues;
  /** The current values of the changed fields (for undo). */
  previous: FieldValues;
  /** Every problem of the draft after the change (incomplete fields included). */
  problems: Problem[];
  /** Problems the change would introduce: non-empty means the change is refused. */
  refused: Problem[];
}

/**
 * `withRequired: false` computes only `refused` (then `problems` is partial): bulk edits plan
 * thousands of rows and need nothing else.
 */
export function planEdit(current: DraftFields, values: FieldValues, ctx: ValidationContext, withRequired = true): EditPlan {
  const changed: Record<string, unknown> = {};
  const previous: Record<string, unknown> = {};
  for (const field of Object.keys(values) as DraftField[]) {
    const value = values[field] ?? null;
    if (sameValue(current[field], value)) continue;
    changed[field] = value;
    previous[field] = current[field] ?? null;
  }
  const merged = { ...current, ...changed } as DraftFields;
  // Without the full problem list only the difference matters, so single-field rules of
  // unchanged fields can be skipped.
  const options = withRequired ? {} : { withRequired, singleFieldRulesFor: new Set(Object.keys(values) as DraftField[]) };
  const before = validateRules(current, ctx, [], options);
  const problems = validateRules(merged, ctx, [], options);
  return { changed: changed as FieldValues, previous: previous as FieldValues, problems, refused: introducedProblems(before, problems) };
}
