// The sync queue in the seller's words (the status bar; DOM-free, tested under Node).
import type { SyncStatus } from '../../../shared/ipc/contract.ts';
import { INTL_LOCALE, type AppLocale } from '../../../shared/format/app-locale.ts';
import { msg, type Msg } from '../i18n/messages.ts';
import { translate } from '../i18n/translate.ts';

/** The queue in plain words: what the sync will send, what stays here until published, what needs the seller. */
export function queueMessages(status: SyncStatus): Msg[] {
  const parts = [status.toSend === 0 ? msg('sync.queue.nothing') : msg('sync.queue.toSend', { count: status.toSend })];
  if (status.keptLocal > 0) parts.push(msg('sync.queue.keptLocal', { count: status.keptLocal }));
  if (status.parked > 0) parts.push(msg('sync.queue.parked', { count: status.parked }));
  return parts;
}

/** The same as one line, its parts listed as the language lists them. */
export function queueWords(status: SyncStatus, locale: AppLocale): string {
  return new Intl.ListFormat(INTL_LOCALE[locale], { type: 'unit', style: 'short' }).format(queueMessages(status).map((m) => translate(m, locale)));
}
