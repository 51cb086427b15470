// Web mode's socket for calls (electron/web/ipc-socket.ts checks its handshake, the core's process
// serves it: electron/core/host/socket-calls.ts; renderer/src/bridge/web-bridge.ts uses it): where
// it is, the protocol the page offers beside the launch's secret, and the largest call.
export const IPC_SOCKET_PATH = '/ipc';
export const IPC_PROTOCOL = 'market-desk.ipc.1';
/** The largest call taken, in bytes: a frame on the socket, or a POST /ipc body. */
export const MAX_CALL_BYTES = 80 * 1024 * 1024;

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
