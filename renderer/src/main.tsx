// Boot: ask for the drafts grid's first page, load the seller's language, then run the app. The
// page is answered while the app evaluates and the words load, instead of after (see
// bridge/primed-transport.ts). The app's code is in this same script (renderer/classic-script.ts):
// its import() here is run at once, not fetched.
import { transport } from './bridge/transport.ts';
import { launchPageInput } from '../../shared/screens/grid-first-page.ts';
import { warmIntl } from './i18n/warm-intl.ts';
import { localeStore } from './i18n/locale-store.ts';
import { loadCatalog } from './i18n/messages.ts';

// Marks on the page's timeline (read by bench:ui): when the boot ran, when the app's code ran.
performance.mark('market-desk:boot');
transport.prime('drafts.page', launchPageInput());
void loadCatalog(localeStore.getState().locale);
// Once the app has run, it waits for the page and the words: the first Intl objects are made in
// that wait, not in its first render.
void import('./app-root.tsx').then(warmIntl);
