// The seller's canned answers, kept in the account's cache (one row, the whole list as JSON).
// Lists arrive validated by the IPC contract; they are parsed again here before they are
// written, so no caller can store a list the editor would refuse.
import { CannedAnswersSchema } from '../../../shared/canned-answers/schema.ts';
import { DEFAULT_CANNED, type CannedAnswer } from '../../../shared/canned-answers/canned-answers.ts';
import { jsonRow } from '../db/json-row.ts';
import type { Db } from '../db/open-account-db.ts';
import { DraftError } from '../drafts/draft-error.ts';

export interface CannedList {
  answers: CannedAnswer[];
  /** False while the defaults are used (never saved, or reset). */
  custom: boolean;
}

export function cannedAnswers(db: Db) {
  const row = jsonRow(db, { table: 'canned_answers', stamp: 'updated' }, CannedAnswersSchema);
  const defaults = (): CannedList => ({ answers: DEFAULT_CANNED.map((a) => ({ ...a })), custom: false });

  return {
    list(): CannedList {
      // A stored list that no longer parses shows the defaults; the row stays until the seller saves.
      const stored = row.get();
      return stored ? { answers: stored, custom: true } : defaults();
    },
    save(answers: readonly CannedAnswer[], now: number): CannedList {
      const parsed = CannedAnswersSchema.safeParse(answers);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = ['answers', ...(issue?.path ?? []).map(String)].join('.');
        throw new DraftError('validation', `canned answers refused: ${field}: ${issue?.message ?? 'invalid'}`, [], field, { reason: 'canned-answers' });
      }
      row.put(parsed.data, now);
      return { answers: parsed.data, custom: true };
    },
    reset(): CannedList {
      row.clear();
      return defaults();
    },
  };
}
