// The one raw transport of this window: Electron's preload when it exposed one, web mode
// otherwise. Chosen once, by the boot script, and shared with the app, which wraps it in the typed
// bridge (../bridge.ts).
import { electronTransport } from './electron-bridge.ts';
import { primedTransport } from './primed-transport.ts';
import { webTransport } from './web-bridge.ts';

const electron = electronTransport();
export const transportMode: 'electron' | 'web' = electron ? 'electron' : 'web';
export const transport = primedTransport(electron ?? webTransport());
