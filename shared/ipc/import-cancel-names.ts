// The bare names of the import-cancel method (spread into shared/ipc/names.ts; no zod, so the
// preload can import them).
export const IMPORT_CANCEL_METHOD_NAMES = ['csv.cancelImport'] as const;
