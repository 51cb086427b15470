// Boot: ask for the drafts grid's first page, then load the app and the seller's language. The
// request is answered while the app's code downloads and evaluates, instead of after (see
// bridge/primed-transport.ts); the language's catalog loads beside the app (i18n/messages.ts).
import { transport } from './bridge/transport.ts';
import { launchPageInput } from '../../shared/grid-first-page.ts';
import { warmIntl } from './i18n/warm-intl.ts';
import { localeStore } from './i18n/locale-store.ts';
import { loadCatalog } from './i18n/messages.ts';

// Marks on the page's timeline (read by bench:ui): when the boot ran, when the app's code was in.
performance.mark('market-desk:boot');
transport.prime('drafts.page', launchPageInput());
void import('./app-root.tsx');
void loadCatalog(localeStore.getState().locale);
// While the app's code downloads (compiled off this thread), this thread would idle. After the
// imports above have started their fetches (the import helper starts them in a microtask), and in
// this same task: a timer's task may come only once the app's code is ready, and delay it.
queueMicrotask(warmIntl);
