// Notifications of what a sync found new, worded in the seller's language when they arrive.
// Web mode: the browser's Notifications API, whose permission is asked for once (the answer,
// and that it was asked, are remembered by the browser and in localStorage). The desktop shell:
// shell.notify, shown by Electron's Notification (electron/news-notification.ts).
import type { SyncNews } from '../../../shared/ipc/contract.ts';
import { call, type Bridge } from '../bridge/bridge-types.ts';
import { localeStore } from '../i18n/locale-store.ts';
import { msg } from '../i18n/messages.ts';
import { translate } from '../i18n/translate.ts';
import { newsText, newsWords } from './news-words.ts';

const ASKED = 'market-desk.notifications-asked';

export function notifyOfNews(bridge: Bridge, mode: 'web' | 'electron'): () => void {
  return bridge.on('sync.news', (news: SyncNews) => {
    const words = newsWords(news);
    if (!words) return;
    const { locale } = localeStore.getState();
    const text = newsText(words, (m) => translate(m, locale), locale);
    if (mode === 'electron') void call(bridge, 'shell.notify', text).catch(() => undefined);
    else void show(text);
  });
}

async function show(text: { title: string; body: string }): Promise<void> {
  if (typeof Notification === 'undefined') return;
  if (Notification.permission === 'default' && localStorage.getItem(ASKED) === null) {
    localStorage.setItem(ASKED, new Date().toISOString());
    await Notification.requestPermission();
  }
  if (Notification.permission === 'granted') new Notification(text.title, { body: text.body });
}

/** The rules' decisions, notified as they are made (each is also in the Rules screen's log). */
export function notifyOfRules(bridge: Bridge, mode: 'web' | 'electron'): () => void {
  return bridge.on('rules.activity', (activity) => {
    const decided = activity.entries.filter((e) => e.action === 'accept' || e.action === 'refuse' || e.action === 'relist');
    if (decided.length === 0) return;
    const { locale } = localeStore.getState();
    const say = (id: Parameters<typeof msg>[0], values: Parameters<typeof msg>[1]) => translate(msg(id, values), locale);
    const text = {
      title: say('rules.notify.title', { count: decided.length }),
      body: decided.slice(0, 5).map((e) => `${say('rules.action', { action: e.action })}: ${e.title ?? e.itemRemoteId ?? ''}`).join('\n'),
    };
    if (mode === 'electron') void call(bridge, 'shell.notify', text).catch(() => undefined);
    else void show(text);
  });
}
