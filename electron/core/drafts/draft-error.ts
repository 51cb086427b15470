// The one error the draft, bulk and import paths throw; converted to { code, message, problems }
// at the boundary to the app.
import { CoreError } from '../errors/core-error.ts';
import type { Problem } from '../validation/validate-draft.ts';

export type DraftErrorCode = 'not-found' | 'state' | 'validation' | 'unknown-field' | 'nothing-to-undo';

export interface ItemProblems {
  localId: number;
  problems: Problem[];
  /** Why the item as a whole was refused (unknown id, a status that forbids editing). */
  reason?: string;
}

export class DraftError extends CoreError<DraftErrorCode> {
  /** Per item: the problems that refused the change. */
  readonly items: ItemProblems[];
  constructor(code: DraftErrorCode, message: string, items: ItemProblems[] = [], field?: string) {
    super(code, message, field);
    this.name = 'DraftError';
    this.items = items;
  }
}
