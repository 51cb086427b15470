// The backup domain's typed errors and the one test for a full disk. A full disk reaches us as
// SQLite's SQLITE_FULL (a write past max_page_count or past the free space) or as the file
// system's ENOSPC/EDQUOT; both become the reason 'disk-full', which the renderer's describer words.
import { CoreError, type ErrorDetail } from '../errors/core-error.ts';

export class BackupError extends CoreError<'not-found' | 'state' | 'validation'> {
  constructor(code: 'not-found' | 'state' | 'validation', message: string, detail?: ErrorDetail, field?: string) {
    super(code, message, field, detail);
    this.name = 'BackupError';
  }
}

const FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);

/** True for an error that says the disk (or the database's page limit) is full. */
export function isDiskFull(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && FULL_CODES.has(code)) return true;
    if (typeof code === 'string' && code.startsWith('SQLITE_FULL')) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The same failure as the seller's sentence: a full disk, whatever was being written. */
export function diskFullError(what: string, error: unknown): BackupError {
  const message = error instanceof Error ? error.message : String(error);
  return new BackupError('state', `${what}: the disk is full (${message})`, { reason: 'disk-full' });
}
