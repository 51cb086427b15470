// The shell's desktop notification for what a sync found new (questions, offers, sales): the
// words come from shared/news-text.ts (the same as web mode's); a click brings the window forward.
import { Notification } from 'electron';
import type { SyncNews } from '../shared/ipc.ts';
import { newsNotification } from '../shared/news-text.ts';

export function showNewsNotification(news: SyncNews, onClick: () => void): void {
  const text = newsNotification(news);
  if (!text || !Notification.isSupported()) return;
  const notification = new Notification({ title: text.title, body: text.body });
  notification.on('click', onClick);
  notification.show();
}
