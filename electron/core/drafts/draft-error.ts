// The one error the draft, bulk and import paths throw; converted to { code, message, problems }
// at the boundary to the app.
import { CoreError, type ErrorDetail } from '../errors/core-error.ts';
import type { Problem } from '../validation/validate-draft.ts';

export type DraftErrorCode = 'not-found' | 'state' | 'validation' | 'unknown-field' | 'nothing-to-undo';

export interface ItemProblems {
  localId: number;
  problems: Problem[];
  /** Why the item as a whole was refused (unknown id, a status that forbids editing), in English. */
  reason?: string;
  /** The same for the seller's sentence. */
  detail?: ErrorDetail;
}

export class DraftError extends CoreError<DraftErrorCode> {
  /** Per item: the problems that refused the change. */
  readonly items: ItemProblems[];
  constructor(code: DraftErrorCode, message: string, items: ItemProblems[] = [], field?: string, detail?: ErrorDetail) {
    super(code, message, field, detail);
    this.name = 'DraftError';
    this.items = items;
  }
}

/** An item a bulk change refuses, as previews list it: the English reason, the problems, the detail. */
export function refusalOf(item: ItemProblems): { localId: number; reason: string; problems: Problem[]; detail?: ErrorDetail } {
  return {
    localId: item.localId,
    reason: item.reason ?? item.problems.map((p) => p.message).join('; '),
    problems: item.problems,
    ...(item.detail ? { detail: item.detail } : {}),
  };
}
