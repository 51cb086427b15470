import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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
