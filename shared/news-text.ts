// The words of a "new on the marketplace" notification, the same in the desktop shell (Electron's
// Notification) and in web mode (the browser's Notifications API). Pure: no DOM, no Node.
import type { SyncNews } from './ipc.ts';

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

export function newsNotification(news: SyncNews): { title: string; body: string } | null {
  const total = news.questions + news.offers + news.sales;
  if (total === 0) return null;
  const first = news.entries[0];
  if (total === 1 && first) {
    const on = first.title ? ` on “${first.title}”` : '';
    const title = first.kind === 'question' ? `New question${on}` : first.kind === 'offer' ? `New offer${on}` : `Sold${on}`;
    return { title, body: first.text };
  }
  const parts = [
    news.questions ? count(news.questions, 'new question', 'new questions') : null,
    news.offers ? count(news.offers, 'new offer', 'new offers') : null,
    news.sales ? count(news.sales, 'sale', 'sales') : null,
  ].filter((p): p is string => p !== null);
  return { title: 'New on the marketplace', body: parts.join(', ') };
}
