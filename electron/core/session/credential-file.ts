// Where the shell keeps each account's password: never in the renderer, never in the accounts
// registry. Electron encrypts with safeStorage (electron/credential-safe-storage.ts); web mode and
// tests use THIS file-backed store, the web-mode stand-in for safeStorage: a JSON file in the data
// folder readable by the user only (0600). It is not encrypted; the folder's permissions are its
// protection, as for any local password file of a command-line tool.
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { ensurePrivateDir } from '../../../shared/sqlite/private-files.ts';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { CredentialStore, Credentials } from '../api/session.ts';

const Stored = z.record(z.string(), z.object({ username: z.string(), secret: z.string() }));

/** What the shell provides: one secret per account id; an encoder turns it into what is stored. */
export interface CredentialVault {
  get(accountId: string): Credentials | null;
  set(accountId: string, credentials: Credentials): void;
  remove(accountId: string): void;
  /** The api client's view of one account. */
  storeFor(accountId: string): CredentialStore;
}

export interface SecretCodec {
  encode(plain: string): string;
  decode(stored: string): string;
}

const plainCodec: SecretCodec = { encode: (s) => s, decode: (s) => s };

export function fileCredentialVault(file: string, codec: SecretCodec = plainCodec): CredentialVault {
  ensurePrivateDir(dirname(file));
  const read = (): z.infer<typeof Stored> => {
    if (!existsSync(file)) return {};
    const parsed = Stored.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : {};
  };
  const write = (data: z.infer<typeof Stored>) => {
    const temp = `${file}.${process.pid}.tmp`;
    // Created 0600 and renamed: the file is never readable by others, not even for a moment.
    writeFileSync(temp, JSON.stringify(data), { mode: 0o600 });
    chmodSync(temp, 0o600);
    renameSync(temp, file);
  };
  const vault: CredentialVault = {
    get(accountId) {
      const entry = read()[accountId];
      return entry ? { username: entry.username, password: codec.decode(entry.secret) } : null;
    },
    set(accountId, credentials) {
      write({ ...read(), [accountId]: { username: credentials.username, secret: codec.encode(credentials.password) } });
    },
    remove(accountId) {
      const data = read();
      delete data[accountId];
      write(data);
    },
    storeFor: (accountId) => ({ getCredentials: async () => vault.get(accountId) }),
  };
  return vault;
}
