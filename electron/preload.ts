// The preload exposes exactly five functions to the page: invoke a contract method, listen to a
// contract event, a handle for a picked or dropped file, one for a file named in main's save
// dialog and one for a folder chosen in main's folder dialog (shared/ipc/preload-api.ts). Names outside
// the contract are refused here, and main checks again. A file's path goes from here to main (to
// the core, which keeps it and answers a handle); the page gets only the handle.
// Built as one CommonJS file (sandboxed preloads cannot load modules from disk).
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import type { PreloadApi } from '../shared/ipc/preload-api.ts';
import { FOLDER_CHANNEL, HAND_OVER_CHANNEL, SAVE_TARGET_CHANNEL, eventChannel, invokeChannel, isIpcEventName, isIpcMethodName } from '../shared/ipc/names.ts';

contextBridge.exposeInMainWorld('marketDesk', {
  async handleForFile(file: unknown): Promise<string> {
    // Only a real File (from a picker or a drop) has a path; anything else gets none.
    const path = file instanceof File ? webUtils.getPathForFile(file) : '';
    if (!path) return '';
    const handle: unknown = await ipcRenderer.invoke(HAND_OVER_CHANNEL, path);
    return typeof handle === 'string' ? handle : '';
  },
  async handleForSave(suggestedName: unknown): Promise<string> {
    // Main shows the save dialog; only a plain name goes along as its suggestion.
    const handle: unknown = await ipcRenderer.invoke(SAVE_TARGET_CHANNEL, typeof suggestedName === 'string' ? suggestedName.slice(0, 200) : '');
    return typeof handle === 'string' ? handle : '';
  },
  async handleForFolder(): Promise<string> {
    const handle: unknown = await ipcRenderer.invoke(FOLDER_CHANNEL);
    return typeof handle === 'string' ? handle : '';
  },
  invoke(name: unknown, input: unknown): Promise<unknown> {
    if (!isIpcMethodName(name)) return Promise.resolve({ ok: false, error: { code: 'unknown-method', message: `no IPC method "${String(name)}"` } });
    return ipcRenderer.invoke(invokeChannel(name), input);
  },
  on(name: unknown, listener: unknown): () => void {
    if (!isIpcEventName(name) || typeof listener !== 'function') throw new Error(`no IPC event "${String(name)}"`);
    const channel = eventChannel(name);
    // The event object is not passed on: it would hand the page ipcRenderer's sender.
    const wrapped = (_event: unknown, payload: unknown) => (listener as (payload: unknown) => void)(payload);
    ipcRenderer.on(channel, wrapped);
    return () => {
      ipcRenderer.removeListener(channel, wrapped);
    };
  },
} satisfies PreloadApi);
