// The shell's desktop notification for what a sync found new (questions, offers, sales): the
// renderer words it in the seller's language (renderer/src/navigation/news-words.ts) and asks for
// it through `shell.notify`; a click brings the window forward.
import { Notification } from 'electron';

export function showNotification(notice: { title: string; body: string }, onClick: () => void): void {
  if (!Notification.isSupported()) return;
  const notification = new Notification({ title: notice.title, body: notice.body });
  notification.on('click', onClick);
  notification.show();
}
