// A spreadsheet by reference, as photos arrive (issue 13): a file the seller handed over
// (Electron: picked or dropped, named by its handle) or web mode's streamed upload. Which files
// are accepted is decided by session/seller-files.ts (issue 19); its bytes are read here, in the
// core, never carried inside an IPC message.
import { readFile, rm, stat } from 'node:fs/promises';
import type { ImageSource } from '../../../shared/ipc/contract.ts';
import type { ProblemParams } from '../../../shared/screens/problem-rules.ts';
import { CoreError } from '../errors/core-error.ts';
import type { SellerFiles } from '../session/seller-files.ts';

/** What the IPC contract let through as base64 (about 50 MB of file), now read from disk. */
export const SPREADSHEET_MAX_BYTES = 50 * 1024 * 1024;

export class SpreadsheetFileError extends CoreError<'file-refused'> {
  constructor(message: string, reason: 'file-no-place' | 'file-gone' | 'file-not-a-file' | 'file-too-large', params: ProblemParams) {
    super('file-refused', message, 'source', { reason, params });
    this.name = 'SpreadsheetFileError';
  }
}

/** The file's bytes, after the seller-files checks (handed over, a regular file, its real place) and its size. */
export async function readSpreadsheetSource(files: SellerFiles, source: ImageSource, name: string): Promise<Buffer> {
  const { path } = await files.resolve(source, name);
  let info;
  try {
    info = await stat(path);
  } catch {
    throw new SpreadsheetFileError(`${name} could not be read: it was moved or deleted.`, 'file-gone', { name });
  }
  if (!info.isFile()) throw new SpreadsheetFileError(`${name} is not a file.`, 'file-not-a-file', { name });
  if (info.size > SPREADSHEET_MAX_BYTES) throw new SpreadsheetFileError(`${name} is larger than ${SPREADSHEET_MAX_BYTES / 1024 / 1024} MB: split it into smaller files.`, 'file-too-large', { name, megabytes: SPREADSHEET_MAX_BYTES / 1024 / 1024 });
  return readFile(path);
}

/** Removes web mode's temporary copy once the import has read it (a file of the seller's stays). */
export async function releaseSpreadsheetSource(files: SellerFiles, source: ImageSource): Promise<void> {
  if (source.kind === 'upload') await rm(`${files.uploads}/${source.id}.upload`, { force: true });
}
