// After a dialog over the drafts grid closes (Price and text…, Bulk edit…, a bulk action, an
// import's steps, the remembered mappings), the keyboard goes back to the grid: Ctrl+Z and the
// arrows work at once, without a click. Unmounting a dialog would otherwise leave focus on the page.
import { useEffect, useRef } from 'react';

/** The grid's focusable element (drafts-grid.tsx). */
export const GRID_SELECTOR = '.grid-scroll[role=grid]';

export function useGridRefocus(dialogOpen: boolean, gridShown: boolean): void {
  const wasOpen = useRef(dialogOpen);
  useEffect(() => {
    const closed = wasOpen.current && !dialogOpen;
    wasOpen.current = dialogOpen;
    if (!closed || !gridShown) return;
    // After the dialog's element is gone, unless another dialog (the draft editor, the next step
    // of an import) has the focus now.
    const frame = requestAnimationFrame(() => {
      if (document.activeElement?.closest('dialog, [role=dialog]')) return;
      document.querySelector<HTMLElement>(GRID_SELECTOR)?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [dialogOpen, gridShown]);
}
