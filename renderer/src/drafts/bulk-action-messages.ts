// What the seller reads after the undo of a bulk action, as a message (put into words when shown).
import type { IpcOutput } from '../../../shared/ipc/contract.ts';
import { msg, type Msg } from '../i18n/messages.ts';

/** What came back, and plainly what had already gone live and stays (or was in flight). */
export function undoneMessage(result: IpcOutput<'drafts.undo'>): Msg {
  const live = result.skipped.filter((s) => s.code === 'live').length;
  return msg('bulkActions.undone', { restored: result.restored, live, busy: result.skipped.length - live });
}
