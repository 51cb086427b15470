// The ONE error every API call throws. Inside the core it carries what the sync engine needs
// to decide (retry or park, did the request perhaps take effect); a parked row keeps its code's
// message and field for the sync screen.
import { ErrorBody, type ErrorEntry } from '../../../shared/api/common.ts';

export interface ApiErrorInit {
  status: number;
  code: string;
  field: string | null;
  message: string;
  retryable: boolean;
  /** False only when the request certainly did not reach the service (refused connection, bad host). */
  mayHaveReached: boolean;
  /** From Retry-After (429/503), in ms. */
  retryAfterMs?: number | null;
  entries?: ErrorEntry[];
}

export class ApiError extends Error {
  /** HTTP status; 0 when there was no response (network error, timeout). */
  readonly status: number;
  /** The service's error code, or `network`, `timeout`, `bad_response`, `http_<status>`. */
  readonly code: string;
  readonly field: string | null;
  readonly retryable: boolean;
  readonly mayHaveReached: boolean;
  readonly retryAfterMs: number | null;
  /** Every entry of the error body (one per bad field). */
  readonly entries: ErrorEntry[];

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.retryable = init.retryable;
    this.mayHaveReached = init.mayHaveReached;
    this.retryAfterMs = init.retryAfterMs ?? null;
    this.entries = init.entries ?? [{ field: init.field, code: init.code, messages: [init.message] }];
  }

  /** A 403 that a fresh token cures. */
  get isTokenProblem(): boolean {
    return this.status === 403 && (this.code === 'token_invalid' || this.code === 'token_missing');
  }

  /** The marketplace asked to wait (429, or 503 with Retry-After): how long, in ms; null otherwise. */
  get waitAskedMs(): number | null {
    return (this.status === 429 || this.status === 503) && this.retryAfterMs !== null ? this.retryAfterMs : null;
  }

  /** No response at all: the service may be unreachable (offline) or slow. */
  get isNetwork(): boolean {
    return this.status === 0;
  }

  // What the failure means to the app, in its words: the core above this adapter decides on these
  // and never on HTTP statuses or the service's codes (issue 40: the marketplace behind its port).

  /** Signing in again is needed (a refused token, login or missing credentials): the sync pauses. */
  get needsSignIn(): boolean {
    return this.isTokenProblem || this.code === 'login_refused' || this.code === 'no_credentials';
  }

  /** The password was refused, or there is none to sign in with: the seller must give it again. */
  get signInRefused(): boolean {
    return this.code === 'login_refused' || this.code === 'no_credentials';
  }

  /** The thing asked for is not on the marketplace (removed, or never there). */
  get isGone(): boolean {
    return this.status === 404;
  }

  /**
   * The marketplace refused the change in the state it has now (answered, decided or listed
   * already): perhaps our own earlier attempt whose answer was lost, so read it back.
   */
  get refusedInCurrentState(): boolean {
    return this.status === 409;
  }

  /** The seller's drafts on the marketplace are at its limit: wait for a free one, never fail. */
  get isDraftLimit(): boolean {
    return this.status === 409 && this.code === 'draft_limit';
  }

  /** The marketplace asks to come back later (a rate limit, Retry-After). */
  get isRateLimited(): boolean {
    return this.status === 429;
  }

  /** Worth sending again later: a brief failure, or the same request still being worked on. */
  get worthRepeating(): boolean {
    return this.retryable || (this.status === 409 && this.code === 'idempotency_in_progress');
  }

  /** It may have taken effect, and no answer says whether: a create must be looked for before it is sent again. */
  get outcomeUnknown(): boolean {
    return this.mayHaveReached && (this.status === 0 || this.status >= 500);
  }
}

/** Statuses worth repeating (the request had no lasting effect or the service is briefly unwell). */
const RETRYABLE_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);

/** Seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Maps an HTTP failure response to an ApiError (the body may be ours, another JSON or text). */
export function errorFromResponse(status: number, bodyText: string, retryAfter: string | null): ApiError {
  let entries: ErrorEntry[] | undefined;
  try {
    const parsed = ErrorBody.safeParse(JSON.parse(bodyText));
    if (parsed.success) entries = parsed.data.errors;
  } catch {
    // not JSON: keep the status only
  }
  const first = entries?.[0];
  let message = first?.messages.join('; ') ?? `HTTP ${status}`;
  if (!first) {
    try {
      const generic = JSON.parse(bodyText) as { message?: unknown };
      if (typeof generic.message === 'string') message = generic.message;
    } catch {
      // keep the status message
    }
  }
  return new ApiError({
    status,
    code: first?.code ?? (status === 429 ? 'rate_limited' : `http_${status}`),
    field: first?.field ?? null,
    message,
    retryable: RETRYABLE_STATUSES.has(status),
    mayHaveReached: true,
    retryAfterMs: parseRetryAfter(retryAfter),
    ...(entries ? { entries } : {}),
  });
}

/** Connection-level codes that prove the request never reached the service. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

export function errorFromThrown(error: unknown, timeoutMs: number): ApiError {
  if (error instanceof ApiError) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError') {
    return new ApiError({ status: 0, code: 'timeout', field: null, message: `no response within ${timeoutMs} ms`, retryable: true, mayHaveReached: true });
  }
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : '';
  const detail = typeof cause?.message === 'string' ? cause.message : error instanceof Error ? error.message : String(error);
  return new ApiError({
    status: 0,
    code: 'network',
    field: null,
    message: `network error${code ? ` (${code})` : ''}: ${detail}`,
    retryable: true,
    mayHaveReached: !NOT_SENT_CODES.has(code),
  });
}
