// The sync queue in the seller's words (the status bar; DOM-free, tested under Node).
import type { SyncStatus } from '../../../shared/ipc.ts';

/** The queue in plain words: what the sync will send, what stays here until published, what needs the seller. */
export function queueWords(status: SyncStatus): string {
  const parts = [status.toSend === 0 ? 'Nothing waiting to be sent' : `${status.toSend.toLocaleString()} change${status.toSend === 1 ? '' : 's'} waiting to be sent`];
  if (status.keptLocal > 0) parts.push(`${status.keptLocal.toLocaleString()} local draft${status.keptLocal === 1 ? '' : 's'} kept here until published`);
  if (status.parked > 0) parts.push(`${status.parked.toLocaleString()} need${status.parked === 1 ? 's' : ''} attention`);
  return parts.join(', ');
}
