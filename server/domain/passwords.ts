// Passwords are stored as argon2id hashes (salted, deliberately slow).
import { hash, verify } from '@node-rs/argon2';

export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** A valid hash of an impossible password, verified against when the user does not exist so
 * that a wrong username takes as long as a wrong password. */
let dummyHash: Promise<string> | undefined;
export function timingDummyHash(): Promise<string> {
  dummyHash ??= hash('no user has this password, it only costs time');
  return dummyHash;
}
