// What the seller reads after a bulk action or its undo, as messages (put into words when shown).
import type { IpcOutput } from '../../../shared/ipc.ts';
import { msg, type Msg } from '../i18n/messages.ts';

/** Undo of a bulk action: what came back, and plainly what had already gone live and stays. */
export function undoneMessages(result: IpcOutput<'drafts.undo'>): Msg[] {
  const live = result.skipped.filter((s) => s.code === 'live').length;
  const busy = result.skipped.length - live;
  return [
    msg('bulkActions.undone', { restored: result.restored }),
    ...(live > 0 ? [msg('bulkActions.undone.live', { live })] : []),
    ...(busy > 0 ? [msg('bulkActions.undone.busy', { busy })] : []),
  ];
}
