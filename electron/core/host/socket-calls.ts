// Web mode's calls on the page's WebSocket, served in the core's own process. The web server
// checks the handshake (origin, host, the launch's secret: electron/web/ipc-socket.ts) and hands
// the connection over (core-supervisor.ts adoptSocket); from then on a call goes browser → core →
// browser, not through the server's process as well. Two process wake-ups and two copies of every
// page fewer per keystroke: on a busy machine each wake-up of another process is where a keystroke
// waits (issue 19's keystroke limit).
//
// Frames: the page sends {"id": n, "method": "drafts.page", "input": {...}} and gets
// {"id": n, "result": <the call's result object>}, in any order (calls run side by side).
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { IPC_PROTOCOL, MAX_CALL_BYTES, nestsDeeper, type SocketAnswer } from '../../../shared/ipc/web-socket.ts';
import { giveBackMemory, LARGE_FRAME_BYTES } from './give-back-memory.ts';
import type { IpcResult } from '../../../shared/ipc/contract.ts';

/** The handshake's request as the web server read it: what the upgrade needs, plain data. */
export interface UpgradeRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface SocketCalls {
  /** Completes the handshake the web server checked, on the connection it handed over. */
  adopt(request: UpgradeRequest, socket: Socket, head: Uint8Array): void;
  close(): void;
}

/** An answer to a frame that names no call: not JSON, or no numeric id and method name. */
const malformed = (message: string): SocketAnswer => ({ id: null, result: { ok: false, error: { code: 'invalid-frame', message } } });

export function socketCalls(
  invoke: (method: string, input: unknown) => Promise<IpcResult<unknown>>,
  log: (message: string, error: unknown) => void,
): SocketCalls {
  const sockets = new WebSocketServer({
    noServer: true,
    // A frame over the default call size closes the socket (1009): a file's content goes as a
    // POST (web-bridge.ts), which takes larger bodies only for the calls that carry one.
    maxPayload: MAX_CALL_BYTES,
    // No compression: loopback, and small frames (permessage-deflate would cost each call CPU).
    perMessageDeflate: false,
    handleProtocols: (offered) => (offered.has(IPC_PROTOCOL) ? IPC_PROTOCOL : false),
  });

  function serve(ws: WebSocket): void {
    ws.on('error', (error) => log('web mode socket failed', error));
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return ws.close(1003, 'text frames only');
      const text = data.toString();
      const large = text.length >= LARGE_FRAME_BYTES;
      if (nestsDeeper(text)) {
        if (large) giveBackMemory();
        return send(ws, malformed('the frame nests deeper than any call of the app'));
      }
      let frame: { id?: unknown; method?: unknown; input?: unknown };
      try {
        frame = JSON.parse(text) as typeof frame;
      } catch {
        if (large) giveBackMemory();
        return send(ws, malformed('the frame is not JSON'));
      }
      const { id, method } = frame ?? {};
      if (typeof id !== 'number' || !Number.isSafeInteger(id) || typeof method !== 'string') {
        return send(ws, malformed('a frame names its call: a numeric id and a method'));
      }
      // The dispatcher answers every call with a result object (it never rejects).
      void invoke(method, frame.input ?? {}).then((result) => {
        send(ws, { id, result });
        if (large) giveBackMemory();
      });
    });
  }

  return {
    adopt(request, socket, head) {
      // ws reads only the method, the URL and the headers of the request it upgrades.
      sockets.handleUpgrade(request as IncomingMessage, socket, Buffer.from(head), serve);
    },
    close() {
      for (const ws of sockets.clients) ws.terminate();
      sockets.close();
    },
  };
}

function send(ws: WebSocket, frame: SocketAnswer): void {
  // The page may have gone while the core answered.
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
}
