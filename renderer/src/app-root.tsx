// Mounts the app (loaded by the boot script, main.tsx).
import './app-loaded-mark.ts';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { IntlRoot } from './i18n/intl-root.tsx';
import './styles.css';
import './a11y/a11y.css';
import './a11y/reflow.css';
import { installFocusKeeper } from './a11y/focus-keeper.ts';
import { draftsStore } from './stores/app-stores.ts';
import { preloadLater } from './navigation/later.tsx';
import { localeStore } from './i18n/locale-store.ts';
import { loadCatalog } from './i18n/messages.ts';
import { transport } from './bridge/transport.ts';

performance.mark('market-desk:app-evaluated');
// The first page is asked for before React mounts (answered by the boot script's request). Once
// it is shown, the other screens and the dialogs load while the seller reads it.
const emptyGrid = draftsStore.getState().rows;
void draftsStore.getState().reload().finally(() => requestIdleCallback(preloadLater, { timeout: 2000 }));

/** The longest the window waits for the first page before it shows (a core slow to answer). */
const FIRST_PAGE_WAIT_MS = 1000;
/** Once the first page is in the store (or its load failed, or the wait is over). */
const firstPage = new Promise<void>((resolve) => {
  const done = () => {
    unsubscribe();
    clearTimeout(timer);
    resolve();
  };
  const unsubscribe = draftsStore.subscribe((s) => {
    if (s.rows !== emptyGrid || !s.loading) done();
  });
  const timer = setTimeout(done, FIRST_PAGE_WAIT_MS);
});

installFocusKeeper(document);

const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
// The seller's words (asked for by the boot script, so usually in already) and the first page
// before anything shows: one render with the rows, not the frame first and the rows after it.
// That render is done at once: scheduled, it waited 30-60 ms behind the page's loading tasks on an
// idle thread (issue 19's first rows, traced in Chromium 156).
void Promise.all([loadCatalog(localeStore.getState().locale), firstPage]).then(() => {
  // The other screens' data, asked for by this render's effects, goes out once its frame is drawn.
  transport.holdUntil(firstFrameDrawn());
  const app = createRoot(root);
  flushSync(() => app.render(<StrictMode><IntlRoot><App /></IntlRoot></StrictMode>));
});

/** Once the next frame is drawn (a task after it), or 100 ms at most: a hidden page draws no frames. */
function firstFrameDrawn(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}
