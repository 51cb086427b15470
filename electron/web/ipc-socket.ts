// Web mode's calls over one WebSocket (GET /ipc, upgraded): the same contract and checks as POST
// /ipc/:method, without an HTTP request per call. A keystroke in the drafts search is a call; as
// a request it cost the browser about 15 ms of CPU (its browser process, network service and I/O
// threads) and the window's thread 3 ms of fetch, which a busy machine turned into latency (issue
// 19's keystroke limit). On the socket, a keystroke costs about 51 ms of CPU in all, not 64.
//
// Frames: the page sends {"id": n, "method": "drafts.page", "input": {...}} and gets
// {"id": n, "result": <the call's result object>}, in any order (calls run side by side, as
// requests do). The page's first calls, before the socket is open, still go as requests.
//
// The handshake is refused (403, before any upgrade) unless it comes from the page's own origin
// and host and offers this launch's secret as one of its protocols (a browser's WebSocket cannot
// send other headers); the secret is never echoed back (the socket speaks IPC_PROTOCOL).
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { IPC_PROTOCOL, IPC_SOCKET_PATH, type SocketAnswer } from '../../shared/web-ipc-socket.ts';

export interface IpcSocketOptions {
  /** Host and Origin (which must be there) are this server's (web-server.ts). */
  fromOwnPage(req: IncomingMessage): boolean;
  secretOk(given: string | undefined): boolean;
  invoke(method: string, input: unknown): Promise<unknown>;
  /** The largest frame taken, in bytes (as POST /ipc's body). */
  maxPayload: number;
  log?: (message: string, error: unknown) => void;
}

export interface IpcSocket {
  close(): void;
}

/** An answer to a frame that names no call: not JSON, or no numeric id and method name. */
const malformed = (message: string): SocketAnswer => ({ id: null, result: { ok: false, error: { code: 'invalid-frame', message } } });

export function attachIpcSocket(server: Server, options: IpcSocketOptions): IpcSocket {
  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxPayload,
    // No compression: loopback, and small frames (permessage-deflate would cost each call CPU).
    perMessageDeflate: false,
    handleProtocols: (offered) => (offered.has(IPC_PROTOCOL) ? IPC_PROTOCOL : false),
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== IPC_SOCKET_PATH) return refuse(socket, 404, 'Not Found');
    const offered = (req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
    const secret = offered.find((p) => p !== IPC_PROTOCOL);
    if (!options.fromOwnPage(req) || !offered.includes(IPC_PROTOCOL) || !options.secretOk(secret)) {
      return refuse(socket, 403, 'Forbidden');
    }
    sockets.handleUpgrade(req, socket, head, (ws) => serve(ws));
  });

  function serve(ws: WebSocket): void {
    ws.on('error', (error) => options.log?.('web mode socket failed', error));
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return ws.close(1003, 'text frames only');
      let frame: { id?: unknown; method?: unknown; input?: unknown };
      try {
        frame = JSON.parse(data.toString()) as typeof frame;
      } catch {
        return send(ws, malformed('the frame is not JSON'));
      }
      const { id, method } = frame ?? {};
      if (typeof id !== 'number' || !Number.isSafeInteger(id) || typeof method !== 'string') {
        return send(ws, malformed('a frame names its call: a numeric id and a method'));
      }
      options.invoke(method, frame.input ?? {}).then(
        (result) => send(ws, { id, result }),
        (error: unknown) => {
          options.log?.('web mode call failed', error);
          send(ws, { id, result: { ok: false, error: { code: 'internal', message: 'the call failed' } } });
        },
      );
    });
  }

  return {
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

function refuse(socket: Duplex, status: number, reason: string): void {
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
