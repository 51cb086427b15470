// Settings: marketplace accounts (several kept, one active), adding one by base URL, signing in.
// The password goes to the core once and is never kept in this window.
import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import type { AccountsStore } from './accounts-store.ts';

export function AccountsScreen({ store }: { store: AccountsStore }) {
  const { accounts, error, notice } = useStore(store);
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
  const signIn = async (e: FormEvent) => {
    e.preventDefault();
    if (!signing) return;
    const ok = await store.getState().signIn(signing.id, signing.username.trim(), signing.password);
    // The password leaves this window's memory either way.
    setSigning(ok ? null : { ...signing, password: '' });
  };

  return (
    <section className="screen" aria-labelledby="accounts-title">
      <header className="screen-head"><h2 id="accounts-title">Accounts</h2></header>
      {notice && <p className="notice info" role="status">{notice}</p>}
      {error && <p className="notice error" role="alert">{error}</p>}
      <table className="table">
        <thead><tr><th>Account</th><th>Marketplace</th><th>User</th><th /></tr></thead>
        <tbody>
          {accounts.map((a) => (
            <tr key={a.id} className={a.active ? 'active-row' : ''}>
              <td>{a.name}{a.active && <span className="badge ok">active</span>}</td>
              <td><code>{a.baseUrl}</code></td>
              <td>{a.username ?? '—'}{a.username && !a.signedIn && <span className="badge warn">password needed</span>}</td>
              <td className="actions">
                {!a.active && <button type="button" onClick={() => void store.getState().switchTo(a.id)}>Use</button>}
                <button type="button" onClick={() => setSigning({ id: a.id, username: a.username ?? '', password: '' })}>Sign in…</button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {signing && (
        <form className="form-row" onSubmit={(e) => void signIn(e)} aria-label="Sign in">
          <strong>Sign in to {accounts.find((a) => a.id === signing.id)?.name}</strong>
          <input aria-label="Username" placeholder="Username" autoComplete="username" value={signing.username} onChange={(e) => setSigning({ ...signing, username: e.target.value })} required />
          <input aria-label="Password" placeholder="Password" type="password" autoComplete="current-password" value={signing.password} onChange={(e) => setSigning({ ...signing, password: e.target.value })} required />
          <button type="submit" className="primary">Sign in</button>
          <button type="button" onClick={() => setSigning(null)}>Cancel</button>
        </form>
      )}
      <h3>Add a marketplace</h3>
      <form className="form-row" onSubmit={(e) => void add(e)} aria-label="Add a marketplace">
        <input aria-label="Name" placeholder="Name" value={name} onChange={(e) => setName(e.target.value)} required />
        <input aria-label="Base URL" placeholder="https://market.example.com" type="url" value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} required />
        <button type="submit">Add</button>
      </form>
    </section>
  );
}
