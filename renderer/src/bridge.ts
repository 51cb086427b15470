// The ONLY way the renderer reaches the core: the window's transport (./bridge/transport.ts),
// typed by the IPC contract (which the core checks; see bridge/bridge-types.ts).
import { typedBridge, type Bridge } from './bridge/bridge-types.ts';
import { transport, transportMode } from './bridge/transport.ts';

export const bridge: Bridge = typedBridge(transport);
export { transportMode as bridgeMode };
