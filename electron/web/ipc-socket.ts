// Web mode's calls over one WebSocket (GET /ipc, upgraded): the same contract and checks as POST
// /ipc/:method, without an HTTP request per call. A keystroke in the drafts search is a call; as
// a request it cost the browser about 15 ms of CPU (its browser process, network service and I/O
// threads) and the window's thread 3 ms of fetch, which a busy machine turned into latency (issue
// 19's keystroke limit).
//
// This server only checks the handshake: it is refused (403, before any upgrade) unless it comes
// from the page's own origin and host and offers this launch's secret as one of its protocols (a
// browser's WebSocket cannot send other headers). The connection is then handed to the core's
// process, which completes the upgrade and serves the calls (electron/core/host/socket-calls.ts):
// a call does not pass through this process. The secret is never echoed back (the socket speaks
// IPC_PROTOCOL).
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { IPC_PROTOCOL, IPC_SOCKET_PATH } from '../../shared/ipc/web-socket.ts';
import type { UpgradeRequest } from '../core/host/socket-calls.ts';

export interface IpcSocketOptions {
  /** Host and Origin (which must be there) are this server's (web-server.ts). */
  fromOwnPage(req: IncomingMessage): boolean;
  secretOk(given: string | undefined): boolean;
  /** Hands a checked handshake's connection to the core's process (core-supervisor.ts). */
  adopt(request: UpgradeRequest, socket: Socket, head: Buffer): void;
}

export function attachIpcSocket(server: Server, options: IpcSocketOptions): void {
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // The HTTP server's own error handler is off an upgraded connection: a page that resets it
    // while it is refused, or while it waits for a core that is starting, would otherwise be an
    // unhandled 'error' that takes this process down. Such a connection is only closed.
    socket.on('error', () => socket.destroy());
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path !== IPC_SOCKET_PATH) return refuse(socket, 404, 'Not Found');
    const offered = (req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
    const secret = offered.find((p) => p !== IPC_PROTOCOL);
    if (!options.fromOwnPage(req) || !offered.includes(IPC_PROTOCOL) || !options.secretOk(secret)) {
      return refuse(socket, 403, 'Forbidden');
    }
    // The secret stays here: the core gets the request without it.
    const headers = { ...req.headers, 'sec-websocket-protocol': IPC_PROTOCOL };
    options.adopt({ method: req.method ?? 'GET', url: req.url ?? IPC_SOCKET_PATH, headers }, socket as Socket, head);
  });
}

function refuse(socket: Duplex, status: number, reason: string): void {
  socket.once('finish', () => socket.destroy());
  const body = JSON.stringify({ ok: false, error: { code: status === 404 ? 'invalid-url' : 'forbidden', message: reason } });
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}
