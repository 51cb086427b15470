// Failed logins, limited per account and per client address (issue 9, finding 4): a password
// cannot be guessed faster than the limit, whichever accounts or addresses the guesses spread
// over. Only attempts that checked a password count (a request missing a field is refused before
// any check). Once a limit is reached, every login for that account or from that address is a 429
// with Retry-After until the window ends, the right password included: otherwise the limit would
// tell a guesser when they were right. A success clears the account's count, not the address's.
// An attempt counts as failed from the moment it starts (the password check is asynchronous, so
// parallel guesses would otherwise all pass the check before any of them failed) and is taken
// back when it succeeds. Kept in memory: a restart forgets the counts.
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

export interface LoginLimitSettings {
  /** Failed logins for one username per window. */
  perAccount: number;
  /** Failed logins from one client address per window (any usernames). */
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimitSettings = { perAccount: 10, perAddress: 100, windowMs: 15 * 60_000 };

/** Past this many tracked keys, windows that have ended are dropped (random usernames add keys). */
const PRUNE_AT = 50_000;

interface Window {
  start: number;
  failures: number;
}

export interface LoginLimiter {
  /** Throws a 429 when the account or the address has used its failures; else counts one. */
  attempt(request: FastifyRequest, username: string, now: number): void;
  /** The attempt was right: the account starts afresh and the address gets its failure back. */
  succeeded(request: FastifyRequest, username: string): void;
}

export function createLoginLimiter(settings: LoginLimitSettings | null): LoginLimiter {
  const windows = new Map<string, Window>();
  const accountKey = (username: string) => `a:${username.toLowerCase()}`;
  const addressKey = (request: FastifyRequest) => `ip:${request.ip}`;
  const current = (key: string, now: number): Window | undefined => {
    const window = windows.get(key);
    if (window && settings && now - window.start >= settings.windowMs) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };
  const prune = (now: number) => {
    if (!settings || windows.size < PRUNE_AT) return;
    for (const [key, window] of windows) if (now - window.start >= settings.windowMs) windows.delete(key);
  };
  return {
    attempt(request, username, now) {
      if (!settings) return;
      const limits: Array<[string, number]> = [
        [accountKey(username), settings.perAccount],
        [addressKey(request), settings.perAddress],
      ];
      for (const [key, max] of limits) {
        const window = current(key, now);
        if (window && window.failures >= max) {
          const seconds = Math.max(1, Math.ceil((window.start + settings.windowMs - now) / 1000));
          throw new ApiError(
            429,
            [{ field: null, code: 'rate_limited', messages: [`too many failed logins; try again in ${seconds} seconds`] }],
            { 'retry-after': String(seconds) },
          );
        }
      }
      prune(now);
      for (const key of [accountKey(username), addressKey(request)]) {
        const window = current(key, now) ?? { start: now, failures: 0 };
        window.failures += 1;
        windows.set(key, window);
      }
    },
    succeeded(request, username) {
      windows.delete(accountKey(username));
      const address = windows.get(addressKey(request));
      if (address && address.failures > 0) address.failures -= 1;
    },
  };
}
