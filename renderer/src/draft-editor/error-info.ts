// What a store keeps of a failed call: the core's { code, message, field } as plain data, with
// the sentence the error describer makes of it (i18n/describe-error.ts), put into words in the
// language in use when shown (error-text.ts). DOM-free and React-free: stores and Node tests use it.
import { BridgeError } from '../bridge/bridge-types.ts';
import { describeError } from '../i18n/describe-error.ts';
import type { Msg } from '../i18n/messages.ts';

export interface ErrorInfo {
  code: string;
  /** The core's English message, for logs. */
  message: string;
  field?: string;
  /** What the seller reads. */
  said: Msg;
}

export function errorInfo(error: unknown): ErrorInfo {
  const said = describeError(error);
  if (error instanceof BridgeError) return { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}), said };
  return { code: 'internal', message: error instanceof Error ? error.message : String(error), said };
}

export const isMsg = (said: Msg | ErrorInfo): said is Msg => 'id' in said;
