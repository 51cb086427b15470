// The Electron transport: the functions the preload exposes (see electron/preload.ts).
import type { PreloadApi } from '../../../shared/ipc/preload-api.ts';
import type { RawTransport } from './bridge-types.ts';

declare global {
  interface Window {
    marketDesk?: PreloadApi;
  }
}

export function electronTransport(): RawTransport | null {
  return window.marketDesk ?? null;
}

/** A handle for a picked or dropped file ('' when it has no place on disk): the page never holds its path. */
export async function electronHandleForFile(file: File): Promise<string> {
  return (await window.marketDesk?.handleForFile(file)) ?? '';
}
