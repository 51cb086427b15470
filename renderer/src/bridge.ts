// The ONLY way the renderer reaches the core. Electron when the preload exposed its bridge,
// web mode otherwise; chosen once at startup.
import { typedBridge, type Bridge } from './bridge/bridge-types.ts';
import { electronTransport } from './bridge/electron-bridge.ts';
import { webTransport } from './bridge/web-bridge.ts';

export const bridge: Bridge = typedBridge(electronTransport() ?? webTransport());
export const bridgeMode: 'electron' | 'web' = electronTransport() ? 'electron' : 'web';
