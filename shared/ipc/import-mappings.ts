// The IPC contract's methods for the remembered column mappings of imports (shared/ipc/contract.ts spreads
// them into IPC_METHODS): the seller lists them, changes one, or forgets one, so a mapping chosen
// once is never a trap (issue 21).
import { z } from 'zod';

export function importMappingMethods<M extends z.ZodType>(p: { columnMapping: M }) {
  const RememberedSchema = z.object({
    /** The header set's key (its headings trimmed, lower case, tab-separated). */
    key: z.string(),
    /** The headings of the file, as the key holds them. */
    headings: z.array(z.string()),
    mapping: p.columnMapping,
    updated: z.number(),
  });
  return {
    /** The remembered mappings, the last used first. */
    'importMappings.list': { input: z.object({}).strict(), output: z.array(RememberedSchema) },
    /** Changes a remembered mapping (or remembers one for a file's headings), without importing. */
    'importMappings.save': {
      input: z.object({ headings: z.array(z.string().max(500)).min(1).max(1000), mapping: p.columnMapping }).strict(),
      output: z.object({ ok: z.literal(true) }),
    },
    /** Forgets a remembered mapping: the next import of that header set asks again. */
    'importMappings.forget': { input: z.object({ key: z.string().max(600_000) }).strict(), output: z.object({ removed: z.boolean() }) },
  } as const;
}
