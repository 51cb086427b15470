// An account's name as the screens show it: the app's own accounts (the local drafts, the
// embedded sandbox marketplace) are named in the language in use, whatever the registry stores;
// the seller's own accounts by the name the seller gave them.
import { SANDBOX_ACCOUNT_ID } from '../../../shared/sandbox-account.ts';
import type { useT } from '../i18n/intl.ts';

export function accountName(t: ReturnType<typeof useT>, account: { id: string; name: string; baseUrl: string | null; username: string | null }): string {
  if (account.baseUrl === null) return t('accounts.localName');
  if (account.id === SANDBOX_ACCOUNT_ID) return t('accounts.sandboxName', { user: account.username ?? '' });
  return account.name;
}
