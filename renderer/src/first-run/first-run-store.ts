// The first-run guide's state (issue 21, item 13): shown until the seller hides it, and the
// hiding remembered in localStorage (which Electron's window and web mode's browser both keep,
// as the language choice is); the header's Help button shows it again. DOM-free: tests run it
// under Node, where it reaches the browser's storage only if present.
import { createStore } from 'zustand/vanilla';

export const GUIDE_STORAGE_KEY = 'market-desk.first-run-guide';

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface FirstRunState {
  open: boolean;
  /** Bumped each time the guide is shown on request, so the panel takes the focus then (not on first run). */
  focusRequest: number;
  /** Hides the guide and remembers it: a later start does not show it. */
  dismiss(): void;
  /** Shows it again (the Help button), asking for the focus. */
  show(): void;
}

export function createFirstRunStore(storage: StorageLike | undefined = (globalThis as { localStorage?: StorageLike }).localStorage) {
  const dismissed = storage?.getItem(GUIDE_STORAGE_KEY) === 'dismissed';
  return createStore<FirstRunState>((set) => ({
    open: !dismissed,
    focusRequest: 0,
    dismiss() {
      storage?.setItem(GUIDE_STORAGE_KEY, 'dismissed');
      set({ open: false });
    },
    show() {
      set((s) => ({ open: true, focusRequest: s.focusRequest + 1 }));
    },
  }));
}

export type FirstRunStore = ReturnType<typeof createFirstRunStore>;

export const firstRunStore = createFirstRunStore();
