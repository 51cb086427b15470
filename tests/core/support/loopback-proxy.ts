// A tiny loopback proxy for client tests: forwards every request to the service, counts them,
// and can make a response never reach the client (the service did the work; the client's socket
// is destroyed after the upstream answer arrived). The full fault proxy lives elsewhere.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackProxy {
  url: string;
  /** "METHOD /path" (no query) → count of requests that reached the proxy. */
  counts: Map<string, number>;
  count(method: string, pathPrefix: string): number;
  /** The next `times` requests matching are forwarded, then their answer is thrown away. */
  dropResponse(match: (method: string, path: string) => boolean, times?: number): void;
  /** The next `times` requests matching get this answer instead (they never reach the service). */
  answerInstead(match: (method: string, path: string) => boolean, status: number, headers?: Record<string, string>, times?: number): void;
  /** The next `times` requests matching are cut before they reach the service. */
  refuseRequest(match: (method: string, path: string) => boolean, times?: number): void;
  close(): Promise<void>;
}

export interface ProxyOptions {
  /** Request headers removed on the way (e.g. idempotency-key: a service that ignores the key). */
  stripHeaders?: string[];
  /** Added to every request before it is forwarded (a marketplace far away; the sync benchmark). */
  delayMs?: number;
  /** Told of every request as it arrives (before the delay): the sync benchmark's clock starts at the first. */
  onRequest?: (method: string, path: string, url: string) => void;
}

export async function startLoopbackProxy(target: string, options: ProxyOptions = {}): Promise<LoopbackProxy> {
  const upstream = new URL(target);
  const counts = new Map<string, number>();
  let drop: { match: (method: string, path: string) => boolean; left: number } | null = null;
  let refuse: { match: (method: string, path: string) => boolean; left: number } | null = null;
  let instead: { match: (method: string, path: string) => boolean; left: number; status: number; headers: Record<string, string> } | null = null;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    options.onRequest?.(req.method ?? '', (req.url ?? '/').split('?')[0] ?? '/', req.url ?? '/');
    if (options.delayMs) {
      // Paused until then: the body waits in the socket, the request is forwarded as it came.
      req.pause();
      setTimeout(() => handle(req, res), options.delayMs);
    } else handle(req, res);
  });
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const key = `${req.method} ${path}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (instead !== null && instead.left > 0 && instead.match(req.method ?? '', path)) {
      instead.left -= 1;
      const body = JSON.stringify({ errors: [{ field: null, code: 'injected', messages: [`injected ${instead.status}`] }] });
      req.resume();
      res.writeHead(instead.status, { 'content-type': 'application/json', ...instead.headers });
      res.end(body);
      return;
    }
    if (refuse !== null && refuse.left > 0 && refuse.match(req.method ?? '', path)) {
      refuse.left -= 1;
      req.socket.destroy();
      return;
    }
    const dropThis = drop !== null && drop.left > 0 && drop.match(req.method ?? '', path);
    if (dropThis && drop) drop.left -= 1;
    const headers = { ...req.headers };
    for (const name of options.stripHeaders ?? []) delete headers[name.toLowerCase()];
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (answer) => {
        if (dropThis) {
          answer.resume();
          answer.on('end', () => req.socket.destroy());
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => req.socket.destroy());
    req.pipe(forward);
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    count: (method, prefix) => [...counts].filter(([k]) => k.startsWith(`${method} ${prefix}`)).reduce((n, [, v]) => n + v, 0),
    dropResponse(match, times = 1) {
      drop = { match, left: times };
    },
    answerInstead(match, status, headers = {}, times = 1) {
      instead = { match, left: times, status, headers };
    },
    refuseRequest(match, times = 1) {
      refuse = { match, left: times };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
