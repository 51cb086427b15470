// The login session: credentials from the shell's store, one token at a time, renewed BEFORE it
// expires and once after a 403 that a fresh token cures. Concurrent callers share one login.
import { AuthenticationResult, DEVICE_COOKIE } from '../../../shared/api/auth.ts';
import { ApiError } from './api-error.ts';
import type { Http } from './http.ts';

export interface Credentials {
  username: string;
  password: string;
}

/** Provided by the shell (Electron's safeStorage there; a plain object in tests). */
export interface CredentialStore {
  getCredentials(): Promise<Credentials | null>;
}

/**
 * Where the account's device cookie is kept between logins (the session's file in its account
 * folder: session/device-cookie-file.ts): the service gives one at each login and lets a login
 * that brings it back past the waits other people's wrong guesses from the same address cause.
 */
export interface DeviceCookieStore {
  get(): string | null;
  set(value: string): void;
}

/** The device cookie's value in a response's Set-Cookie, when it sets one. */
function deviceCookieOf(headers: Headers): string | null {
  const lines = typeof headers.getSetCookie === 'function' ? headers.getSetCookie() : [headers.get('set-cookie') ?? ''];
  for (const line of lines) {
    const match = new RegExp(`(?:^|,\\s*)${DEVICE_COOKIE}=([^;,\\s]+)`).exec(line);
    if (match?.[1]) return match[1];
  }
  return null;
}

export function memoryCredentialStore(credentials: Credentials | null): CredentialStore & { set(c: Credentials | null): void } {
  let current = credentials;
  return {
    getCredentials: async () => current,
    set: (c) => {
      current = c;
    },
  };
}

export interface SessionToken {
  id: string;
  userId: number;
  /** Local clock time at which the service will consider the token expired. */
  expiresAt: number;
  lifetimeMs: number;
}

export interface Session {
  /** A token valid for at least the renewal margin; logs in when needed. */
  token(): Promise<SessionToken>;
  /** After a 403 token_invalid/token_missing: a new token unless another caller already renewed. */
  renewAfterRefusal(refused: string): Promise<SessionToken>;
  login(): Promise<SessionToken>;
  current(): SessionToken | null;
  /** Forget the token (logout, account switch). */
  clear(): void;
}

/** `YYYY-MM-DDTHH:MM:SS+hhmm` → epoch ms. */
export function parseTimestamp(value: string): number {
  const iso = value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new Error(`unreadable timestamp ${value}`);
  return ms;
}

/** A timestamp that may be missing or unreadable in cached data: null rather than an error. */
export function optionalTimestamp(value: string | null | undefined): number | null {
  if (!value) return null;
  try {
    return parseTimestamp(value);
  } catch {
    return null;
  }
}

export function userIdFromLink(url: string): number {
  const match = /\/users\/(\d+)\/?$/.exec(url);
  if (!match) throw new Error(`no user id in ${url}`);
  return Number(match[1]);
}

export interface SessionOptions {
  http: Http;
  credentials: CredentialStore;
  /** Renew when less than this is left (default: 2 minutes, or a tenth of the lifetime if shorter). */
  renewMarginMs?: number;
  /** The device cookie's keeping (none: each login starts as an unknown device). */
  device?: DeviceCookieStore;
  now?: () => number;
}

export function createSession(options: SessionOptions): Session {
  const now = options.now ?? Date.now;
  let token: SessionToken | null = null;
  let pending: Promise<SessionToken> | null = null;

  async function doLogin(): Promise<SessionToken> {
    const credentials = await options.credentials.getCredentials();
    if (!credentials) {
      throw new ApiError({ status: 0, code: 'no_credentials', field: null, message: 'no stored credentials: log in first', retryable: false, mayHaveReached: false });
    }
    const sentAt = now();
    let result: AuthenticationResult;
    try {
      const device = options.device?.get() ?? null;
      result = await options.http.request('POST', '/authentication', {
        schema: AuthenticationResult, json: credentials,
        ...(device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {}),
        onHeaders: (headers) => {
          const given = deviceCookieOf(headers);
          if (given && options.device) options.device.set(given);
        },
      });
    } catch (error) {
      // 400 here means wrong or missing credentials: only the user can fix that.
      if (error instanceof ApiError && error.status === 400) {
        throw new ApiError({ status: 400, code: 'login_refused', field: error.field, message: error.message, retryable: false, mayHaveReached: true });
      }
      throw error;
    }
    const { startTime, expires } = result.authentication.token;
    // The lifetime measured on the service's clock, applied to ours: immune to clock skew.
    const lifetime = parseTimestamp(expires) - parseTimestamp(startTime);
    token = { id: result.authentication.token.id, userId: userIdFromLink(result.links.user), expiresAt: sentAt + lifetime, lifetimeMs: lifetime };
    return token;
  }

  function login(): Promise<SessionToken> {
    pending ??= doLogin().finally(() => {
      pending = null;
    });
    return pending;
  }

  const margin = (t: SessionToken) => Math.min(options.renewMarginMs ?? 120_000, t.lifetimeMs / 10);

  return {
    async token() {
      if (pending) return pending;
      if (token && token.expiresAt - now() > margin(token)) return token;
      return login();
    },
    async renewAfterRefusal(refused) {
      if (pending) return pending;
      if (token && token.id !== refused) return token;
      return login();
    },
    login,
    current: () => token,
    clear: () => {
      token = null;
    },
  };
}
