// The preload exposes exactly two functions to the page: invoke a contract method and listen
// to a contract event. Names outside the contract are refused here, and main checks again.
// Built as one CommonJS file (sandboxed preloads cannot load modules from disk).
import { contextBridge, ipcRenderer } from 'electron';
import { eventChannel, invokeChannel, isIpcEventName, isIpcMethodName } from '../shared/ipc-names.ts';

contextBridge.exposeInMainWorld('marketDesk', {
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
});
