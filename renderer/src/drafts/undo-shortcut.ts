// Ctrl+Z on the drafts screen undoes the last step wherever the focus is, not only in the grid
// (issue 21, item 6: after "Price and text…" the focus goes back to its button, by the opener
// rule of a11y/focus-keeper.ts, and Ctrl+Z there did nothing until the grid was clicked).
// A text field keeps its own Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y (the browser's undo and redo of
// typing). The core has no redo: Ctrl+Shift+Z and Ctrl+Y outside a text field do nothing, never
// a second undo.
import { useEffect } from 'react';
import type { DraftsStore } from './drafts-store.ts';

/** Input types whose Ctrl+Z belongs to the typing in them. */
const NOT_TEXT = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color', 'image']);

/** A control where Ctrl+Z undoes typing (a text input, a textarea, an editable element). */
export function isTextField(el: Element | null): boolean {
  if (!el) return false;
  if (el instanceof HTMLTextAreaElement) return true;
  if (el instanceof HTMLInputElement) return !NOT_TEXT.has(el.type);
  return el instanceof HTMLElement && el.isContentEditable;
}

/** Which of the undo keys an event is, if any. */
export function undoKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): 'undo' | 'redo' | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return null;
}

export function useUndoShortcut(store: DraftsStore, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      const which = undoKey(event);
      if (!which || event.defaultPrevented || isTextField(document.activeElement)) return;
      // A dialog's own keys are its own: nothing below it is undone while it is open.
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      if (which === 'undo' && !store.getState().editing) void store.getState().undo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store, enabled]);
}
