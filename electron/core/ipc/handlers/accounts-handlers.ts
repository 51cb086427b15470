// Accounts, signing in, preferences and the cached settings, and opening external links: the
// app registry's methods (accounts.ts) and the shell's.
import { checkSignIn } from '../../api/sign-in-check.ts';
import { settingsCache } from '../../cache/settings-cache.ts';
import { AccountError } from '../../errors/core-error.ts';
import { marketplaceOf, marketplaceRoot, type AccountEntry } from '../../session/accounts.ts';
import type { CoreSession } from '../../session/core-session.ts';
import { changedEmitter, type HandlerMap } from '../handler-types.ts';

type AccountsMethod = 'accounts.list' | 'accounts.add' | 'accounts.switch' | 'accounts.signIn'
  | 'settings.get' | 'settings.setPreferences' | 'shell.openExternal' | 'shell.notify';

/** Opens external links; the Electron shell passes shell.openExternal, web mode reports it. */
export type OpenExternal = (url: string) => Promise<void>;
/** Shows a desktop notification the renderer worded; web mode's page notifies by itself (none here). */
export type Notify = (notice: { title: string; body: string }) => void;

export function accountView(session: CoreSession, entry: AccountEntry) {
  return {
    id: entry.id, name: entry.name, baseUrl: marketplaceOf(entry), active: entry.id === session.account().id,
    username: entry.username ?? null, signedIn: Boolean(entry.username && session.credentials()?.get(entry.id)),
  };
}

export function accountsHandlers(session: CoreSession, openExternal: OpenExternal, notify: Notify = () => {}): HandlerMap<AccountsMethod> {
  const changed = changedEmitter(session);
  return {
    'accounts.list': () => session.registry.accounts().map((a) => accountView(session, a)),
    'accounts.add': ({ name, baseUrl }) => accountView(session, session.registry.add(name, baseUrl)),
    'accounts.switch'({ id }) {
      const entry = session.switchAccount(id);
      if (!entry) throw new AccountError('not-found', `account ${id} does not exist`, 'id', { reason: 'account-not-found' });
      const account = accountView(session, entry);
      session.emit('accounts.switched', account);
      changed(null, 'account');
      return account;
    },
    async 'accounts.signIn'({ id, username, password }) {
      const vault = session.credentials();
      if (!vault) throw new AccountError('state', 'this shell keeps no passwords', undefined, { reason: 'no-password-store' });
      const entry = session.registry.accounts().find((a) => a.id === id);
      if (!entry) throw new AccountError('not-found', `account ${id} does not exist`, 'id', { reason: 'account-not-found' });
      const marketplace = marketplaceOf(entry);
      if (marketplace === null) throw new AccountError('state', 'the local drafts are on no marketplace', 'id', { reason: 'no-marketplace' });
      // The marketplace checks the password before it is stored.
      const check = await checkSignIn(marketplaceRoot(marketplace), username, password);
      if (!check.taken) throw new AccountError('validation', `sign-in refused: ${check.reason}`, undefined, { reason: 'sign-in-refused' });
      vault.set(id, { username, password });
      const updated = session.registry.update(id, { username }) ?? entry;
      if (session.account().id === id) {
        // Reopened only between long writes (issue 41): one under way is not cut off.
        await session.writes().turn();
        session.reload();
        changed(null, 'account');
        void session.sync().syncNow();
      }
      return accountView(session, updated);
    },
    'settings.get'() {
      // The cache parses them (either stored shape): a copy that does not parse gives no rules, not an error.
      return { itemRules: settingsCache(session.db()).rules(), preferences: session.registry.preferences() };
    },
    'settings.setPreferences': (changes) => session.registry.setPreferences(changes),
    async 'shell.openExternal'({ url }) {
      await openExternal(url);
      return { ok: true as const };
    },
    'shell.notify'(notice) {
      notify(notice);
      return { ok: true as const };
    },
  };
}
