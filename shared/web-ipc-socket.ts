// Web mode's socket for calls (electron/web/ipc-socket.ts serves it, renderer/src/bridge/web-bridge.ts
// uses it): where it is, and the protocol the page offers beside the launch's secret.
export const IPC_SOCKET_PATH = '/ipc';
export const IPC_PROTOCOL = 'market-desk.ipc.1';

/** A call on the socket, and its answer (the call's result object). */
export interface SocketCall {
  id: number;
  method: string;
  input: unknown;
}
export interface SocketAnswer {
  /** null when the frame named no call (not JSON, no id). */
  id: number | null;
  result: unknown;
}
