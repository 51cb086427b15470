// What every route and domain function is handed: the database, the clock, the time zone and
// the service's settings. Built once by app.ts; tests build their own with a temporary folder.
import type { Db } from './db/open.ts';
import type { Clock, TimeZone } from './domain/time.ts';
import { DEFAULT_LOGIN_LIMITS, type LoginLimitSettings } from './http/login-limits.ts';

export interface ServiceConfig {
  /** Folder holding market.sqlite and images/. */
  dataDir: string;
  /** IANA zone for timestamps (default Europe/Helsinki). */
  timeZone: string;
  /** Absolute base URL for links, e.g. http://127.0.0.1:8787; null: taken from the request's Host. */
  publicUrl: string | null;
  /** Requests per minute per valid token (per address without one); null turns rate limiting off. */
  rateLimitPerMinute: number | null;
  /** Failed logins per account and per address in a window; null turns the limit off. */
  loginLimits: LoginLimitSettings | null;
  /**
   * Reverse proxies to believe (`--trust-proxy`): addresses or CIDR ranges, comma-separated, or
   * `loopback`. A request from one of them is taken to come from the address its
   * X-Forwarded-For names, for the rate and login limits; null: every request is its peer's.
   */
  trustProxy: string | null;
  /** Background jobs (closing, publishing waiting items, expiring offers); tests may drive them by hand. */
  schedulerIntervalMs: number | null;
  /**
   * The sync extension (item summaries' `updated`, `changedSince` on the sales list, the seller
   * activity feed). On by default; off only to test clients against a service without it.
   */
  syncExtension: boolean;
}

export interface Service {
  readonly db: Db;
  readonly clock: Clock;
  readonly tz: TimeZone;
  readonly config: ServiceConfig;
  readonly imagesDir: string;
}

export const DEFAULT_CONFIG: Omit<ServiceConfig, 'dataDir'> = {
  timeZone: 'Europe/Helsinki',
  publicUrl: null,
  rateLimitPerMinute: 3000,
  loginLimits: DEFAULT_LOGIN_LIMITS,
  trustProxy: null,
  schedulerIntervalMs: 1000,
  syncExtension: true,
};
