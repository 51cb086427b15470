// The base of the core's typed errors: a machine code, a message naming what was refused and,
// when one input field is at fault, that field. The bridge turns each into a plain
// { code, message, field? } (ipc/dispatcher.ts); anything else is an internal error.
export class CoreError<C extends string = string> extends Error {
  readonly code: C;
  /** The input field refused, when the error is about one field. */
  readonly field: string | undefined;
  constructor(code: C, message: string, field?: string) {
    super(message);
    this.name = 'CoreError';
    this.code = code;
    this.field = field;
  }
}

/** The accounts registry and signing in: an unknown account, no password store, a refused sign-in. */
export class AccountError extends CoreError<'not-found' | 'state' | 'validation'> {
  constructor(code: 'not-found' | 'state' | 'validation', message: string, field?: string) {
    super(code, message, field);
    this.name = 'AccountError';
  }
}
