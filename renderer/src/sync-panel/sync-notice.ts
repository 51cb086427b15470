// What the sync's status says (offline, not signed in, a failed run), as a message in the
// seller's language: its kind and the failure's code from the core, never its English text.
import type { SyncStatus } from '../../../shared/ipc/contract.ts';
import { describeRefusal } from '../i18n/describe-error.ts';
import { msg, type Msg } from '../i18n/messages.ts';

export function syncNoticeMessage(status: SyncStatus): Msg | null {
  const notice = status.notice;
  if (!notice) return status.message ? msg('sync.notice.failed', { reason: msg('errors.unknown') }) : null;
  switch (notice.kind) {
    case 'offline':
    case 'not-signed-in':
      return msg(`sync.notice.${notice.kind}`);
    case 'signed-out':
    case 'sign-in-failed':
    case 'failed':
      return msg(`sync.notice.${notice.kind}`, { reason: describeRefusal({ code: notice.code }) });
    case 'waiting':
      // Said where the shop's reading is shown (ShopReading), with until when: not twice.
      return null;
  }
}

/** A failed run or sign-in is an error to the seller; the rest is information. */
export const isSyncFailure = (status: SyncStatus): boolean => status.notice?.kind === 'failed' || status.notice?.kind === 'sign-in-failed' || status.notice?.kind === 'signed-out';
