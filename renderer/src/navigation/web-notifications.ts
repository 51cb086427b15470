// Web mode's notifications for what a sync found new: the browser's Notifications API, whose
// permission is asked for once (the answer, and that it was asked, are remembered by the
// browser and in localStorage). The desktop shell notifies by itself (electron/news-notification.ts).
import type { SyncNews } from '../../../shared/ipc.ts';
import { newsNotification } from '../../../shared/news-text.ts';
import type { Bridge } from '../bridge/bridge-types.ts';

const ASKED = 'market-desk.notifications-asked';

export function notifyInBrowser(bridge: Bridge): () => void {
  return bridge.on('sync.news', (news: SyncNews) => void show(news));
}

async function show(news: SyncNews): Promise<void> {
  if (typeof Notification === 'undefined') return;
  const text = newsNotification(news);
  if (!text) return;
  if (Notification.permission === 'default' && localStorage.getItem(ASKED) === null) {
    localStorage.setItem(ASKED, new Date().toISOString());
    await Notification.requestPermission();
  }
  if (Notification.permission === 'granted') new Notification(text.title, { body: text.body });
}
