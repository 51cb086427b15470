// Users and tokens: lookups, creation, authentication.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/open.ts';
import type { UserRole, UserType } from '../../shared/api/index.ts';
import { TOKEN_LIFETIME_SECONDS } from '../../shared/api/index.ts';
import { hashPassword, timingDummyHash, verifyPassword } from './passwords.ts';

export interface UserRow {
  id: number;
  username: string;
  password_hash: string;
  type: UserType;
  roles: string;
  description: string | null;
  email: string;
  full_name: string;
  mobile: string;
  telephone: string | null;
  street: string;
  town: string;
  zip: string;
  last_login: number | null;
  created: number;
  updated: number;
}

/** What request handlers know about the caller. */
export interface AuthUser {
  id: number;
  username: string;
  type: UserType;
  roles: UserRole[];
}

export interface NewUser {
  username: string;
  password: string;
  roles: UserRole[];
  type?: UserType;
  description?: string | null;
  email?: string;
  fullName?: string;
  mobile?: string;
  telephone?: string | null;
  street?: string;
  town?: string;
  zip?: string;
}

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{2,40}$/;

export function toAuthUser(row: Pick<UserRow, 'id' | 'username' | 'type' | 'roles'>): AuthUser {
  return { id: row.id, username: row.username, type: row.type, roles: JSON.parse(row.roles) as UserRole[] };
}

export async function createUser(db: Db, user: NewUser, now: number): Promise<number> {
  if (!USERNAME_PATTERN.test(user.username)) throw new Error(`invalid username: ${user.username}`);
  return insertUser(db, user, await hashPassword(user.password), now);
}

/** The synchronous half of createUser, for callers that hash first and insert inside their own
 * transaction (the demo seed writes every row in one). `user.password` is not read. */
export function insertUser(db: Db, user: Omit<NewUser, 'password'>, passwordHash: string, now: number): number {
  if (!USERNAME_PATTERN.test(user.username)) throw new Error(`invalid username: ${user.username}`);
  const type: UserType = user.type ?? (user.roles.includes('company') ? 'company' : 'private');
  const result = db
    .prepare(
      `INSERT INTO users (username, password_hash, type, roles, description, email, full_name, mobile,
         telephone, street, town, zip, created, updated)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      user.username,
      passwordHash,
      type,
      JSON.stringify(user.roles),
      user.description ?? null,
      user.email ?? `${user.username.toLowerCase()}@example.com`,
      user.fullName ?? user.username,
      user.mobile ?? '',
      user.telephone ?? null,
      user.street ?? '',
      user.town ?? '',
      user.zip ?? '',
      now,
      now,
    );
  return Number(result.lastInsertRowid);
}

export function findUserById(db: Db, id: number): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
}

export function findUserByName(db: Db, username: string): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE username = ?').get(username) as UserRow | undefined;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface IssuedToken {
  token: string;
  startTime: number;
  expires: number;
  user: UserRow;
}

/** Checks the password and issues a token; null when the username or password is wrong. */
export async function authenticate(db: Db, username: string, password: string, now: number): Promise<IssuedToken | null> {
  const user = findUserByName(db, username);
  if (!user) {
    await verifyPassword(await timingDummyHash(), password);
    return null;
  }
  if (!(await verifyPassword(user.password_hash, password))) return null;
  const token = randomBytes(16).toString('hex');
  const expires = now + TOKEN_LIFETIME_SECONDS * 1000;
  db.transaction(() => {
    db.prepare('DELETE FROM tokens WHERE expires <= ?').run(now);
    db.prepare('INSERT INTO tokens (token_hash, user_id, start_time, expires) VALUES (?, ?, ?, ?)').run(
      hashToken(token),
      user.id,
      now,
      expires,
    );
    db.prepare('UPDATE users SET last_login = ? WHERE id = ?').run(now, user.id);
  })();
  return { token, startTime: now, expires, user };
}

export interface TokenLookup {
  user: AuthUser;
  startTime: number;
  expires: number;
}

/** Revokes a token (logout): it stops working at once. Whether it was a live token. */
export function revokeToken(db: Db, token: string, now: number): boolean {
  return db.prepare('DELETE FROM tokens WHERE token_hash = ? AND expires > ?').run(hashToken(token), now).changes > 0;
}

/** The user a token belongs to, if the token is well-formed, known and not expired. */
export function userForToken(db: Db, token: string, now: number): TokenLookup | null {
  if (!/^[0-9a-f]{32}$/.test(token)) return null;
  const row = db
    .prepare(
      `SELECT u.id, u.username, u.type, u.roles, t.start_time, t.expires
         FROM tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = ? AND t.expires > ?`,
    )
    .get(hashToken(token), now) as
    | (Pick<UserRow, 'id' | 'username' | 'type' | 'roles'> & { start_time: number; expires: number })
    | undefined;
  return row ? { user: toAuthUser(row), startTime: row.start_time, expires: row.expires } : null;
}
