// Web mode: the built renderer served on loopback, the IPC contract carried as calls on one
// WebSocket (its handshake checked here, its calls served by the core's process: ipc-socket.ts)
// or POST /ipc/:method (result objects), and Server-Sent Events (push events). Every IPC request must carry the per-launch secret (given to the page in the URL
// fragment, which browsers never send to servers or in Referer) and come from this origin. The
// core runs in its own process (issue 19: the same core-host Electron starts as a utility
// process), so a heavy call never stops this server from answering; if it dies it is started
// again and the page told ('core.restarted').
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HOST_PROBLEM_WORDS, hostHeaderProblem, isExpectedHost } from '../../shared/http/host-check.ts';
import { IPC_EVENT_NAMES } from '../../shared/ipc/names.ts';
import { EVENTS_PATH } from '../../shared/ipc/web-events.ts';
import { startCoreSupervisor, type CoreSupervisor } from '../core/host/core-supervisor.ts';
import type { HostInit } from '../core/host/protocol.ts';
import { MAX_SOURCE_BYTES, SourceRefused } from '../core/images/source-file.ts';
import { removeUploads, stageUpload } from '../core/images/staged-uploads.ts';
import { uploadsFolder } from '../core/session/seller-files.ts';
import { decodePath, readRendererFile } from '../renderer-files.ts';
import { CONTENT_SECURITY_POLICY, metaPolicy, WEB_CONTENT_SECURITY_POLICY } from '../window-options.ts';
import { bundledCoreEntry } from './core-bundle.ts';
import { forkCore } from './core-process.ts';
import { serveDownload } from './download.ts';
import { bodyBudget, readCallBody } from './call-bodies.ts';
import { clientError } from './client-error.ts';
import { eventStream } from './event-stream.ts';
import { attachIpcSocket } from './ipc-socket.ts';

export const SECRET_HEADER = 'x-market-desk-secret';
export interface WebServerOptions {
  /** The app's data root (accounts registry, one folder per account). */
  root: string;
  /** Passwords: web mode's 0600 file in the data root, or none (tests without a marketplace). */
  vault?: HostInit['vault'];
  /** Engine timing (tests). */
  syncTiming?: HostInit['syncTiming'];
  /** The built renderer (vite build output). */
  rendererDir: string;
  port?: number;
  /** Fixed in tests only when needed; a fresh random secret per launch otherwise. */
  secret?: string;
  /** The bundled core host to fork, made beforehand (the tests make it once per run); bundled at start otherwise. */
  coreEntry?: string;
  /** How many times this server was started again (by web mode's supervisor: main.ts) before this start. */
  restarts?: number;
  log?: (message: string, error: unknown) => void;
}

export interface WebServer {
  /** The page to open, secret in the fragment. */
  url: string;
  origin: string;
  secret: string;
  /** Where uploads wait for the core (the data root's incoming/). */
  uploads: string;
  /** The core's process, behind its supervisor. */
  core: CoreSupervisor;
  close(): Promise<void>;
}

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const secret = options.secret ?? randomBytes(32).toString('base64url');
  const streams = eventStream(options.restarts ?? 0);
  const budget = bodyBudget();
  /** Uploads of the open page(s): removed when the last page is gone (the core removes what it used). */
  const staged = new Set<string>();
  let origin = '';
  let host = '';

  // The core as the app ships it (bundled, plain Node: core-bundle.ts), not its sources through tsx.
  const coreEntry = options.coreEntry ?? (await bundledCoreEntry());
  const core = startCoreSupervisor({
    spawn: () => forkCore(coreEntry),
    init: { root: options.root, vault: options.vault ?? 'none', typedFolders: true, ...(options.syncTiming ? { syncTiming: options.syncTiming } : {}) },
    onEvent(name, payload) {
      streams.send(name, payload);
    },
    async shell(request) {
      // The page shows its own notifications; links are copied by hand.
      if (request.op === 'openExternal') throw new Error('web mode opens no external links: copy the address into your browser');
    },
    ...(options.log ? { log: options.log } : {}),
  });
  // Not waited for: the page loads while the core starts, and its first calls wait for it.

  const secretOk = (given: string | null | undefined): boolean => {
    if (!given) return false;
    const a = Buffer.from(given);
    const b = Buffer.from(secret);
    return a.length === b.length && timingSafeEqual(a, b);
  };

  /** Host defeats DNS rebinding (one Host, this one); Origin (when the browser sends one) must be ours. */
  const fromOwnPage = (req: IncomingMessage): boolean => {
    if (hostHeaderProblem(req.rawHeaders) !== null || !isExpectedHost(req.headers.host, host)) return false;
    const requestOrigin = req.headers.origin;
    if (requestOrigin !== undefined && requestOrigin !== origin) return false;
    const site = req.headers['sec-fetch-site'];
    return site === undefined || site === 'same-origin';
  };
  /** A call or an upload: from our page, and saying so (a browser sends Origin with each). */
  const callFromOwnPage = (req: IncomingMessage): boolean => fromOwnPage(req) && req.headers.origin !== undefined;

  // A request without Host (or with two, or an empty one) is answered by handle() with a body,
  // not by Node's own empty 400; one Node's parser refuses, by clientError (client-error.ts).
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    handle(req, res).catch((error: unknown) => {
      options.log?.('web mode request failed', error);
      if (!res.headersSent) send(res, 500, { ok: false, error: { code: 'internal', message: 'request failed' } });
      else res.end();
    });
  });

  server.on('clientError', clientError);

  attachIpcSocket(server, {
    fromOwnPage: callFromOwnPage,
    secretOk,
    adopt: (request, socket, head) => core.adoptSocket(request, socket, head),
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    // No Cross-Origin-Opener-Policy: on the page, it makes Chromium move the tab to a new browsing
    // context group, in a new process, at every start (100-200 ms before the first rows, issue 19).
    // What it would guard is not there to reach: the page opens no window and has no link, listens
    // to no message, and the secret leaves its address once read; frame-ancestors 'none' keeps it
    // out of frames, and every call needs the secret, this origin and this host.
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    const hostProblem = hostHeaderProblem(req.rawHeaders);
    if (hostProblem !== null) {
      res.setHeader('Connection', 'close');
      return send(res, 400, { ok: false, error: { code: 'forbidden-host', message: HOST_PROBLEM_WORDS[hostProblem] } });
    }
    if (url.pathname.startsWith('/ipc/')) {
      if (req.method !== 'POST') return send(res, 405, { ok: false, error: { code: 'method', message: 'POST only' } });
      if (!callFromOwnPage(req)) return send(res, 403, { ok: false, error: { code: 'forbidden-origin', message: 'wrong origin' } });
      if (!secretOk(req.headers[SECRET_HEADER] as string | undefined)) return send(res, 403, { ok: false, error: { code: 'forbidden-secret', message: 'missing or wrong secret' } });
      if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return send(res, 415, { ok: false, error: { code: 'content-type', message: 'JSON only' } });
      const method = decodePath(url.pathname.slice('/ipc/'.length));
      if (method === null) return send(res, 400, { ok: false, error: { code: 'invalid-url', message: 'the path is not validly percent-encoded' } });
      const body = await readCallBody(req, method, budget);
      if (!body.ok) {
        if (body.close) res.setHeader('Connection', 'close');
        if (body.status === 503) res.setHeader('Retry-After', '1');
        return send(res, body.status, { ok: false, error: { code: body.code, message: body.message } });
      }
      try {
        return send(res, 200, await core.invoke(method, body.input));
      } finally {
        body.release();
      }
    }
    if (url.pathname === '/upload') {
      // A photo's bytes, streamed to a temporary file (images.add then names it): the same checks as /ipc/*.
      if (req.method !== 'POST') return send(res, 405, { ok: false, error: { code: 'method', message: 'POST only' } });
      if (!callFromOwnPage(req)) return send(res, 403, { ok: false, error: { code: 'forbidden-origin', message: 'wrong origin' } });
      if (!secretOk(req.headers[SECRET_HEADER] as string | undefined)) return send(res, 403, { ok: false, error: { code: 'forbidden-secret', message: 'missing or wrong secret' } });
      if (req.headers['content-type'] !== 'application/octet-stream') return send(res, 415, { ok: false, error: { code: 'content-type', message: 'application/octet-stream only' } });
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > MAX_SOURCE_BYTES) {
        res.setHeader('Connection', 'close');
        return send(res, 413, { ok: false, error: { code: 'too-large', message: `The file is larger than ${MAX_SOURCE_BYTES / 1024 / 1024} MB: no camera photo is that big, so it was not added.` } });
      }
      try {
        const { id } = await stageUpload(options.root, req);
        staged.add(id);
        return send(res, 200, { ok: true, value: { id } });
      } catch (error) {
        if (!(error instanceof SourceRefused)) throw error;
        res.setHeader('Connection', 'close');
        return send(res, 413, { ok: false, error: { code: 'too-large', message: error.message } });
      }
    }
    if (url.pathname.startsWith('/download/')) {
      // An export for the page to save. An <a download> navigation sends no header, and a secret in
      // its URL would stay in the browser's list of downloads: the id itself (random, given only
      // through a secret-checked IPC answer, good once) is the key; host and origin checked as for /events.
      if (req.method !== 'GET') return send(res, 405, { ok: false, error: { code: 'method', message: 'GET only' } });
      if (!fromOwnPage(req)) return send(res, 403, { ok: false, error: { code: 'forbidden', message: 'wrong origin' } });
      return serveDownload(options.root, url.pathname.slice('/download/'.length), res);
    }
    if (url.pathname === EVENTS_PATH) {
      // EventSource cannot send headers: the secret comes as a query parameter of a same-origin GET.
      if (!fromOwnPage(req) || !secretOk(url.searchParams.get('secret'))) return send(res, 403, { ok: false, error: { code: 'forbidden', message: 'wrong origin or secret' } });
      streams.open(req, res, `: ${IPC_EVENT_NAMES.length} event kinds\n\n`, () => {
        // The page that made these uploads is done: the ones it did not use go now.
        removeUploads(options.root, staged);
        staged.clear();
      });
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { ok: false, error: { code: 'method', message: 'GET only' } });
    if (!isExpectedHost(req.headers.host, host)) return send(res, 403, { ok: false, error: { code: 'forbidden-host', message: 'wrong host' } });
    return serveStatic(url.pathname, res);
  }

  async function serveStatic(pathname: string, res: ServerResponse): Promise<void> {
    const file = await readRendererFile(options.rendererDir, pathname);
    if (!file.found) return send(res, file.status, { ok: false, error: { code: file.code, message: file.message } });
    let data = file.data;
    if (file.isPage) {
      // The page's meta policy is Electron's (connect-src 'none'); web mode's bridge needs 'self'.
      data = Buffer.from(data.toString('utf8').replace(metaPolicy(CONTENT_SECURITY_POLICY), metaPolicy(WEB_CONTENT_SECURITY_POLICY)));
      res.setHeader('Content-Security-Policy', WEB_CONTENT_SECURITY_POLICY);
      res.setHeader('Cache-Control', 'no-store');
    } else if (file.isAsset) {
      // An asset's name changes with its content, so the browser may keep these for good, and a
      // later launch reads them (and the script's compiled code, V8's code cache) from its cache
      // without asking.
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    }
    res.writeHead(200, { 'Content-Type': file.type, 'Content-Length': data.length });
    res.end(data);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  host = `127.0.0.1:${port}`;
  origin = `http://${host}`;
  return {
    url: `${origin}/#secret=${secret}`,
    origin,
    secret,
    uploads: uploadsFolder(options.root),
    core,
    async close() {
      streams.close();
      server.closeAllConnections();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // The page's call sockets are the core's (handed over: ipc-socket.ts, core-process.ts):
      // they close as it stops.
      await core.close();
      await closed;
    },
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(text);
}
