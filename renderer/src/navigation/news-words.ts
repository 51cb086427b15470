// The words of a "new on the marketplace" notification, in the seller's language: the same in
// the desktop shell (asked for through shell.notify) and in web mode (the browser's
// Notifications API). DOM-free: tested under Node.
import { INTL_LOCALE, type AppLocale } from '../../../shared/format/app-locale.ts';
import type { SyncNews } from '../../../shared/ipc/contract.ts';
import { msg, type Msg } from '../i18n/messages.ts';

export interface NewsWords {
  title: Msg;
  /** Parts listed as the language lists them: a question's own text as the buyer wrote it, or messages. */
  body: Array<Msg | string>;
}

export function newsWords(news: SyncNews): NewsWords | null {
  const total = news.questions + news.offers + news.sales + (news.bids ?? 0);
  if (total === 0) return null;
  const first = news.entries[0];
  if (total === 1 && first) {
    const title = first.title;
    switch (first.kind) {
      case 'question':
        return { title: title ? msg('notify.question', { title }) : msg('notify.question.untitled'), body: [first.text] };
      case 'offer':
        return { title: title ? msg('notify.offer', { title }) : msg('notify.offer.untitled'), body: [msg('notify.offer.body', { author: first.author ?? '', amount: first.amount ?? 0 })] };
      case 'sale':
        return { title: title ? msg('notify.sale', { title }) : msg('notify.sale.untitled'), body: [msg('notify.sale.body', { amount: first.amount ?? 0 })] };
      case 'bid':
        return { title: title ? msg('notify.bid', { title }) : msg('notify.bid.untitled'), body: [msg('notify.bid.body', { author: first.author ?? '', amount: first.amount ?? 0 })] };
    }
  }
  const body = [
    news.questions ? msg('notify.many.questions', { count: news.questions }) : null,
    news.offers ? msg('notify.many.offers', { count: news.offers }) : null,
    news.sales ? msg('notify.many.sales', { count: news.sales }) : null,
    news.bids ? msg('notify.many.bids', { count: news.bids }) : null,
  ].filter((part): part is Msg => part !== null);
  return { title: msg('notify.many.title'), body };
}

/** The notification in words of one language. */
export function newsText(words: NewsWords, say: (message: Msg) => string, locale: AppLocale): { title: string; body: string } {
  const parts = words.body.map((part) => (typeof part === 'string' ? part : say(part)));
  return { title: say(words.title), body: new Intl.ListFormat(INTL_LOCALE[locale], { type: 'unit', style: 'short' }).format(parts) };
}
