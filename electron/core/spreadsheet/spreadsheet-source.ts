// A spreadsheet by reference, as photos arrive (issue 13): a path on this computer (Electron:
// webUtils.getPathForFile) or web mode's streamed upload (its temporary copy in the account's
// folder). Its bytes are read here, in the core, never carried inside an IPC message.
import { readFile, rm, stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import type { ImageSource } from '../../../shared/ipc.ts';
import type { ProblemParams } from '../../../shared/problem-rules.ts';
import { CoreError } from '../errors/core-error.ts';
import { uploadPath } from '../images/staged-uploads.ts';

/** What the IPC contract let through as base64 (about 50 MB of file), now read from disk. */
export const SPREADSHEET_MAX_BYTES = 50 * 1024 * 1024;

export class SpreadsheetFileError extends CoreError<'file-refused'> {
  constructor(message: string, reason: 'file-no-place' | 'file-gone' | 'file-not-a-file' | 'file-too-large', params: ProblemParams) {
    super('file-refused', message, 'source', { reason, params });
    this.name = 'SpreadsheetFileError';
  }
}

const pathOf = (folder: string, source: ImageSource) => (source.kind === 'path' ? source.path : uploadPath(folder, source.id));

/** The file's bytes, after the checks a path from the renderer needs (absolute, a file, its size). */
export async function readSpreadsheetSource(folder: string, source: ImageSource, name: string): Promise<Buffer> {
  const path = pathOf(folder, source);
  if (!isAbsolute(path)) throw new SpreadsheetFileError(`${name} could not be read: the app was not given its place on disk.`, 'file-no-place', { name });
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

/** Removes web mode's temporary copy once the import has read it (a path of the seller's stays). */
export async function releaseSpreadsheetSource(folder: string, source: ImageSource): Promise<void> {
  if (source.kind === 'upload') await rm(uploadPath(folder, source.id), { force: true });
}
