import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startWebServer, type WebServer } from '../../electron/web/web-server.ts';
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

describe('web mode', () => {
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
