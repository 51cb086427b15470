// Failed logins (issue 9, finding 4; issue 20, low 1): slow guessing down without handing anyone a
// way to lock the owner out.
//
// - Per account and address pair, a growing delay: the first `freeFailures` failures cost nothing;
//   after that each failure makes the pair wait before its next attempt, twice as long as the one
//   before (1 s, 2 s, 4 s ...), never longer than `maxDelayMs`. An attempt that comes early is a
//   429 with Retry-After and checks no password (so a right guess inside the delay tells nothing),
//   and it does not count as a failure, so nobody can make the delay grow faster than it runs out.
//   A success clears the pair.
// - Per account and per address, a window limit far above the pair's (default 1000 and 100 failed
//   logins in 15 minutes): past it, logins are refused for the rest of the window, except for an
//   account from an address it signed in from successfully before (kept for `knownForMs`). So ten,
//   or a million, wrong passwords from elsewhere never lock the owner out of their own computer,
//   and 100 failures from one address lock no account that signs in from there.
// - A login that brings the device cookie a successful login of the same account was given
//   (device-cookies.ts; issue 37, low 7) is judged by that device's own failures only (10 in a
//   window): neither the pair's delay nor a window limit refuses it, so someone at the same address
//   guessing wrong never keeps the owner's right password waiting. A device cookie past its
//   failures counts as none for the rest of the window.
// - Tokens already issued are never touched: a limit only refuses new logins.
// An attempt counts as failed from the moment it starts (the password check is asynchronous, so
// parallel guesses would otherwise all pass the check before any of them failed) and is taken
// back when it succeeds. Kept in memory: a restart forgets the counts.
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

export interface LoginLimitSettings {
  /** Failed logins for one username per window, from addresses it never signed in from. */
  perAccount: number;
  /** Failed logins from one client address per window (any usernames it never signed in as from there). */
  perAddress: number;
  windowMs: number;
  /** Failures of one account and address pair before the delay starts. */
  freeFailures?: number;
  /** The longest delay between two attempts of one pair. */
  maxDelayMs?: number;
  /** How long an address that signed in to an account stays exempt from the window limits (and how long a device cookie is good). */
  knownForMs?: number;
  /** Failed logins one device cookie may make in a window before it counts as none. */
  deviceFailures?: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimitSettings = { perAccount: 1000, perAddress: 100, windowMs: 15 * 60_000 };
const DEFAULT_FREE_FAILURES = 5;
const DEFAULT_MAX_DELAY_MS = 5 * 60_000;
export const DEFAULT_KNOWN_FOR_MS = 30 * 24 * 3_600_000;
const DEFAULT_DEVICE_FAILURES = 10;

/** Past this many tracked keys, entries that have ended are dropped (random usernames add keys). */
const PRUNE_AT = 50_000;

interface Window {
  start: number;
  failures: number;
}

interface Pair {
  failures: number;
  /** No attempt of the pair before this time. */
  notBefore: number;
  last: number;
}

export interface LoginLimiter {
  /**
   * Throws a 429 when the pair must wait or a window limit applies; else counts one failure.
   * `device`: the device the request's valid device cookie names for this account (or null).
   */
  attempt(request: FastifyRequest, username: string, now: number, device: string | null): void;
  /** The attempt was right: the pair starts afresh, the address becomes known for the account, and the windows (the device's too) get their failure back. */
  succeeded(request: FastifyRequest, username: string, now: number, device: string | null): void;
}

const limited = (seconds: number, message: string) =>
  new ApiError(429, [{ field: null, code: 'rate_limited', messages: [`${message}; try again in ${seconds} seconds`] }], { 'retry-after': String(seconds) });

export function createLoginLimiter(settings: LoginLimitSettings | null): LoginLimiter {
  const windows = new Map<string, Window>();
  const pairs = new Map<string, Pair>();
  const known = new Map<string, number>();
  const free = settings?.freeFailures ?? DEFAULT_FREE_FAILURES;
  const maxDelay = settings?.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
  const knownFor = settings?.knownForMs ?? DEFAULT_KNOWN_FOR_MS;
  const deviceMax = settings?.deviceFailures ?? DEFAULT_DEVICE_FAILURES;
  const deviceKey = (device: string) => `d:${device}`;
  const account = (username: string) => username.toLowerCase();
  const accountKey = (username: string) => `a:${account(username)}`;
  const addressKey = (request: FastifyRequest) => `ip:${request.ip}`;
  const pairKey = (request: FastifyRequest, username: string) => `${request.ip} ${account(username)}`;
  const current = (key: string, now: number): Window | undefined => {
    const window = windows.get(key);
    if (window && settings && now - window.start >= settings.windowMs) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };
  const isKnown = (request: FastifyRequest, username: string, now: number) => {
    const since = known.get(pairKey(request, username));
    return since !== undefined && now - since < knownFor;
  };
  const prune = (now: number) => {
    if (!settings || windows.size + pairs.size + known.size < PRUNE_AT) return;
    for (const [key, window] of windows) if (now - window.start >= settings.windowMs) windows.delete(key);
    for (const [key, pair] of pairs) if (now - pair.last >= Math.max(maxDelay, settings.windowMs)) pairs.delete(key);
    for (const [key, since] of known) if (now - since >= knownFor) known.delete(key);
  };
  return {
    attempt(request, username, now, device) {
      if (!settings) return;
      if (device !== null) {
        const window = current(deviceKey(device), now) ?? { start: now, failures: 0 };
        if (window.failures < deviceMax) {
          // The owner's device: its own failures only (counted now, taken back on success).
          window.failures += 1;
          windows.set(deviceKey(device), window);
          prune(now);
          return;
        }
        // Past its failures: it counts as none, and the rest applies.
      }
      const pair = pairs.get(pairKey(request, username));
      if (pair && now < pair.notBefore) {
        throw limited(Math.max(1, Math.ceil((pair.notBefore - now) / 1000)), 'too many failed logins for this account from this address');
      }
      if (!isKnown(request, username, now)) {
        const limits: Array<[string, number]> = [
          [accountKey(username), settings.perAccount],
          [addressKey(request), settings.perAddress],
        ];
        for (const [key, max] of limits) {
          const window = current(key, now);
          if (window && window.failures >= max) {
            throw limited(Math.max(1, Math.ceil((window.start + settings.windowMs - now) / 1000)), 'too many failed logins');
          }
        }
      }
      prune(now);
      for (const key of [accountKey(username), addressKey(request)]) {
        const window = current(key, now) ?? { start: now, failures: 0 };
        window.failures += 1;
        windows.set(key, window);
      }
      const next = pair ?? { failures: 0, notBefore: 0, last: now };
      next.failures += 1;
      next.last = now;
      // Counted now, so parallel guesses of one pair wait too; a success clears it.
      const over = next.failures - free;
      next.notBefore = over > 0 ? now + Math.min(maxDelay, 1000 * 2 ** (over - 1)) : 0;
      pairs.set(pairKey(request, username), next);
    },
    succeeded(request, username, now, device) {
      if (device !== null) {
        // The device's own count starts afresh; the pair's, which the device never added to, is
        // someone else's at this address and stays (a success of the owner's device gives no one
        // free guesses).
        windows.delete(deviceKey(device));
        known.set(pairKey(request, username), now);
        return;
      }
      pairs.delete(pairKey(request, username));
      known.set(pairKey(request, username), now);
      for (const key of [accountKey(username), addressKey(request)]) {
        const window = windows.get(key);
        if (window && window.failures > 0) window.failures -= 1;
      }
    },
  };
}
