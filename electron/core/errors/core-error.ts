// The base of the core's typed errors: a machine code, a message naming what was refused (in
// English, for logs), when one input field is at fault that field, and what exactly went wrong
// as a reason with its parameters (what the renderer words in the seller's language). The
// bridge turns each into a plain { code, message, field?, reason?, params? } (ipc/dispatcher.ts);
// anything else is an internal error.
import type { CoreErrorReason, ProblemParams } from '../../../shared/screens/problem-rules.ts';

/** What exactly an error is about, for the seller's sentence. */
export interface ErrorDetail {
  reason: CoreErrorReason;
  params?: ProblemParams;
}

export class CoreError<C extends string = string> extends Error {
  readonly code: C;
  /** The input field refused, when the error is about one field. */
  readonly field: string | undefined;
  readonly detail: ErrorDetail | undefined;
  constructor(code: C, message: string, field?: string, detail?: ErrorDetail) {
    super(message);
    this.name = 'CoreError';
    this.code = code;
    this.field = field;
    this.detail = detail;
  }
}

/** The accounts registry and signing in: an unknown account, no password store, a refused sign-in. */
export class AccountError extends CoreError<'not-found' | 'state' | 'validation'> {
  constructor(code: 'not-found' | 'state' | 'validation', message: string, field?: string, detail?: ErrorDetail) {
    super(code, message, field, detail);
    this.name = 'AccountError';
  }
}
