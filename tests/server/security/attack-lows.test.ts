// Issue 20, the lows of the attack, over real HTTP: login limits that cannot be turned against the
// owner (1), no cross-site login (2), logins apart from anonymous traffic and --trust-proxy (3),
// one character rule for every text field (4), and a request without Host answered with the
// documented error body (6). Issue 37, low 7: the owner's device past the waits others' guesses
// from the same address cause (device cookies), Host rules for HTTP/1.0 too, echoed values capped.
import { connect } from 'node:net';
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../../shared/api/index.ts';
import { manualClock } from '../../support/item-helpers.ts';
import { call, startTestServer, TEST_PASSWORD, type TestServer } from '../../support/server.ts';

let server: TestServer | undefined;
afterEach(async () => server?.close());

/** A login from `address`, as a reverse proxy trusted with --trust-proxy reports the client. */
const login = (username: string, password: string, address = '203.0.113.1', headers: Record<string, string> = {}) =>
  call(server!.api('/authentication'), { json: { username, password }, headers: { 'x-forwarded-for': address, ...headers } });
const codeOf = (body: unknown) => ErrorBody.parse(body).errors[0]?.code;

/** One raw HTTP/1.1 request: node:http sends no Host when told not to. */
function rawRequest(url: string, options: { method: string; path: string; headers?: Record<string, string>; setHost: boolean }) {
  const { port } = new URL(url);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: Number(port), method: options.method, path: options.path, headers: options.headers, setHost: options.setHost }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('login limits that cannot lock the owner out (low 1)', () => {
  it('slows one account and address pair with a growing delay that runs out, and a wait checks no password', async () => {
    const clock = manualClock();
    server = await startTestServer({ clock, trustProxy: 'loopback' });
    await server.addUser('anna');
    for (let i = 0; i < 5; i++) expect((await login('anna', 'guess-1234')).status).toBe(400);
    expect((await login('anna', 'guess-1234')).status).toBe(400); // the 6th failure starts the delay: 1 s
    const early = await login('anna', TEST_PASSWORD);
    expect([early.status, early.headers.get('retry-after'), codeOf(early.body)]).toEqual([429, '1', 'rate_limited']);
    clock.advance(1000);
    expect((await login('anna', 'guess-1234')).status).toBe(400); // 2 s now
    const longer = await login('anna', 'guess-1234');
    expect([longer.status, longer.headers.get('retry-after')]).toEqual([429, '2']);
    // Another address is not slowed by this pair's failures.
    expect((await login('anna', TEST_PASSWORD, '203.0.113.2')).status).toBe(201);
    clock.advance(2000);
    expect((await login('anna', TEST_PASSWORD)).status).toBe(201);
    // A success clears the pair: the next failures are free again.
    expect((await login('anna', 'guess-1234')).status).toBe(400);
    expect((await login('anna', 'guess-1234')).status).toBe(400);
  });

  it('never refuses the owner from an address they signed in from, however many failures others make, and keeps issued tokens', async () => {
    server = await startTestServer({ trustProxy: 'loopback', loginLimits: { perAccount: 10, perAddress: 1000, windowMs: 15 * 60_000 } });
    const annaId = await server.addUser('anna');
    const home = '198.51.100.7';
    const first = await login('anna', TEST_PASSWORD, home);
    expect(first.status).toBe(201);
    const token = (first.body as { authentication: { token: { id: string } } }).authentication.token.id;
    // Guesses from four other addresses: past the account-wide limit of 10.
    const statuses: number[] = [];
    for (let a = 1; a <= 4; a++) for (let i = 0; i < 6; i++) statuses.push((await login('anna', 'guess-1234', `203.0.113.${a}`)).status);
    expect(statuses.filter((s) => s === 400).length).toBeGreaterThanOrEqual(10);
    expect((await login('anna', TEST_PASSWORD, '203.0.113.99')).status).toBe(429); // a stranger's address is refused
    expect((await login('anna', TEST_PASSWORD, home)).status).toBe(201); // the owner's is not
    expect((await call(server.api(`/users/${annaId}/settings`), { token })).status).toBe(200);
  });

  it('lets failures from one address lock no account that signed in from there before', async () => {
    server = await startTestServer({ trustProxy: 'loopback', loginLimits: { perAccount: 1000, perAddress: 4, windowMs: 15 * 60_000 } });
    await server.addUser('ville');
    await server.addUser('maija');
    const shared = '192.0.2.10';
    expect((await login('ville', TEST_PASSWORD, shared)).status).toBe(201);
    for (const name of ['a1', 'a2', 'a3', 'a4', 'a5']) await login(name, 'guess-1234', shared);
    expect((await login('ville', TEST_PASSWORD, shared)).status).toBe(201);
    expect((await login('maija', TEST_PASSWORD, shared)).status).toBe(429); // never signed in from there
  });

  it('says the rule in the OpenAPI document', async () => {
    server = await startTestServer();
    const doc = JSON.stringify((await call(`${server.url}/1.1/openapi.json`)).body);
    expect(doc).toMatch(/account and client address pair/);
    expect(doc).toMatch(/signed in from successfully before/);
    expect(doc).toMatch(/Tokens already issued are never revoked/);
  });
});

describe('no login from another site (low 2)', () => {
  it('refuses a login whose Origin is another site, before any password check, and takes its own origin and none', async () => {
    server = await startTestServer();
    await server.addUser('anna');
    for (const origin of ['http://evil.example', 'null', `http://localhost:${new URL(server.url).port}`]) {
      const res = await call(server.api('/authentication'), { json: { username: 'anna', password: TEST_PASSWORD }, headers: { origin } });
      expect([origin, res.status, codeOf(res.body)]).toEqual([origin, 403, 'foreign_origin']);
    }
    // A cross-site form post (a "simple" request) is refused the same way.
    const form = await call(server.api('/authentication'), { form: { username: 'anna', password: 'x' }, headers: { origin: 'https://evil.example' } });
    expect(form.status).toBe(403);
    expect((await call(server.api('/authentication'), { json: { username: 'anna', password: TEST_PASSWORD }, headers: { origin: server.url } })).status).toBe(201);
    expect((await call(server.api('/authentication'), { json: { username: 'anna', password: TEST_PASSWORD } })).status).toBe(201);
  });
});

describe('logins apart from anonymous traffic (low 3)', () => {
  it('keeps logins working while anonymous requests from the same address have used their limit', async () => {
    server = await startTestServer({ rateLimitPerMinute: 20 });
    await server.addUser('anna');
    const reads = await Promise.all(Array.from({ length: 25 }, () => call(server!.api('/categories'))));
    expect(reads.filter((r) => r.status === 429).length).toBe(5);
    expect((await call(server.api('/authentication'), { json: { username: 'anna', password: TEST_PASSWORD } })).status).toBe(201);
  });

  it('counts each client behind a trusted proxy apart, and ignores X-Forwarded-For from anyone else', async () => {
    server = await startTestServer({ rateLimitPerMinute: 3, trustProxy: '127.0.0.1' });
    const from = (address: string) => call(server!.api('/categories'), { headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < 3; i++) expect((await from('203.0.113.1')).status).toBe(200);
    expect((await from('203.0.113.1')).status).toBe(429);
    expect((await from('203.0.113.2')).status).toBe(200);
    await server.close();
    server = await startTestServer({ rateLimitPerMinute: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(server.api('/categories'), { headers: { 'x-forwarded-for': `203.0.113.${i}` } })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

/** The device cookie a login answer sets (as a Cookie header's part), or null. */
const deviceCookie = (res: { headers: Headers }) => /market_device=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] ?? null;

describe('the owner\'s device (issue 37, low 7)', () => {
  it('lets the owner\'s right password in with its device cookie while someone at the same address keeps the pair waiting', async () => {
    const clock = manualClock();
    server = await startTestServer({ clock, trustProxy: 'loopback' });
    await server.addUser('anna');
    await server.addUser('maija');
    const nat = '192.0.2.44';
    const home = await login('anna', TEST_PASSWORD, nat);
    expect(home.status).toBe(201);
    const cookie = deviceCookie(home);
    expect(cookie).not.toBeNull();
    expect(home.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Strict/);
    // Someone else behind the same address: five free failures, then one wrong guess per wait.
    for (let i = 0; i < 6; i++) expect((await login('anna', 'guess-1234', nat)).status).toBe(400);
    for (let round = 0; round < 3; round++) {
      expect((await login('anna', TEST_PASSWORD, nat)).status).toBe(429); // no device cookie: waits
      expect((await login('anna', TEST_PASSWORD, nat, { cookie: cookie! })).status).toBe(201); // the owner's device: in
      clock.advance(10 * 60_000);
      expect((await login('anna', 'guess-1234', nat)).status).toBe(400);
    }
    // A changed cookie, or another account's, is none.
    const forged = cookie!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await login('anna', TEST_PASSWORD, nat, { cookie: forged })).status).toBe(429);
    const maijas = deviceCookie(await login('maija', TEST_PASSWORD, '203.0.113.9'));
    expect((await login('anna', TEST_PASSWORD, nat, { cookie: maijas! })).status).toBe(429);
    // A device cookie that fails ten times counts as none for the rest of the window.
    for (let i = 0; i < 10; i++) expect((await login('anna', 'guess-1234', nat, { cookie: cookie! })).status).toBe(400);
    expect((await login('anna', TEST_PASSWORD, nat, { cookie: cookie! })).status).toBe(429);
    const doc = JSON.stringify((await call(`${server.url}/1.1/openapi.json`)).body);
    expect(doc).toMatch(/device cookies \(OWASP\)/);
  });
});

/** The raw answer to `lines`, sent as they are (requests Node's client would not make). */
function rawLines(url: string, lines: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const conn = connect(Number(new URL(url).port), '127.0.0.1', () => conn.write(lines));
    let text = '';
    conn.on('data', (d) => (text += String(d)));
    conn.on('end', () => resolve(text));
    conn.on('error', reject);
    setTimeout(() => conn.end(), 2000).unref();
  });
}

describe('Host rules in HTTP/1.0 as in 1.1, and echoed values (issue 37, low 7)', () => {
  it('answers a request without Host, with an empty Host or with two, in either version, with the documented 400', async () => {
    server = await startTestServer();
    const host = new URL(server.url).host;
    for (const lines of [
      'GET /1.1/categories HTTP/1.0\r\n\r\n',
      'GET /1.1/categories HTTP/1.0\r\nHost: \r\n\r\n',
      'GET /1.1/categories HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n',
      `GET /1.1/categories HTTP/1.1\r\nHost: ${host}\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
      `GET /1.1/categories HTTP/1.0\r\nHost: ${host}\r\nHost: evil.example\r\n\r\n`,
    ]) {
      const answer = await rawLines(server.url, lines);
      expect([JSON.stringify(lines), answer.split('\r\n')[0]]).toEqual([JSON.stringify(lines), 'HTTP/1.1 400 Bad Request']);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;
      expect(ErrorBody.parse(body).errors[0]).toMatchObject({ field: 'Host', code: 'malformed_request' });
      expect(answer).not.toContain('http:///1.1');
    }
  });

  it('repeats at most a hundred characters of a path it has no route for', async () => {
    server = await startTestServer();
    const res = await call(`${server.url}/1.1/${'x'.repeat(10_000)}`);
    expect(res.status).toBe(404);
    expect(res.text.length).toBeLessThan(400);
  });
});

describe('a request without Host (low 6)', () => {
  it('answers 400 with the documented error body', async () => {
    server = await startTestServer();
    const res = await rawRequest(server.url, { method: 'GET', path: '/1.1/categories', setHost: false });
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(JSON.parse(res.body)).errors[0]).toMatchObject({ field: 'Host', code: 'malformed_request' });
  });
});

describe('one character rule for every text field (low 4)', () => {
  it('refuses NUL, line feeds and bidi overrides in the postal code of an item abroad, and U+2028/U+2029 in one-line fields', async () => {
    server = await startTestServer();
    const { token } = await server.login('anna');
    const draft = (json: Record<string, unknown>) => call(server!.api('/items'), { token, json: { status: 'draft', title: 'Lamp', ...json } });
    const errorOf = (body: unknown) => ErrorBody.parse(body).errors[0];
    for (const postalCode of ['SE\u0000 111', 'SE\n111 22', 'SE \u202e221', 'SE\u2028111']) {
      const res = await draft({ isLocationAbroad: 1, postalCode });
      expect([JSON.stringify(postalCode), res.status, errorOf(res.body)?.field, errorOf(res.body)?.code]).toEqual([JSON.stringify(postalCode), 400, 'postalCode', 'invalid_characters']);
    }
    for (const title of ['Lamp\u2028hidden line', 'Lamp\u2029next']) {
      const res = await draft({ title });
      expect([JSON.stringify(title), res.status, errorOf(res.body)?.code]).toEqual([JSON.stringify(title), 400, 'invalid_characters']);
    }
    // Still taken: a foreign code as people write one, and line breaks where text has lines.
    expect((await draft({ isLocationAbroad: 1, postalCode: 'SE-111 22' })).status).toBe(201);
    expect((await draft({ description: '<p>One</p>\n<p>Two</p>' })).status).toBe(201);
  });
});
