// The IPC contract's draft editor methods (shared/ipc/contract.ts merges them into IPC_METHODS): live
// validation, a draft's status changes, the category tree.
import { z } from 'zod';
import { Changes, Empty, LocalId, ProblemSchema } from './common.ts';

export const editorMethods = {
  /** Live validation in the editor: the draft's saved values with `changes` applied, nothing written. */
  'drafts.validate': {
    input: z.object({ localId: LocalId.optional(), changes: Changes.default({}) }),
    output: z.object({ problems: z.array(ProblemSchema) }),
  },
  /** Queues publishing (draft -> preview -> published on the service); a listTime in the future schedules the listing. */
  'drafts.publish': { input: z.object({ localId: LocalId }), output: z.object({ status: z.string() }) },
  /** Queues closing a published item. */
  'drafts.close': { input: z.object({ localId: LocalId }), output: z.object({ status: z.string() }) },
  /** A new local draft copied from a closed item (created on the service with originalId). */
  'drafts.copyClosed': { input: z.object({ localId: LocalId }), output: z.object({ localId: z.number().int() }) },
  /**
   * Reads now the records of those of these items shown from the marketplace's list summaries only
   * (issue 38: the editor opens one, the grid's row marks what is missing). `missing`: the ids
   * still without their record (no marketplace, no connection, or it asked to wait).
   */
  'drafts.readDetails': {
    input: z.object({ localIds: z.array(LocalId).min(1).max(500) }),
    output: z.object({ read: z.number().int(), missing: z.array(z.number().int()) }),
  },
  /** The status a queued, not yet sent status change will give the item; null when none is queued. */
  'drafts.queuedStatus': { input: z.object({ localId: LocalId }), output: z.object({ status: z.string().nullable() }) },
  /** The cached category tree (all three levels), in display order; titleEn: the English name English screens show, null without one. */
  'categories.list': {
    input: Empty,
    output: z.array(z.object({ id: z.number().int(), parentId: z.number().int(), level: z.number().int(), title: z.string(), titleEn: z.string().nullable() })),
  },
} as const;
