// The keyboard's focus in the window and its modal dialogs, for all of the app at once (installed
// by app-root):
// - Tab and Shift+Tab wrap around inside the topmost modal dialog. A native modal makes the rest
//   of the page inert, but Tab from its last control still leaves the page for the browser's own
//   controls (in Electron: nowhere), so the focus seems lost; here it goes back to the first.
// - When the app takes the focused control away (removes or disables it: Undo with nothing left
//   to undo, a deleted rule's row, a form while it saves), the control after it in Tab order takes
//   the focus at once, in the page or in the dialog, before the browser drops it to the page. A
//   control disabled for a while gets the focus back once enabled, unless the seller moved it. A
//   control the seller clicked away from is theirs to leave, even if it then goes.
// - When a dialog closes and takes the focus with it (React removes its element, so the native
//   dialog's own focus return finds nothing), the focus goes back to the control that had it
//   before the dialog opened: the opener, on the layer below (the page or the dialog under it).
// - Without a modal, Tab wraps around the window the same way, and a screen opened by its key
//   (Alt+2) gives the focus to its first control when the old screen took it away.

const FOCUSABLE = [
  'a[href]', 'area[href]', 'button:not([disabled])', 'input:not([disabled]):not([type=hidden])', 'select:not([disabled])',
  'textarea:not([disabled])', 'iframe', 'summary', '[contenteditable=""]', '[contenteditable=true]', '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The controls Tab stops at inside `root`, in order. */
export function tabStops(root: Element): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(stopsTab);
}

/** Whether Tab stops at `el`, one of FOCUSABLE (visible ones; a hidden file input's label shows its focus). */
function stopsTab(el: HTMLElement): boolean {
  // :disabled also holds for the controls of a disabled fieldset (a form while it saves).
  if (el.closest('[inert]') || el.tabIndex < 0 || el.matches(':disabled')) return false;
  if (el.closest('details:not([open])') && !(el.tagName === 'SUMMARY' && el.parentElement?.closest('details:not([open])') === el.closest('details:not([open])'))) return false;
  return el.getClientRects().length > 0;
}

function topModal(doc: Document): HTMLDialogElement | null {
  const open = [...doc.querySelectorAll<HTMLDialogElement>('dialog[open]')].filter((d) => d.matches(':modal'));
  return open.at(-1) ?? null;
}

export function installFocusKeeper(doc: Document): () => void {
  /** The last focused element of each layer: the document, or an open dialog. */
  const lastFocus = new WeakMap<Document | Element, HTMLElement>();

  const onFocusIn = (event: FocusEvent) => {
    const el = event.target;
    if (!(el instanceof HTMLElement)) return;
    lastFocus.set(el.closest('dialog') ?? doc, el);
  };

  // A press of the pointer elsewhere blurs the focused control before it is let go (a click on
  // the page's text, which also closes the column chooser under it): the seller moved the focus,
  // not the app. The click itself comes after the release, so a control its click removes still
  // hands the focus on.
  let pointing = false;
  const onPointerDown = () => (pointing = true);
  const onPointerUp = () => (pointing = false);

  const onKeyDown = (event: KeyboardEvent) => {
    pointing = false; // in case the release went elsewhere (another window)
    if (event.key !== 'Tab' || event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
    // Without a modal the window itself is the ring: Tab from its last control goes to its first
    // (and Shift+Tab back), as in the desktop window, never through nothing to the browser.
    const dialog = topModal(doc) ?? doc.body;
    const stops = tabStops(dialog);
    if (stops.length === 0) return;
    const first = stops[0] as HTMLElement;
    const last = stops.at(-1) as HTMLElement;
    const active = doc.activeElement;
    const outside = !(active instanceof Node) || !dialog.contains(active) || (dialog === doc.body && active === doc.body);
    if (event.shiftKey && (active === first || outside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || outside)) {
      event.preventDefault();
      first.focus();
    }
  };

  const lostFocus = () => doc.activeElement === null || doc.activeElement === doc.body;
  // A focused control just disabled still holds the focus until Chromium's focus fixup drops it
  // to the page at its next style update; moving it now leaves no moment with nothing focused.
  const losingFocus = () => doc.activeElement instanceof HTMLElement && doc.activeElement.matches(':disabled');
  /** The control that lost the focus to nowhere, with its neighbours then (it may be gone by the observer's turn). */
  let departed: Departure | null = null;
  /** A control disabled under the focus (a form while it saves), and where the focus waits for it. */
  let parked: { control: HTMLElement; at: Element | null } | null = null;

  const observer = new MutationObserver((records) => {
    if (parked && unpark(parked)) return;
    if (!lostFocus() && !losingFocus()) return;
    const modal = topModal(doc);
    const closed = records.some((r) =>
      (r.type === 'attributes' && r.target instanceof HTMLDialogElement && !r.target.open)
      || [...r.removedNodes].some((n) => n instanceof Element && (n.matches('dialog') || n.querySelector('dialog') !== null)));
    // A screen opened by its key (Alt+2) replaced the one that held the focus: the new screen's
    // first control takes it.
    const screenChanged = records.some((r) => [...r.removedNodes].some((n) => n instanceof Element && n.matches('main')));
    if (!modal && !closed && screenChanged) {
      tabStops(doc.querySelector('main') ?? doc.body)[0]?.focus();
      return;
    }
    if (closed) {
      restore(modal);
      return;
    }
    // The focused control was disabled or removed under the focus (Undo with nothing left to
    // undo, a deleted rule's row, Re-sort once sorted): the control after it takes the focus,
    // where Tab would have gone. A control the seller clicked away from is not the app's to move.
    const lost = lastFocus.get(modal ?? doc);
    const clickedAway = departed !== null && departed.control === lost && departed.byPointer;
    if (lost && !clickedAway && (!lost.isConnected || lost.matches(':disabled'))) moveOn(lost, modal);
    // With a modal open the rest is inert, so the body never holds the focus on purpose.
    else if (modal) restore(modal);
  });

  const moveOn = (lost: HTMLElement, modal: HTMLDialogElement | null) => {
    const scope = modal ?? doc.body;
    // Its neighbours now while it is in the page (disabled), or as they were when it blurred (removed).
    const [next, previous] = lost.isConnected
      ? neighbours(lost, tabStops(scope))
      : departed?.control === lost ? [departed.next, departed.previous] : [null, null];
    const target = [next, previous].find((el) => el && el.isConnected && isTabStop(el))
      ?? tabStops(connectedAncestor(lost, departed) ?? scope)[0]
      ?? tabStops(scope)[0];
    target?.focus();
    // Disabled for a while (busy): once enabled again it takes the focus back, unless the seller moved it.
    parked = lost.isConnected ? { control: lost, at: doc.activeElement } : null;
  };
  /** Hands the focus back to a parked control enabled again; true when it did. */
  const unpark = ({ control, at }: { control: HTMLElement; at: Element | null }) => {
    if (!control.isConnected || doc.activeElement !== at) {
      parked = null;
      return false;
    }
    if (control.matches(':disabled')) return false;
    parked = null;
    control.focus();
    return true;
  };

  const restore = (modal: HTMLDialogElement | null) => {
    const back = lastFocus.get(modal ?? doc);
    if (back?.isConnected && !back.matches(':disabled') && (!modal || modal.contains(back))) back.focus();
    else if (modal) tabStops(modal)[0]?.focus();
    // The opener went away or was disabled (a refused offer's row, a rule's button with nothing
    // selected any more): the first control of the screen, never the page itself.
    else tabStops(doc.querySelector('main') ?? doc.body)[0]?.focus();
  };
  const onFocusOut = (event: FocusEvent) => {
    if (event.relatedTarget || !(event.target instanceof HTMLElement)) return;
    // Taken now: a control being removed is still in the page while it blurs.
    const modal = topModal(doc);
    departed = departure(event.target, tabStops(modal ?? doc.body), pointing);
    // A focus dropped without a mutation the observer watches (a control hidden by a class or a
    // style): the blur, with nowhere to go, is the sign.
    if (!modal) return;
    setTimeout(() => {
      if (lostFocus() && topModal(doc) === modal) restore(modal);
    }, 0);
  };
  observer.observe(doc.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open', 'disabled'] });
  // All on the capture phase: they see every event before the app's own handlers can stop it.
  const listeners = [
    ['pointerdown', onPointerDown], ['pointerup', onPointerUp], ['pointercancel', onPointerUp],
    ['focusout', onFocusOut], ['focusin', onFocusIn], ['keydown', onKeyDown],
  ] as const;
  for (const [type, listener] of listeners) doc.addEventListener(type, listener as EventListener, true);
  return () => {
    observer.disconnect();
    for (const [type, listener] of listeners) doc.removeEventListener(type, listener as EventListener, true);
  };
}

interface Departure {
  control: HTMLElement;
  next: HTMLElement | null;
  previous: HTMLElement | null;
  ancestors: Element[];
  /** Blurred by a press of the pointer elsewhere. */
  byPointer: boolean;
}

function departure(control: HTMLElement, stops: HTMLElement[], byPointer: boolean): Departure {
  const [next, previous] = neighbours(control, stops);
  const ancestors: Element[] = [];
  for (let el = control.parentElement; el; el = el.parentElement) ancestors.push(el);
  return { control, next, previous, ancestors, byPointer };
}

/** The tab stops just after and just before `control` in the page's order, itself and its insides left out. */
function neighbours(control: HTMLElement, stops: HTMLElement[]): [HTMLElement | null, HTMLElement | null] {
  const outside = stops.filter((el) => el !== control && !control.contains(el));
  const next = outside.find((el) => control.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) ?? null;
  const previous = outside.findLast((el) => control.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING) ?? null;
  return [next, previous];
}

function isTabStop(el: HTMLElement): boolean {
  return el.matches(FOCUSABLE) && stopsTab(el);
}

/** The nearest element that held `lost` and is still in the page (its list, its section). */
function connectedAncestor(lost: HTMLElement, departed: Departure | null): Element | null {
  if (lost.isConnected) return lost.parentElement;
  if (departed?.control !== lost) return null;
  return departed.ancestors.find((el) => el.isConnected && el !== el.ownerDocument.body) ?? null;
}
