// The IPC contract's schema of a canned answers list, built from the rules of canned-answers.ts
// (the editor applies the same functions while the seller types).
import { z } from 'zod';
import { CANNED_LIMITS, duplicateNames, nameProblem, textProblem, type CannedAnswer } from './canned-answers.ts';

/** A zod string trimmed and checked by one of the rule functions. */
const checked = (problem: (value: string) => string | null) => z.string().trim().superRefine((value, ctx) => {
  const message = problem(value);
  if (message) ctx.addIssue({ code: 'custom', message });
});

export const CannedAnswerSchema: z.ZodType<CannedAnswer> = z.object({ name: checked(nameProblem), text: checked(textProblem) }).strict();

/** The whole list as the seller keeps it: bounded, names unique (ignoring case). */
export const CannedAnswersSchema = z.array(CannedAnswerSchema)
  .max(CANNED_LIMITS.answers, `at most ${CANNED_LIMITS.answers} canned answers`)
  .superRefine((answers, ctx) => {
    for (const { index, message } of duplicateNames(answers)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message });
  });
