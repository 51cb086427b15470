// The IPC contract's cancel of a bulk change under way (shared/ipc/contract.ts spreads it into
// IPC_METHODS): the window names each bulk edit, rules apply, template apply and categories from
// the market it starts (their writeId) and may cancel it by that name, as an import's
// (import-cancel.ts).
import { z } from 'zod';
import { ImportIdSchema } from './import-cancel.ts';

/** The window's name for one bulk change (a random UUID), given to the change and to drafts.cancelWrite: named as an import is. */
export const WriteIdSchema = ImportIdSchema;

/** In a bulk change's answer: cancelled by drafts.cancelWrite before its commit, nothing was changed (no undo step). */
export const WriteCancelledSchema = z.literal(true).optional();

export const writeCancelMethods = {
  /**
   * Cancels the named bulk change. 'cancelled': it stops at its next slice, rolled back: no draft,
   * undo step or outbox row of it is left, and its call answers `cancelled: true`. 'already-done':
   * it had committed, and stays as one undo step.
   */
  'drafts.cancelWrite': {
    input: z.object({ writeId: WriteIdSchema }),
    output: z.object({ outcome: z.enum(['cancelled', 'already-done']) }),
  },
} as const;
