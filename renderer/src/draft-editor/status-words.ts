// An item's status and sync state in the seller's words (the editor's header, the Sales screen).
import type { DraftRow } from '../../../shared/ipc/contract.ts';

type SyncState = DraftRow['syncState'];
import { useT } from '../i18n/intl.ts';
import type { MessageId } from '../i18n/messages.ts';

const STATUS_WORDS = new Set(['draft', 'preview', 'published', 'waiting', 'closed']);

export function useStatusWords(): { status(status: string): string; sync(state: SyncState): string } {
  const t = useT();
  return {
    // A status the app does not know yet is shown as the service wrote it.
    status: (status) => (STATUS_WORDS.has(status) ? t(`editor.status.${status}` as MessageId) : status),
    sync: (state) => t(`editor.sync.${state}`),
  };
}
