// The IPC contract's cancel of an import under way (shared/ipc/contract.ts spreads it into IPC_METHODS):
// the window names each import it starts (csv.import's importId) and may cancel it by that name.
import { z } from 'zod';

/** The window's name for one import (a random UUID), given to csv.import and to csv.cancelImport. */
export const ImportIdSchema = z.string().min(1).max(100);

export const importCancelMethods = {
  /**
   * Cancels the named import. 'cancelled': it stops at its next step (the file's reading, a step
   * of checked rows, a written batch) and none of its drafts is left; its csv.import answers
   * `cancelled: true`. 'already-done': its last step had run, its drafts stay as one undo step.
   */
  'csv.cancelImport': {
    input: z.object({ importId: ImportIdSchema }),
    output: z.object({ outcome: z.enum(['cancelled', 'already-done']) }),
  },
} as const;
