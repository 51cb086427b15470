import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { IPC_PROTOCOL, type SocketAnswer } from '../../shared/ipc/web-socket.ts';
import { MAX_SOURCE_BYTES } from '../../electron/core/images/source-file.ts';
import { stageUpload } from '../../electron/core/images/staged-uploads.ts';
import { startWebServer, type WebServer } from '../../electron/web/web-server.ts';
import { makeJpeg } from '../core/support.ts';
import { CONTENT_SECURITY_POLICY, metaPolicy, WEB_CONTENT_SECURITY_POLICY } from '../../electron/window-options.ts';
import { tempFolder } from './support.ts';

let server: WebServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function start(): Promise<WebServer> {
  const rendererDir = join(tempFolder(), 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), `<meta http-equiv="Content-Security-Policy" content="${metaPolicy(CONTENT_SECURITY_POLICY)}"><div id="root"></div>`);
  mkdirSync(join(rendererDir, 'assets'));
  writeFileSync(join(rendererDir, 'assets', 'index-Ab12Cd34.js'), 'export {};');
  server = await startWebServer({ root: tempFolder(), rendererDir, port: 0 });
  return server;
}

function ipc(s: WebServer, method: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${s.origin}/ipc/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: s.origin, 'x-market-desk-secret': s.secret, ...headers },
    body: JSON.stringify(body),
  });
}

// The core starts in its own process (issue 19): seconds on a quiet machine, more on a loaded one.
describe('web mode', { timeout: 120_000 }, () => {
  it('listens on loopback at a free port and gives the secret only in the URL fragment', async () => {
    const s = await start();
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#secret=[\w-]{40,}$/);
    const page = await fetch(`${s.origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(WEB_CONTENT_SECURITY_POLICY);
    const html = await page.text();
    expect(html).toContain(`content="${metaPolicy(WEB_CONTENT_SECURITY_POLICY)}"`);
    expect(html).toContain("connect-src 'self'");
    expect(html).not.toContain(s.secret);
  });

  it('carries the contract as POST /ipc/:method with result objects', async () => {
    const s = await start();
    const created = await ipc(s, 'drafts.create', { fields: { title: 'Teak chair' } });
    expect(await created.json()).toMatchObject({ ok: true, value: { localId: 1 } });
    expect(await (await ipc(s, 'drafts.get', { localId: 'x' })).json()).toMatchObject({ ok: false, error: { code: 'invalid-input', field: 'localId' } });
    expect(await (await ipc(s, 'shell.openExternal', { url: 'https://example.com/' })).json()).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('refuses IPC without the secret, from another origin, another host or not as JSON', async () => {
    const s = await start();
    expect((await ipc(s, 'drafts.page', {}, { 'x-market-desk-secret': 'wrong' })).status).toBe(403);
    expect((await ipc(s, 'drafts.page', {}, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await ipc(s, 'drafts.page', {}, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    const noOrigin = await fetch(`${s.origin}/ipc/drafts.page`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-market-desk-secret': s.secret }, body: '{}' });
    expect(noOrigin.status).toBe(403);
    expect((await ipc(s, 'drafts.page', {}, { 'content-type': 'text/plain' })).status).toBe(415);
    expect((await fetch(`${s.origin}/events?secret=wrong`)).status).toBe(403);
    expect((await fetch(`${s.origin}/../../etc/passwd`)).status).toBe(404);
  });

  it('lets the browser keep the app\'s files, named by their content, and never the page that names them', async () => {
    const s = await start();
    expect((await fetch(`${s.origin}/`)).headers.get('cache-control')).toBe('no-store');
    const chunk = await fetch(`${s.origin}/assets/index-Ab12Cd34.js`);
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('content-type')).toMatch(/javascript/);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('keeps the page out of frames and off other sites, without an opener policy that would cost every start a new process', async () => {
    const s = await start();
    const page = await fetch(`${s.origin}/`);
    expect(page.headers.get('content-security-policy')).toBe(WEB_CONTENT_SECURITY_POLICY);
    expect(WEB_CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(page.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    // Cross-Origin-Opener-Policy moves the tab to a new process as the page opens (issue 19).
    expect(page.headers.get('cross-origin-opener-policy')).toBeNull();
  });

  it('answers 400, not 500, to malformed percent-encoding in a page or IPC path (issue 9, finding 7)', async () => {
    const s = await start();
    const page = await fetch(`${s.origin}/assets/%E0%A4%A.js`);
    expect(page.status).toBe(400);
    expect(await page.json()).toMatchObject({ ok: false, error: { code: 'invalid-url' } });
    const call = await ipc(s, '%zz', {});
    expect(call.status).toBe(400);
    expect(await call.json()).toMatchObject({ ok: false, error: { code: 'invalid-url' } });
    expect((await fetch(`${s.origin}/`)).status).toBe(200);
  });

  it('streams push events to a page that has the secret', async () => {
    const s = await start();
    const controller = new AbortController();
    const events = await fetch(`${s.origin}/events?secret=${s.secret}`, { signal: controller.signal });
    expect(events.headers.get('content-type')).toBe('text/event-stream');
    const reader = events.body!.getReader();
    await ipc(s, 'drafts.create', { fields: { title: 'Oak table' } });
    let text = '';
    while (!text.includes('event: drafts.changed')) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toContain('"reason":"create"');
    controller.abort();
  });
});

/** The page's socket for calls, opened as a browser would (its origin, the secret offered as a protocol). */
function socket(s: WebServer, protocols = [IPC_PROTOCOL, s.secret], origin = s.origin): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${s.origin.replace('http', 'ws')}/ipc`, protocols, { origin });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/**
 * Kills the core and holds the one started again before it is ready (SIGSTOP), so that sockets
 * wait for it; the function returned lets it go on.
 */
async function holdRestartingCore(s: WebServer): Promise<() => void> {
  await s.core.ready();
  const dead = s.core.pid()!;
  process.kill(dead, 'SIGKILL');
  // Started again: a new process (the count goes up at the exit, the start follows).
  await expect.poll(() => s.core.pid(), { timeout: 30_000 }).not.toBe(dead);
  const starting = s.core.pid()!;
  process.kill(starting, 'SIGSTOP');
  return () => process.kill(starting, 'SIGCONT');
}

/** A new socket of the page is served: its first call answers. */
async function expectSocketServes(s: WebServer): Promise<void> {
  const ws = await socket(s);
  const next = answers(ws);
  ws.send(JSON.stringify({ id: 1, method: 'drafts.page', input: {} }));
  expect(await next()).toMatchObject({ id: 1, result: { ok: true } });
  ws.close();
}

/** The frames a socket receives, waited for one at a time. */
function answers(ws: WebSocket): () => Promise<SocketAnswer> {
  const queue: SocketAnswer[] = [];
  const waiting: ((answer: SocketAnswer) => void)[] = [];
  ws.on('message', (data) => {
    const answer = JSON.parse(String(data)) as SocketAnswer;
    const next = waiting.shift();
    if (next) next(answer);
    else queue.push(answer);
  });
  return () => new Promise((resolve) => {
    const first = queue.shift();
    if (first) resolve(first);
    else waiting.push(resolve);
  });
}

/** The headers of the page's own socket handshake (the secret offered as a protocol). */
function pageHandshake(s: WebServer): Record<string, string> {
  return { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', origin: s.origin, 'sec-websocket-protocol': `${IPC_PROTOCOL}, ${s.secret}` };
}

/** The status a WebSocket handshake gets (101 when upgraded), sent by hand: every header chosen (undefined: not sent). */
function handshake(s: WebServer, headers: Record<string, string | undefined>, path = '/ipc'): Promise<number> {
  const all = { ...pageHandshake(s), ...headers };
  return new Promise((resolve, reject) => {
    const req = request(`${s.origin}${path}`, {
      headers: Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    });
    req.on('upgrade', (res, sock) => {
      sock.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('web mode calls on a socket', { timeout: 120_000 }, () => {
  it('carries the contract as frames matched by id, with the same result objects as POST /ipc/:method', async () => {
    const s = await start();
    const ws = await socket(s);
    // The socket speaks the IPC protocol: the secret offered beside it is never sent back.
    expect(ws.protocol).toBe(IPC_PROTOCOL);
    const next = answers(ws);
    ws.send(JSON.stringify({ id: 1, method: 'drafts.create', input: { fields: { title: 'Teak chair' } } }));
    expect(await next()).toMatchObject({ id: 1, result: { ok: true, value: { localId: 1 } } });
    // Calls run side by side: each answer names its call.
    ws.send(JSON.stringify({ id: 2, method: 'drafts.get', input: { localId: 'x' } }));
    ws.send(JSON.stringify({ id: 3, method: 'drafts.get', input: { localId: 1 } }));
    const [a, b] = [await next(), await next()];
    const byId = new Map([a, b].map((answer) => [answer.id, answer.result]));
    expect(byId.get(2)).toMatchObject({ ok: false, error: { code: 'invalid-input', field: 'localId' } });
    expect(byId.get(3)).toMatchObject({ ok: true, value: { localId: 1 } });
    expect(byId.get(3)).toEqual(await (await ipc(s, 'drafts.get', { localId: 1 })).json());
    ws.send(JSON.stringify({ id: 4, method: 'shell.openExternal', input: { url: 'https://example.com/' } }));
    expect(await next()).toMatchObject({ id: 4, result: { ok: false, error: { code: 'internal' } } });
    ws.close();
  });

  it('refuses the handshake without the secret, from another origin or host, or without the protocol, before any upgrade', async () => {
    const s = await start();
    expect(await handshake(s, {})).toBe(101);
    expect(await handshake(s, { 'sec-websocket-protocol': `${IPC_PROTOCOL}, wrong` })).toBe(403);
    expect(await handshake(s, { 'sec-websocket-protocol': IPC_PROTOCOL })).toBe(403);
    expect(await handshake(s, { 'sec-websocket-protocol': s.secret })).toBe(403);
    expect(await handshake(s, { origin: 'http://evil.example' })).toBe(403);
    expect(await handshake(s, { 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(await handshake(s, { host: 'evil.example' })).toBe(403);
    expect(await handshake(s, { origin: undefined })).toBe(403);
    expect(await handshake(s, {}, '/events')).toBe(404);
    // The ws client as an attacker's page would open it.
    await expect(socket(s, [IPC_PROTOCOL, 'wrong'])).rejects.toThrow(/403/);
    await expect(socket(s, undefined, 'http://evil.example')).rejects.toThrow(/403/);
  });

  it('answers a frame that names no call, closes on bytes, and goes on serving the page', async () => {
    const s = await start();
    const ws = await socket(s);
    const next = answers(ws);
    ws.send('not json');
    expect(await next()).toMatchObject({ id: null, result: { ok: false, error: { code: 'invalid-frame' } } });
    ws.send(JSON.stringify({ method: 'drafts.page', input: {} }));
    expect(await next()).toMatchObject({ id: null, result: { ok: false, error: { code: 'invalid-frame' } } });
    ws.send(JSON.stringify({ id: 'x', method: 'drafts.page' }));
    expect(await next()).toMatchObject({ id: null, result: { ok: false, error: { code: 'invalid-frame' } } });
    ws.send(JSON.stringify({ id: 5, method: 'no.such.method', input: {} }));
    expect((await next()).id).toBe(5);
    ws.send(JSON.stringify({ id: 6, method: 'drafts.page', input: {} }));
    expect(await next()).toMatchObject({ id: 6, result: { ok: true } });
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await closed).toBe(1003);
    // Another socket of the page still works.
    await expectSocketServes(s);
  });

  it('hands the socket to the core\'s process: it goes with a core that dies, and a new one reaches the restarted core', async () => {
    const s = await start();
    const ws = await socket(s);
    const next = answers(ws);
    ws.send(JSON.stringify({ id: 1, method: 'drafts.create', input: { fields: { title: 'Kept across a restart' } } }));
    expect(await next()).toMatchObject({ id: 1, result: { ok: true, value: { localId: 1 } } });
    // Only the core holds the connection (the server checked its handshake and handed it over):
    // killing the core closes it.
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    process.kill(s.core.pid()!, 'SIGKILL');
    await closed;
    // The page's next socket reaches the core started again. (One opened before the server has
    // read the exit is closed or waits for it: the next test.)
    await expect.poll(() => s.core.restarts(), { timeout: 30_000 }).toBe(1);
    const again = await socket(s);
    const nextAgain = answers(again);
    again.send(JSON.stringify({ id: 1, method: 'drafts.get', input: { localId: 1 } }));
    expect(await nextAgain()).toMatchObject({ id: 1, result: { ok: true, value: { localId: 1 } } });
    expect(s.core.restarts()).toBe(1);
    again.close();
  });

  it('never leaves a handshake waiting on a core that died before it took the socket', async () => {
    const s = await start();
    await s.core.ready();
    const pid = s.core.pid()!;
    // A core that cannot take the connection (stopped), then dies with it in flight.
    process.kill(pid, 'SIGSTOP');
    const lost = socket(s).then((ws) => (ws.close(), 'opened'), () => 'closed');
    // The handshake checked and handed to the stopped core, which never takes it.
    await expect.poll(() => s.core.handedOver(), { timeout: 30_000 }).toBe(1);
    process.kill(pid, 'SIGKILL');
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise((resolve) => (timer = setTimeout(resolve, 30_000, 'still waiting')));
    expect(['closed', 'opened']).toContain(await Promise.race([lost, hung]));
    clearTimeout(timer);
    await expect.poll(() => s.core.restarts(), { timeout: 30_000 }).toBe(1);
    await expectSocketServes(s);
  });

  it('lives on when a page resets its socket while the socket waits for the core to start', async () => {
    const s = await start();
    // A checked handshake waits for the core.
    const resume = await holdRestartingCore(s);
    const { socket: raw } = await new Promise<{ socket: Socket }>((resolve, reject) => {
      const port = Number(new URL(s.origin).port);
      const conn = connect(port, '127.0.0.1', () => resolve({ socket: conn }));
      conn.on('error', reject);
    });
    const lines = Object.entries({ host: new URL(s.origin).host, ...pageHandshake(s) }).map(([name, value]) => `${name}: ${value}`);
    raw.write(['GET /ipc HTTP/1.1', ...lines, '', ''].join('\r\n'));
    // The server checks it and sets it waiting; then the page goes, with a reset, and the server
    // takes it out of the queue.
    await expect.poll(() => s.core.waiting(), { timeout: 30_000 }).toBe(1);
    raw.resetAndDestroy();
    await expect.poll(() => s.core.waiting(), { timeout: 30_000 }).toBe(0);
    resume();
    await s.core.ready();
    // The server is up, and the next socket reaches the core.
    expect((await fetch(`${s.origin}/`)).status).toBe(200);
    await expectSocketServes(s);
  });

  it('hands over sockets that waited together for a starting core, each one served', async () => {
    const s = await start();
    // Two pages' handshakes wait for the core; then both go at once (the second waits in Node's
    // queue until the core has taken the first).
    const resume = await holdRestartingCore(s);
    const both = [socket(s), socket(s)];
    await expect.poll(() => s.core.waiting(), { timeout: 30_000 }).toBe(2);
    resume();
    for (const ws of await Promise.all(both)) {
      const next = answers(ws);
      ws.send(JSON.stringify({ id: 1, method: 'drafts.page', input: {} }));
      expect(await next()).toMatchObject({ id: 1, result: { ok: true } });
      ws.close();
    }
  });

  it('stops when the cores it handed sockets to have all died', async () => {
    const s = await start();
    const ws = await socket(s);
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    process.kill(s.core.pid()!, 'SIGKILL');
    await closed;
    // The core started again holds no socket: nothing is left for the server to wait for.
    await expect.poll(() => s.core.restarts(), { timeout: 30_000 }).toBe(1);
    await s.core.ready();
    await s.close();
    server = null;
  });

  it('closes the page\'s sockets when it stops', async () => {
    const s = await start();
    const ws = await socket(s);
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    await s.close();
    server = null;
    await closed;
  });
});

describe('web mode photo uploads', { timeout: 120_000 }, () => {
  function upload(s: WebServer, body: string | ReadableStream, headers: Record<string, string> = {}) {
    return fetch(`${s.origin}/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', origin: s.origin, 'x-market-desk-secret': s.secret, ...headers },
      body,
      ...({ duplex: 'half' } as object),
    });
  }

  it('streams a photo to a temporary file that images.add prepares from, then removes', async () => {
    const s = await start();
    const photo = await makeJpeg(640, 480, { seed: 3 });
    const stream = new ReadableStream({
      start(controller) {
        // In pieces, as a browser sends a large file.
        for (let at = 0; at < photo.length; at += 16_384) controller.enqueue(photo.subarray(at, at + 16_384));
        controller.close();
      },
    });
    const response = await upload(s, stream);
    expect(response.status).toBe(200);
    const { value } = (await response.json()) as { value: { id: string } };
    expect(value.id).toMatch(/^[a-f0-9]{32}$/);
    const staged = join(s.uploads, `${value.id}.upload`);
    expect(readFileSync(staged).equals(photo)).toBe(true);
    const created = (await (await ipc(s, 'drafts.create', { fields: { title: 'Web' } })).json()) as { value: { localId: number } };
    const added = (await (await ipc(s, 'images.add', { localId: created.value.localId, files: [{ name: 'web.jpg', source: { kind: 'upload', id: value.id } }] })).json()) as { value: Array<{ outcome: string }> };
    expect(added.value.map((r) => r.outcome)).toEqual(['added']);
    expect(existsSync(staged)).toBe(false);
  });

  it('refuses uploads without the secret, from another origin, not as bytes, or above the size cap', async () => {
    const s = await start();
    expect((await upload(s, 'x', { 'x-market-desk-secret': 'wrong' })).status).toBe(403);
    expect((await upload(s, 'x', { origin: 'http://evil.example' })).status).toBe(403);
    expect((await upload(s, 'x', { 'content-type': 'application/json' })).status).toBe(415);
    // A declared size above the cap is refused before a byte of the body is read.
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL('/upload', s.origin);
      const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: {
        'content-type': 'application/octet-stream', origin: s.origin, 'x-market-desk-secret': s.secret, 'content-length': String(MAX_SOURCE_BYTES + 1),
      } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(status).toBe(413);
    const incoming = s.uploads;
    expect(existsSync(incoming) ? readdirSync(incoming) : []).toEqual([]);
  });

  it('cuts off a streamed body that grows past the cap and keeps nothing of it', async () => {
    const folder = tempFolder();
    const body = Readable.from((function* () {
      for (let i = 0; i < 40; i++) yield Buffer.alloc(64 * 1024, i);
    })());
    await expect(stageUpload(folder, body, 1024 * 1024)).rejects.toThrow(/larger than 1 MB/);
    expect(readdirSync(join(folder, 'incoming'))).toEqual([]);
  });
});
