// The Electron transport: the two functions the preload exposes (see electron/preload.ts).
import type { RawTransport } from './bridge-types.ts';

declare global {
  interface Window {
    marketDesk?: RawTransport;
  }
}

export function electronTransport(): RawTransport | null {
  return window.marketDesk ?? null;
}
