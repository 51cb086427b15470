// The seller's canned answers, kept in the account's cache (one row, the whole list as JSON).
// Lists arrive validated by the IPC contract; they are parsed again here before they are
// written, so no caller can store a list the editor would refuse.
import { CannedAnswersSchema } from '../../../shared/canned-answers-schema.ts';
import { DEFAULT_CANNED, type CannedAnswer } from '../../../shared/canned-answers.ts';
import type { Db } from '../db/open-account-db.ts';
import { DraftError } from '../drafts/draft-error.ts';

export interface CannedList {
  answers: CannedAnswer[];
  /** False while the defaults are used (never saved, or reset). */
  custom: boolean;
}

export function cannedAnswers(db: Db) {
  const read = db.prepare(`SELECT json FROM canned_answers WHERE id = 1`).pluck();
  const write = db.prepare(
    `INSERT INTO canned_answers (id, json, updated) VALUES (1, ?, ?)
     ON CONFLICT (id) DO UPDATE SET json = excluded.json, updated = excluded.updated`,
  );
  const clear = db.prepare(`DELETE FROM canned_answers`);
  const defaults = (): CannedList => ({ answers: DEFAULT_CANNED.map((a) => ({ ...a })), custom: false });

  return {
    list(): CannedList {
      const json = read.get() as string | undefined;
      if (json === undefined) return defaults();
      // A stored list that no longer parses (written by a later version with other rules) is
      // not shown half-way: the defaults are, and the row stays until the seller saves.
      try {
        const parsed = CannedAnswersSchema.safeParse(JSON.parse(json));
        return parsed.success ? { answers: parsed.data, custom: true } : defaults();
      } catch {
        return defaults();
      }
    },
    save(answers: readonly CannedAnswer[], now: number): CannedList {
      const parsed = CannedAnswersSchema.safeParse(answers);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = ['answers', ...(issue?.path ?? []).map(String)].join('.');
        throw new DraftError('validation', `canned answers refused: ${field}: ${issue?.message ?? 'invalid'}`, [], field);
      }
      write.run(JSON.stringify(parsed.data), now);
      return { answers: parsed.data, custom: true };
    },
    reset(): CannedList {
      clear.run();
      return defaults();
    },
  };
}
