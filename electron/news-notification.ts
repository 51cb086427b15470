// The shell's desktop notification for what a sync found new (questions, offers, sales): the
// renderer words it in the seller's language (renderer/src/navigation/news-words.ts) and asks for
// it through `shell.notify`; a click brings the window forward.
// Plain text only (notification-text.ts): libnotify reads markup in a body, and the words carry
// a buyer's question or an item's title.
import { Notification } from 'electron';
import { plainNotice } from './notification-text.ts';

export function showNotification(notice: { title: string; body: string }, onClick: () => void): void {
  if (!Notification.isSupported()) return;
  const plain = plainNotice(notice);
  const notification = new Notification({ title: plain.title, body: plain.body });
  notification.on('click', onClick);
  notification.show();
}
