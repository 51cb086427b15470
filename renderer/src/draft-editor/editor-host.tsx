// Where the editor lives in the app: its store instances, the buttons that open it from the
// grid, and the app-wide drop target (photos dropped anywhere go to the open draft, else to
// the grid's focused draft, else to a new draft).
import { useEffect } from 'react';
import './editor.css';
import { useStore } from 'zustand';
import { bridge } from '../bridge.ts';
import { fileSource, droppedImages, hasFiles } from '../images/file-sources.ts';
import { createImagesStore } from '../images/images-store.ts';
import { draftsStore } from '../stores/app-stores.ts';
import { DraftEditor } from './draft-editor.tsx';
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
  const hasRow = useStore(draftsStore, (s) => s.rows[s.focusRow] !== undefined);
  return (
    <div className="editor-launchers">
      <button type="button" onClick={() => void editorStore.actions.openNew()}>New draft</button>
      <button type="button" disabled={!hasRow} onClick={openFocused} title="Open the focused draft in the editor (Ctrl+Enter)">Open in editor</button>
    </div>
  );
}

export function EditorHost() {
  const open = useStore(editorStore, (s) => s.localId !== null);

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

  return open ? <DraftEditor store={editorStore} images={imagesStore} /> : null;
}
