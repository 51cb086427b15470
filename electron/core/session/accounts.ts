// The app's own data root: a registry of accounts (each with its cache folder) and the user's
// preferences, kept in one JSON file written atomically. Tokens are NOT stored here: the shell
// keeps them (Electron safeStorage), never the renderer.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { ensurePrivateDir } from '../../../shared/sqlite/private-files.ts';
import { join } from 'node:path';
import { z } from 'zod';

// username: the marketplace account signed in with (its password is in the shell's vault).
const AccountEntry = z.object({ id: z.string(), name: z.string(), baseUrl: z.string(), username: z.string().optional() });
const AppFile = z.object({
  accounts: z.array(AccountEntry),
  activeId: z.string().nullable(),
  preferences: z.object({ theme: z.enum(['system', 'light', 'dark']), pageSize: z.number().int() }),
});
type AppFile = z.infer<typeof AppFile>;
export type AccountEntry = z.infer<typeof AccountEntry>;

/**
 * The account a fresh data root starts with: works offline against the local cache, on no
 * marketplace (its baseUrl is empty; data roots from before hold a made-up URL, never shown).
 */
export const DEFAULT_ACCOUNT: AccountEntry = { id: 'local', name: 'Local drafts', baseUrl: '' };

/** The marketplace of an account, or null for the local drafts, which are on none. */
export function marketplaceOf(entry: AccountEntry): string | null {
  return entry.id === DEFAULT_ACCOUNT.id || entry.baseUrl === '' ? null : entry.baseUrl;
}
const DEFAULTS: AppFile = { accounts: [DEFAULT_ACCOUNT], activeId: DEFAULT_ACCOUNT.id, preferences: { theme: 'system', pageSize: 200 } };

/** The marketplace's root URL the API client wants (it adds /1.1): accepts either form. */
export { marketplaceRoot } from '../api/marketplace-root.ts';

export function appRegistry(root: string) {
  const file = join(root, 'market-desk.json');
  // The app's data folder holds every account's cache: owner-only (issue 9, finding 7).
  ensurePrivateDir(root);
  let state: AppFile = DEFAULTS;
  if (existsSync(file)) {
    const parsed = AppFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    // A damaged registry must not lose the caches: they stay in their folders and the defaults
    // point at the first one again.
    if (parsed.success) state = parsed.data;
  }
  function save(next: AppFile): void {
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(next, null, 2), { mode: 0o600 });
    renameSync(temp, file);
    state = next;
  }
  function upsert(entry: AccountEntry): AccountEntry {
    const exists = state.accounts.some((a) => a.id === entry.id);
    save({ ...state, accounts: exists ? state.accounts.map((a) => (a.id === entry.id ? entry : a)) : [...state.accounts, entry] });
    return entry;
  }
  const fresh = !existsSync(file);
  if (fresh) save(state);

  return {
    accounts: () => state.accounts,
    active(): AccountEntry {
      return state.accounts.find((a) => a.id === state.activeId) ?? state.accounts[0] ?? DEFAULT_ACCOUNT;
    },
    folderOf: (id: string) => join(root, 'accounts', id),
    add(name: string, baseUrl: string, username?: string): AccountEntry {
      const base = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'account';
      let id = base;
      for (let n = 2; state.accounts.some((a) => a.id === id); n++) id = `${base}-${n}`;
      const entry: AccountEntry = { id, name, baseUrl, ...(username ? { username } : {}) };
      save({ ...state, accounts: [...state.accounts, entry] });
      return entry;
    },
    /** Adds the account with this id or updates it in place (the sandbox's port changes per launch). */
    upsert,
    update(id: string, changes: Partial<Omit<AccountEntry, 'id'>>): AccountEntry | undefined {
      const current = state.accounts.find((a) => a.id === id);
      return current ? upsert({ ...current, ...changes }) : undefined;
    },
    /** true while the registry file did not exist before this launch. */
    fresh,
    setActive(id: string): AccountEntry | undefined {
      const entry = state.accounts.find((a) => a.id === id);
      if (entry) save({ ...state, activeId: id });
      return entry;
    },
    preferences: () => state.preferences,
    setPreferences(changes: Partial<AppFile['preferences']>): AppFile['preferences'] {
      save({ ...state, preferences: { ...state.preferences, ...changes } });
      return state.preferences;
    },
  };
}
export type AppRegistry = ReturnType<typeof appRegistry>;
