// Electron's password store: the vault's file with each secret encrypted by safeStorage (the OS
// keychain: Keychain, DPAPI, libsecret/kwallet). Thin on purpose: the file handling is the core's.
import { safeStorage } from 'electron';
import { join } from 'node:path';
import { fileCredentialVault, type CredentialVault } from './core/session/credential-file.ts';

export function safeStorageVault(dataRoot: string): CredentialVault {
  if (!safeStorage.isEncryptionAvailable()) throw new Error('no OS keychain: safeStorage cannot encrypt passwords here');
  return fileCredentialVault(join(dataRoot, 'credentials.enc.json'), {
    encode: (plain) => safeStorage.encryptString(plain).toString('base64'),
    decode: (stored) => safeStorage.decryptString(Buffer.from(stored, 'base64')),
  });
}
