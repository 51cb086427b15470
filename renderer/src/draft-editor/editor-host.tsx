// Where the editor lives in the app: its store instances, the buttons that open it from the
// grid, the app-wide drop target (photos dropped anywhere go to the open draft, else to the
// grid's focused draft, else to a new draft), the keyboard's way back to the grid when it
// closes, and the grid row of an item whose publish or close the sync has since sent.
import { useEffect, useRef } from 'react';
import './editor.css';
import { useStore } from 'zustand';
import { bridge } from '../bridge.ts';
import { fileSource, droppedImages, hasFiles } from '../images/file-sources.ts';
import { createImagesStore } from '../images/images-store.ts';
import { useT } from '../i18n/intl.ts';
import { draftsStore, researchStore } from '../stores/app-stores.ts';
import { DraftEditor } from '../navigation/later.tsx';
import { createEditorStore } from './editor-store.ts';

export const editorStore = createEditorStore(bridge);
export const imagesStore = createImagesStore(bridge);

/** Opens the grid's focused draft (Ctrl+Enter in the grid, or the Open button). */
export function openFocused(): void {
  const s = draftsStore.getState();
  const row = s.rows[s.focusRow];
  if (row) void editorStore.actions.open(row.localId);
}

export function EditorLaunchers() {
  const t = useT();
  const hasRow = useStore(draftsStore, (s) => s.rows[s.focusRow] !== undefined);
  return (
    <div className="editor-launchers">
      <button type="button" onClick={() => void editorStore.actions.openNew()}>{t('editor.new')}</button>
      <button type="button" disabled={!hasRow} onClick={openFocused} title={t('editor.open.hint')}>{t('editor.open')}</button>
    </div>
  );
}

/**
 * Where the keyboard goes when the editor closes: the drafts grid, on the row of the draft the
 * editor showed (the arrow keys go on from there); without a grid on screen, what had the focus.
 */
function returnFocus(localId: number | null, previous: Element | null): void {
  const grid = document.querySelector<HTMLElement>('[role="grid"]');
  if (!grid) {
    if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    return;
  }
  const s = draftsStore.getState();
  const index = localId === null ? -1 : s.rows.findIndex((r) => r?.localId === localId);
  if (index >= 0 && index !== s.focusRow) void s.moveFocus(index - s.focusRow, 0);
  grid.focus({ preventScroll: true });
}

/**
 * Items whose publish or close was queued from the editor: the grid's row keeps the service's
 * last known status until the sync has sent the change, and the sync reports only the sync
 * state, so the row is read again once the item is synced (no reload of the grid).
 */
function followQueuedStatus(): () => void {
  const waiting = new Set<number>();
  const refresh = (ids: number[]) => {
    const rows = draftsStore.getState().rows;
    const shown = ids.filter((id) => rows.some((r) => r?.localId === id));
    if (shown.length > 0) void draftsStore.getState().refreshRows(shown);
  };
  const offs = [
    editorStore.subscribe((s, prev) => {
      if (s.statusQueued !== null && s.statusQueued !== prev.statusQueued) waiting.add(s.statusQueued);
    }),
    bridge.on('sync.itemState', (event) => {
      if (!waiting.has(event.localId) || event.syncState === 'queued' || event.syncState === 'sending') return;
      waiting.delete(event.localId);
      refresh([event.localId]);
    }),
  ];
  return () => offs.forEach((off) => off());
}

export function EditorHost() {
  const open = useStore(editorStore, (s) => s.localId !== null);
  // What had the keyboard when the editor opened, and the draft it shows (for the way back).
  const opened = useRef<{ previous: Element | null; localId: number | null } | null>(null);

  useEffect(() => editorStore.subscribe((s, prev) => {
    if (prev.localId === null && s.localId !== null) opened.current = { previous: document.activeElement, localId: s.localId };
    else if (s.localId !== null && opened.current) opened.current.localId = s.localId;
  }), []);

  useEffect(() => {
    // Runs after the editor's dialog left the DOM (which drops the focus to the page's body).
    if (open || !opened.current) return;
    const { previous, localId } = opened.current;
    opened.current = null;
    returnFocus(localId, previous);
  }, [open]);

  useEffect(() => followQueuedStatus(), []);

  useEffect(() => {
    const offProgress = imagesStore.listen();
    // A change from the grid or the sync reloads the open draft unless it has unsaved edits.
    const offChanged = bridge.on('drafts.changed', (event) => {
      const { localId } = editorStore.getState();
      if (localId !== null && (event.localIds === null || event.localIds.includes(localId))) {
        void editorStore.actions.refresh();
        if (event.reason !== 'images') void imagesStore.actions.reload();
      }
    });
    const onDragOver = (e: DragEvent) => {
      if (hasFiles(e)) e.preventDefault();
    };
    const onDrop = (e: DragEvent) => {
      if (!hasFiles(e) || !e.dataTransfer) return;
      e.preventDefault();
      void droppedImages(e.dataTransfer).then(async (files) => {
        if (files.length === 0) return;
        // A published or closed item takes no photos (its editor shows them read-only).
        const openRow = editorStore.getState().row;
        if (openRow && !['draft', 'preview'].includes(openRow.status)) return;
        if (editorStore.getState().localId === null) {
          const s = draftsStore.getState();
          const row = s.rows[s.focusRow];
          await (row ? editorStore.actions.open(row.localId) : editorStore.actions.openNew());
        }
        await imagesStore.actions.show(editorStore.getState().localId);
        await imagesStore.actions.add(files.map(fileSource));
      });
    };
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    return () => {
      offProgress();
      offChanged();
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
    };
  }, []);

  return open ? <DraftEditor store={editorStore} images={imagesStore} research={researchStore} /> : null;
}
