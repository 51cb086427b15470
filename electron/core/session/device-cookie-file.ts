// An account's device cookie (api/session.ts DeviceCookieStore), kept in its folder between
// starts: owner-only, written whole through a temporary name. It lets the seller's own logins past
// the waits that wrong guesses from the same address cause (the service's device cookies); it is
// no password, and a lost one only makes the next login an unknown device's.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeviceCookieStore } from '../api/session.ts';

const FILE = 'device-cookie';
/** A cookie's value as the service writes it, and no longer. */
const VALUE = /^[\w.-]{1,200}$/;

export function deviceCookieFile(folder: string): DeviceCookieStore {
  const file = join(folder, FILE);
  return {
    get() {
      try {
        const value = readFileSync(file, 'utf8').trim();
        return VALUE.test(value) ? value : null;
      } catch {
        return null;
      }
    },
    set(value) {
      if (!VALUE.test(value)) return;
      try {
        writeFileSync(`${file}.tmp`, value, { mode: 0o600 });
        renameSync(`${file}.tmp`, file);
      } catch {
        // Not kept (a full disk): the next login is an unknown device's, nothing worse.
      }
    },
  };
}
