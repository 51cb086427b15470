// An error crossing from the writer thread to the core's thread (issue 41): structured cloning
// keeps an Error's message but not its class, and the dispatcher answers by class
// (ipc/dispatcher.ts: a DraftError's items, a CoreError's code and detail, a full disk, a
// cancel). So the writer sends what the class says, and the core's thread makes the same class
// again; an error of no known class stays an Error, with its name, message, code and stack, for
// the log.
import { CoreError, type ErrorDetail } from '../errors/core-error.ts';
import { DraftError, type DraftErrorCode, type ItemProblems } from '../drafts/draft-error.ts';
import { WriteCancelled } from '../db/sliced-transaction.ts';
import { ImportCancelled } from '../csv/import-cancel.ts';

export interface SentError {
  name: string;
  message: string;
  stack?: string;
  /** A CoreError's code, or a system's or SQLite's (SQLITE_FULL, ENOSPC). */
  code?: string;
  field?: string;
  detail?: ErrorDetail;
  /** A DraftError's items. */
  items?: ItemProblems[];
  core?: boolean;
}

export function sendError(error: unknown): SentError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const sent: SentError = { name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}) };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') sent.code = code;
  if (error instanceof CoreError) {
    sent.core = true;
    if (error.field !== undefined) sent.field = error.field;
    if (error.detail !== undefined) sent.detail = error.detail;
  }
  if (error instanceof DraftError) sent.items = error.items;
  return sent;
}

export function receiveError(sent: SentError): Error {
  let error: Error;
  if (sent.name === 'WriteCancelled') error = new WriteCancelled();
  else if (sent.name === 'ImportCancelled') error = new ImportCancelled();
  else if (sent.name === 'DraftError') error = new DraftError(sent.code as DraftErrorCode, sent.message, sent.items ?? [], sent.field, sent.detail);
  else if (sent.core && sent.code !== undefined) error = new CoreError(sent.code, sent.message, sent.field, sent.detail);
  else {
    error = new Error(sent.message);
    if (sent.code !== undefined) Object.assign(error, { code: sent.code });
  }
  error.name = sent.name;
  if (sent.stack) error.stack = sent.stack;
  return error;
}
