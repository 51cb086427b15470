// The bare names of the bulk-change cancel method (spread into shared/ipc/names.ts; no zod, so the
// preload can import them).
export const WRITE_CANCEL_METHOD_NAMES = ['drafts.cancelWrite'] as const;
