// Focus drops: the focus falling to the page because the app took its control away. Every page
// the e2e tests open through openApp (support.ts) runs the watch, and its session fails on a drop.

/** The console message a page says a focus drop with (FOCUS_DROP_WATCH), before the drop's description. */
export const FOCUS_DROP_SIGN = 'market-desk-test:focus-drop ';

/**
 * An init script: the page says on its console every time its focus falls to the page because
 * the focused control was taken away (removed, disabled or hidden), once the blur's microtasks
 * have run (the app moves it on in a microtask; a task later is too late). Sampling the focus
 * after each key sees such a moment only when a busy run lands in it (a CI run did), while a
 * screen reader says "document" in between. A control the seller clicked away from is theirs to
 * leave; a dialog that closes takes its focus with it, and the opener takes it back.
 */
export const FOCUS_DROP_WATCH = `if (window === window.top) document.addEventListener('focusout', (event) => {
  const from = event.target;
  if (event.relatedTarget !== null || !(from instanceof HTMLElement)) return;
  const dialog = from.closest('dialog');
  const name = from.tagName.toLowerCase() + ' "' + (from.getAttribute('aria-label') || from.textContent || '').trim().slice(0, 40) + '"' + (dialog ? ' in a dialog' : '');
  queueMicrotask(() => queueMicrotask(() => {
    const active = document.activeElement;
    if (active !== null && active !== document.body) return;
    if (dialog && !(dialog.isConnected && dialog.matches(':modal'))) return;
    if (from.isConnected && !from.matches(':disabled') && from.getClientRects().length > 0) return;
    console.debug(${JSON.stringify(FOCUS_DROP_SIGN)} + 'the focus fell from ' + name + ' to the page');
  }));
}, true);`;
