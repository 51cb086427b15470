// Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"; issue 37, low 7):
// every successful login is given a cookie that names the device and the account, signed with
// the service's key. A later login that brings one for its account is the owner's device: it is
// judged on that device's own failures only, so someone at the same address (a shared NAT, any
// process on the machine for the sandbox) cannot keep the owner's right password waiting by
// guessing wrong. A device cookie that fails too often is shut out for the window and counts as
// none. The cookie says no username (it is signed with it) and holds no password.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEVICE_COOKIE } from '../../shared/api/auth.ts';

export interface DeviceCookies {
  /** A new cookie for a login that succeeded: the Set-Cookie header's value. */
  issue(username: string, now: number): string;
  /** The device the request's Cookie header names for this account; null for none, a forged or expired one, or another account's. */
  check(cookieHeader: string | undefined, username: string, now: number): string | null;
}

/** The signing key, kept in the data folder (owner-only) so that devices stay known across restarts. */
export function deviceCookieKey(dataDir: string): Buffer {
  const file = join(dataDir, 'device-cookie.key');
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length >= 32) return key;
  }
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}

export function deviceCookies(key: Buffer, lifetimeMs: number): DeviceCookies {
  const sign = (username: string, device: string, issued: number) =>
    createHmac('sha256', key).update(`${username.toLowerCase()}\n${device}\n${issued}`).digest('base64url');
  return {
    issue(username, now) {
      const device = randomBytes(16).toString('hex');
      const value = `${device}.${now}.${sign(username, device, now)}`;
      return `${DEVICE_COOKIE}=${value}; Path=/1.1/authentication; Max-Age=${Math.floor(lifetimeMs / 1000)}; HttpOnly; SameSite=Strict`;
    },
    check(cookieHeader, username, now) {
      const value = cookieValue(cookieHeader);
      const match = value === null ? null : /^([0-9a-f]{32})\.(\d{1,15})\.([\w-]{43})$/.exec(value);
      if (!match) return null;
      const [, device = '', issuedText = '', signature = ''] = match;
      const issued = Number(issuedText);
      if (!(now - issued < lifetimeMs) || issued > now + 60_000) return null;
      const expected = Buffer.from(sign(username, device, issued));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given) ? device : null;
    },
  };
}

/** The device cookie's value in a Cookie header (the first of that name). */
function cookieValue(header: string | undefined): string | null {
  if (!header || header.length > 8192) return null;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === DEVICE_COOKIE) return rest.join('=');
  }
  return null;
}
