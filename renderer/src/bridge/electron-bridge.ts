// The Electron transport: the functions the preload exposes (see electron/preload.ts).
import type { PreloadApi } from '../../../shared/preload-api.ts';
import type { RawTransport } from './bridge-types.ts';

declare global {
  interface Window {
    marketDesk?: PreloadApi;
  }
}

export function electronTransport(): RawTransport | null {
  return window.marketDesk ?? null;
}

/** A picked or dropped file's path on disk ('' when it has none). */
export function electronPathForFile(file: File): string {
  return window.marketDesk?.pathForFile(file) ?? '';
}
