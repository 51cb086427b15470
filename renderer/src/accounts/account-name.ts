// An account's name as the screens show it: the app's own accounts (the local drafts, the
// embedded sandbox marketplace) are named in the language in use, whatever the registry stores;
// the seller's own accounts by the name the seller gave them.
import { SANDBOX_ACCOUNT_ID, sandboxAccountName } from '../../../shared/sandbox-account.ts';
import { msg, type MessageId, type MessageValues, type Msg } from '../i18n/messages.ts';

/** useT()'s function (its type written here: this module is also a DOM-free store's). */
type Translate = (id: MessageId, values?: MessageValues) => string;

type NamedAccount = { id: string; name: string; baseUrl: string | null; username: string | null };

/** The name as a message in the language in use, or the seller's own name as it is. */
export function accountNameMsg(account: NamedAccount): Msg | string {
  if (account.baseUrl === null) return msg('accounts.localName');
  // The sandbox, and a copy of it imported from another computer (another id, the same stored name).
  if (account.id === SANDBOX_ACCOUNT_ID || (account.username !== null && account.name === sandboxAccountName(account.username))) {
    return msg('accounts.sandboxName', { user: account.username ?? '' });
  }
  return account.name;
}

export function accountName(t: Translate, account: NamedAccount): string {
  const name = accountNameMsg(account);
  return typeof name === 'string' ? name : t(name.id, name.values);
}
