// The one entry point of every transport (Electron ipcMain, web mode, tests): checks that the
// handler table covers the contract exactly, parses each input with the contract, and returns a
// result object instead of throwing across the process boundary.
import type { z } from 'zod';
import { IPC_METHOD_NAMES, IPC_METHODS, isIpcMethodName, type IpcError, type IpcMethodName, type IpcResult } from '../../../shared/ipc/contract.ts';
import { DatabaseTooNewError } from '../db/open-account-db.ts';
import { DraftError } from '../drafts/draft-error.ts';
import { CoreError } from '../errors/core-error.ts';
import { isDiskFull } from '../backup/backup-errors.ts';
import type { Handlers } from './handler-types.ts';
import { echoed } from '../../../shared/http/echoed.ts';

export interface IpcDispatcher {
  invoke(name: string, input: unknown): Promise<IpcResult<unknown>>;
}

export class MissingHandlerError extends Error {}

/** Fails at startup, not at the first click, when a method has no handler (or a handler no method). */
export function assertHandlersComplete(handlers: Partial<Record<string, unknown>>): void {
  const missing = IPC_METHOD_NAMES.filter((name) => typeof handlers[name] !== 'function');
  const extra = Object.keys(handlers).filter((name) => !isIpcMethodName(name));
  if (missing.length > 0 || extra.length > 0) {
    throw new MissingHandlerError(`IPC handler table does not match the contract: missing [${missing.join(', ')}], unknown [${extra.join(', ')}]`);
  }
}

export function createIpcDispatcher(handlers: Handlers, log: (message: string, error: unknown) => void = () => {}): IpcDispatcher {
  assertHandlersComplete(handlers);
  return {
    async invoke(name, input) {
      // The name is the caller's: repeated only in part (a 79 MB name came back whole, issue 37).
      if (!isIpcMethodName(name)) return fail({ code: 'unknown-method', message: `no IPC method "${echoed(String(name))}"` });
      const method = IPC_METHODS[name];
      const parsed = method.input.safeParse(input ?? {});
      if (!parsed.success) return fail(inputError(name, parsed.error));
      try {
        const handler = handlers[name] as (input: unknown) => unknown;
        const value = await handler(parsed.data);
        // The output is checked too: a drifting handler is caught here, not in the renderer.
        return { ok: true, value: method.output.parse(value) };
      } catch (error) {
        return fail(toIpcError(error, name, log));
      }
    },
  };
}

function detailOf(error: CoreError): Pick<IpcError, 'reason' | 'params'> {
  return error.detail ? { reason: error.detail.reason, ...(error.detail.params ? { params: error.detail.params } : {}) } : {};
}

function fail(error: IpcError): IpcResult<never> {
  return { ok: false, error };
}

function inputError(name: IpcMethodName, error: z.ZodError): IpcError {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  return { code: 'invalid-input', message: `${name}: ${field ? `${field}: ` : ''}${issue?.message ?? 'invalid input'}`, ...(field ? { field } : {}) };
}

/** Typed errors become { code, message, field?, items? }; anything else is an internal error. */
export function toIpcError(error: unknown, name: string, log: (message: string, error: unknown) => void): IpcError {
  if (error instanceof DraftError) {
    const problems = error.items.flatMap((i) => i.problems);
    const field = error.field ?? (error.items.length === 1 && problems.length === 1 ? problems[0]?.field : undefined);
    return {
      code: error.code,
      message: problems.length === 1 && error.items.length === 1 ? `${error.message}: ${problems[0]?.message}` : error.message,
      ...(field ? { field } : {}),
      ...detailOf(error),
      items: error.items.slice(0, 500).map((i) => ({ localId: i.localId, problems: i.problems, ...(i.reason ? { reason: i.reason } : {}), ...(i.detail ? { detail: i.detail } : {}) })),
    };
  }
  if (error instanceof CoreError) return { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}), ...detailOf(error) };
  if (error instanceof DatabaseTooNewError) return { code: 'cache-too-new', message: error.message };
  // A full disk (SQLITE_FULL, ENOSPC) whatever was writing: the transaction was rolled back.
  if (isDiskFull(error)) return { code: 'state', message: `${name}: the disk is full`, reason: 'disk-full' };
  // The detail goes to the log only: a parser's or the system's message may quote the file it
  // read or the environment, and the window gets nothing it did not hand over (issue 19).
  log(`IPC ${name} failed`, error);
  return { code: 'internal', message: `${name} failed` };
}
