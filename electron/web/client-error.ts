// A request Node's HTTP parser refused (a malformed header, headers too large, a body shorter
// than its length): no handler runs, so the answer is written on the socket here, with a body in
// the shape of every other answer of web mode (Node's own is empty), and the connection closed.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

export function clientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'too-large', 'the request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'malformed-request', 'the request did not arrive in time']
        : [400, 'malformed-request', 'malformed HTTP request'];
  const body = JSON.stringify({ ok: false, error: { code, message } });
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
