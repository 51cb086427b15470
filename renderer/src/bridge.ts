// The ONLY way the renderer reaches the core: the window's transport (./bridge/transport.ts)
// with every response checked against the IPC contract.
import { typedBridge, type Bridge } from './bridge/bridge-types.ts';
import { transport, transportMode } from './bridge/transport.ts';

export const bridge: Bridge = typedBridge(transport);
export const bridgeMode = transportMode;
