// Issue 37, finding 3 and web mode's lows: what a page sends cannot stop web mode's server or
// leave its core holding memory. Each attack of the issue, made small: a body just over its
// method's limit (not 79 MB × 32), two large calls at once (declared, not sent), a 100,000-deep
// body while the core restarts, a send the core's channel cannot carry, a socket frame just over
// the limit, frames of megabytes and the core's memory after them, a request without Host, with an
// empty one or two, and a method name of a megabyte.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { IPC_PROTOCOL, MAX_CALL_BYTES, MAX_LARGE_CALL_BYTES, type SocketAnswer } from '../../shared/ipc/web-socket.ts';
import { startCoreSupervisor } from '../../electron/core/host/core-supervisor.ts';
import { bundledCoreEntry } from '../../electron/web/core-bundle.ts';
import { forkCore } from '../../electron/web/core-process.ts';
import { startWebServer, type WebServer } from '../../electron/web/web-server.ts';
import { CONTENT_SECURITY_POLICY, metaPolicy } from '../../electron/window-options.ts';
import { tempFolder } from './support.ts';

let s: WebServer;
let dir = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'web-limits-'));
  const rendererDir = join(dir, 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), `<meta http-equiv="Content-Security-Policy" content="${metaPolicy(CONTENT_SECURITY_POLICY)}">`);
  s = await startWebServer({ root: join(dir, 'data'), rendererDir, port: 0 });
}, 120_000);
afterAll(async () => {
  await s?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw POST /ipc/<method> of `body` (or of `declared` bytes of which only the first are sent); resolves with the status and the body. */
function post(method: string, body: string | null, declared?: number): { answer: Promise<{ status: number; text: string }>; abort(): void } {
  const req = request(`${s.origin}/ipc/${method}`, {
    method: 'POST', agent: false,
    headers: { 'content-type': 'application/json', origin: s.origin, 'x-market-desk-secret': s.secret, ...(declared !== undefined ? { 'content-length': String(declared) } : {}) },
  });
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
  });
  if (body === null) req.write('{');
  else req.end(body);
  return { answer, abort: () => req.destroy() };
}

/** The raw answer to `lines` sent as they are (a request Node's client would not send). */
function raw(lines: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const port = Number(new URL(s.origin).port);
    const conn = connect(port, '127.0.0.1', () => conn.write(lines));
    let text = '';
    conn.on('data', (d) => (text += String(d)));
    conn.on('end', () => resolve(text));
    conn.on('error', reject);
  });
}

function socket(): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${s.origin.replace('http', 'ws')}/ipc`, [IPC_PROTOCOL, s.secret], { origin: s.origin, maxPayload: 0 });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

const nextAnswer = (ws: WebSocket) => new Promise<SocketAnswer>((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)) as SocketAnswer)));

/** The core's resident memory, MB. */
const coreMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${s.core.pid()}/status`, 'utf8'))?.[1] ?? 0) / 1024;

const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('web mode\'s server against the page', { timeout: 120_000 }, () => {
  it('takes a body just over its method\'s limit for no call, and a larger one only for the calls that carry a file', async () => {
    const over = `{"localId":1,"fields":{"title":"${'x'.repeat(MAX_CALL_BYTES)}"}}`;
    const refused = await post('drafts.update', over).answer;
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.text)).toMatchObject({ ok: false, error: { code: 'too-large' } });
    // A spreadsheet's content is taken that large (the core then answers it: two sources given).
    const sheet = await post('csv.import', JSON.stringify({ text: 'title\nTuoli\n', base64: 'A'.repeat(MAX_CALL_BYTES + 1) })).answer;
    expect(sheet.status).toBe(200);
    expect(JSON.parse(sheet.text)).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    // Declared larger than the largest call: refused before a byte is read.
    const huge = post('csv.import', null, MAX_LARGE_CALL_BYTES + 1);
    expect((await huge.answer).status).toBe(413);
  });

  it('reads no more large bodies at once than it has room for: another is answered busy before it is read', async () => {
    const first = post('csv.import', null, MAX_LARGE_CALL_BYTES - 1);
    // The first is being read (its length set aside) once the server answers the next request.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = await post('csv.inspect', null, MAX_LARGE_CALL_BYTES - 1).answer;
    expect(second.status).toBe(503);
    expect(JSON.parse(second.text)).toMatchObject({ ok: false, error: { code: 'busy' } });
    first.abort();
    await first.answer.catch(() => undefined);
    // Room again once the first is gone.
    await expect.poll(async () => (await post('csv.import', JSON.stringify({ text: 'title\nTuoli\n', base64: 'AAAA' })).answer).status, { timeout: 10_000 }).toBe(200);
  });

  it('refuses a 100,000-deep body sent while the core restarts, and lives on', async () => {
    await s.core.ready();
    process.kill(s.core.pid()!, 'SIGKILL');
    const answer = await post('drafts.update', `{"localId":1,"fields":${deep(100_000)}}`).answer;
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ ok: false, error: { code: 'too-deep' } });
    // Served again once the core is back (a call while it died answers 'core-restarted').
    await expect.poll(async () => JSON.parse((await post('drafts.page', '{}').answer).text), { timeout: 30_000 }).toMatchObject({ ok: true });
  });

  it('closes a socket whose frame is just over the limit, answers deep frames, and gives the core\'s memory back after frames of megabytes', async () => {
    const ws = await socket();
    const first = nextAnswer(ws);
    ws.send(JSON.stringify({ id: 0, method: 'drafts.page', input: {} }));
    await first;
    const before = coreMb();
    // Frames just under the limit, each a call the core refuses at once.
    for (let i = 1; i <= 6; i++) {
      const answered = nextAnswer(ws);
      ws.send(JSON.stringify({ id: i, method: 'drafts.update', input: { localId: 1, fields: { description: `${i}`.repeat(MAX_CALL_BYTES - 200) } } }));
      expect(await answered).toMatchObject({ id: i, result: { ok: false } });
    }
    const peak = coreMb();
    // Collected after each large frame: back within seconds (left to V8, 50-70 MB more stayed for
    // a while, and 2.7 GB after frames of 79 MB, which are now refused).
    await expect.poll(coreMb, { timeout: 5000, interval: 250 }).toBeLessThan(before + 40);
    console.log(JSON.stringify({ coreMbBefore: Math.round(before), coreMbAfterLastFrame: Math.round(peak), coreMbBack: Math.round(coreMb()) }));
    const deepAnswer = nextAnswer(ws);
    ws.send(`{"id":7,"method":"drafts.page","input":${deep(100_000)}}`);
    expect(await deepAnswer).toMatchObject({ id: null, result: { ok: false, error: { code: 'invalid-frame' } } });
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send(JSON.stringify({ id: 8, method: 'drafts.page', input: { text: 'x'.repeat(MAX_CALL_BYTES) } }));
    expect(await closed).toBe(1009);
  });

  it('repeats no more than a hundred characters of a method name a megabyte long', async () => {
    const ws = await socket();
    const answered = nextAnswer(ws);
    ws.send(JSON.stringify({ id: 1, method: 'm'.repeat(1024 * 1024), input: {} }));
    const answer = await answered;
    expect(answer).toMatchObject({ id: 1, result: { ok: false, error: { code: 'unknown-method' } } });
    expect(JSON.stringify(answer).length).toBeLessThan(400);
    ws.close();
  });

  it('answers a request without Host, with an empty Host or with two, with a 400 that has a body, in HTTP/1.1 and 1.0', async () => {
    const host = new URL(s.origin).host;
    for (const lines of [
      'GET / HTTP/1.1\r\n\r\n',
      'GET / HTTP/1.0\r\n\r\n',
      'GET / HTTP/1.1\r\nHost: \r\n\r\n',
      `GET / HTTP/1.1\r\nHost: ${host}\r\nHost: evil.example\r\n\r\n`,
    ]) {
      const answer = await raw(lines);
      expect(answer, lines).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4).replace(/^[0-9a-f]+\r\n|\r\n0\r\n\r\n$/g, ''))).toMatchObject({ ok: false, error: { code: 'forbidden-host' } });
    }
    // A request Node's own parser refuses gets a body too.
    const malformed = await raw(`GET / HTTP/1.1\r\nHost: ${host}\r\nBad Header\r\n\r\n`);
    expect(malformed).toMatch(/^HTTP\/1\.1 400 /);
    expect(malformed).toContain('"code":"malformed-request"');
  });
});

describe('the core\'s channel', { timeout: 120_000 }, () => {
  it('answers a call it cannot carry (its serializer throws), also one made while the core restarts, and the core goes on', async () => {
    const entry = await bundledCoreEntry();
    const core = startCoreSupervisor({ spawn: () => forkCore(entry), init: { root: tempFolder(), vault: 'none' }, onEvent: () => undefined });
    try {
      await core.ready();
      // Nested deeper than V8's serializer for the channel goes (a page can no longer send this: the depth limit).
      let input: unknown = {};
      for (let i = 0; i < 100_000; i++) input = [input];
      expect(await core.invoke('drafts.page', input)).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
      // While the core restarts, the call waits for it and is sent from its 'ready' message (the
      // server died here before: RangeError uncaught).
      process.kill(core.pid()!, 'SIGKILL');
      await expect.poll(() => core.restarts(), { timeout: 30_000 }).toBe(1);
      expect(await core.invoke('drafts.page', input)).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
      expect(await core.invoke('drafts.page', {})).toMatchObject({ ok: true });
    } finally {
      await core.close();
    }
  });
});
