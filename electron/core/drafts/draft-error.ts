// The one error the draft, bulk and import paths throw; converted to { code, message, problems }
// at the boundary to the app.
import type { Problem } from '../validation/validate-draft.ts';

export type DraftErrorCode = 'not-found' | 'state' | 'validation' | 'unknown-field' | 'nothing-to-undo';

export interface ItemProblems {
  localId: number;
  problems: Problem[];
  /** Why the item as a whole was refused (unknown id, a status that forbids editing). */
  reason?: string;
}

export class DraftError extends Error {
  readonly code: DraftErrorCode;
  /** Per item: the problems that refused the change. */
  readonly items: ItemProblems[];
  /** The input field refused, when the error is about one field of a non-item input. */
  readonly field: string | undefined;
  constructor(code: DraftErrorCode, message: string, items: ItemProblems[] = [], field?: string) {
    super(message);
    this.name = 'DraftError';
    this.code = code;
    this.items = items;
    this.field = field;
  }

  toPlain() {
    return { code: this.code, message: this.message, items: this.items };
  }
}
