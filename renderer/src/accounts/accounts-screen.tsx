// Settings: marketplace accounts (several kept, one active), adding one by base URL, signing in.
// The password goes to the core once and is never kept in this window. The local drafts are on
// no marketplace: no address, nothing to sign in to.
import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { useMessage, useT } from '../i18n/intl.ts';
import { accountName } from './account-name.ts';
import type { AccountsStore } from './accounts-store.ts';

export function AccountsScreen({ store }: { store: AccountsStore }) {
  const t = useT();
  const say = useMessage();
  const { accounts, error, notice } = useStore(store);
  // The app's own accounts (local drafts, the sandbox) are named in the language in use.
  const nameOf = (a: Parameters<typeof accountName>[1]) => accountName(t, a);
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [signing, setSigning] = useState<{ id: string; username: string; password: string } | null>(null);
  useEffect(() => {
    void store.getState().load();
  }, [store]);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const added = await store.getState().add(name.trim(), baseUrl.trim());
    if (added) {
      setName('');
      setBaseUrl('');
      setSigning({ id: added.id, username: '', password: '' });
    }
  };
  const signingAccount = signing ? accounts.find((a) => a.id === signing.id) : undefined;
  const signIn = async (e: FormEvent) => {
    e.preventDefault();
    if (!signing) return;
    const ok = await store.getState().signIn(signing.id, signing.username.trim(), signing.password);
    // The password leaves this window's memory either way.
    setSigning(ok ? null : { ...signing, password: '' });
  };

  return (
    <section className="screen" aria-labelledby="accounts-title">
      <header className="screen-head"><h2 id="accounts-title">{t('accounts.title')}</h2></header>
      {notice && <p className="notice info" role="status">{say(notice)}</p>}
      {error && <p className="notice error" role="alert">{say(error)}</p>}
      <table className="table">
        <thead><tr><th>{t('accounts.column.account')}</th><th>{t('accounts.column.marketplace')}</th><th>{t('accounts.column.user')}</th><th /></tr></thead>
        <tbody>
          {accounts.map((a) => (
            <tr key={a.id} className={a.active ? 'active-row' : ''}>
              <td>{nameOf(a)}{a.active && <span className="badge ok">{t('accounts.active')}</span>}</td>
              <td>{a.baseUrl === null ? <span className="muted">{t('accounts.localOnly')}</span> : <code>{a.baseUrl}</code>}</td>
              <td>{a.username ?? t('common.none')}{a.username && !a.signedIn && <span className="badge warn">{t('accounts.passwordNeeded')}</span>}</td>
              <td className="actions">
                {!a.active && <button type="button" onClick={() => void store.getState().switchTo(a.id)}>{t('accounts.use')}</button>}
                {a.baseUrl !== null && <button type="button" onClick={() => setSigning({ id: a.id, username: a.username ?? '', password: '' })}>{t('accounts.signIn')}</button>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {signing && (
        <form className="form-row" onSubmit={(e) => void signIn(e)} aria-label={t('accounts.signIn.form')}>
          <strong>{t('accounts.signIn.to', { name: signingAccount ? nameOf(signingAccount) : '' })}</strong>
          <input aria-label={t('accounts.username')} placeholder={t('accounts.username')} autoComplete="username" value={signing.username} onChange={(e) => setSigning({ ...signing, username: e.target.value })} required />
          <input aria-label={t('accounts.password')} placeholder={t('accounts.password')} type="password" autoComplete="current-password" value={signing.password} onChange={(e) => setSigning({ ...signing, password: e.target.value })} required />
          <button type="submit" className="primary">{t('accounts.signIn.submit')}</button>
          <button type="button" onClick={() => setSigning(null)}>{t('common.cancel')}</button>
        </form>
      )}
      <h3>{t('accounts.add.title')}</h3>
      <form className="form-row" onSubmit={(e) => void add(e)} aria-label={t('accounts.add.title')}>
        <input aria-label={t('accounts.name')} placeholder={t('accounts.name')} value={name} onChange={(e) => setName(e.target.value)} required />
        <input aria-label={t('accounts.baseUrl')} placeholder="https://market.example.com" type="url" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} required />
        <button type="submit">{t('accounts.add')}</button>
      </form>
    </section>
  );
}
