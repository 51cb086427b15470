// What a store keeps of a failed call: the core's { code, message, field } as plain data, put
// into words when shown (error-text.ts). DOM-free and React-free: stores and Node tests use it.
import { BridgeError } from '../bridge/bridge-types.ts';
import type { Msg } from '../i18n/messages.ts';

export interface ErrorInfo {
  code: string;
  message: string;
  field?: string;
}

export function errorInfo(error: unknown): ErrorInfo {
  if (error instanceof BridgeError) return { code: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) };
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) };
}

export const isMsg = (said: Msg | ErrorInfo): said is Msg => 'id' in said;
