// Issue 9, finding 6: the embedded sandbox marketplace answers only its own 127.0.0.1:port, so a
// page of another site that rebinds its name to 127.0.0.1 can neither read it nor sign in with
// the public demo password.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, SANDBOX_USER, type Sandbox } from '../../electron/sandbox/embedded-marketplace.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';

let sandbox: Sandbox;
// One sandbox for the file (seeding takes seconds): its folder lives until afterAll.
const root = mkdtempSync(join(tmpdir(), 'sandbox-test-'));
beforeAll(async () => {
  sandbox = await startSandbox(root);
}, 120_000);
afterAll(async () => {
  await sandbox.close();
  rmSync(root, { recursive: true, force: true });
});

/** A request with a Host header of our choosing (fetch always sends the URL's own). */
function send(method: string, path: string, host: string, body?: string): Promise<{ status: number; text: string }> {
  const { port } = new URL(sandbox.baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, headers: { host, ...(body ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const login = JSON.stringify({ username: SANDBOX_USER, password: DEMO_PASSWORD });

describe('the embedded sandbox marketplace', () => {
  it('refuses a rebinding Host: no reads and no token for the demo password', async () => {
    const { port } = new URL(sandbox.baseUrl);
    for (const host of [`evil.example:${port}`, 'evil.example', `localhost:${port}`, `127.0.0.1:${Number(port) + 1}`]) {
      const read = await send('GET', '/1.1/categories', host);
      expect(read.status, host).toBe(421);
      expect(JSON.parse(read.text)).toMatchObject({ errors: [{ field: 'Host', code: 'wrong_host' }] });
      const signIn = await send('POST', '/1.1/authentication', host, login);
      expect(signIn.status, host).toBe(421);
      expect(signIn.text).not.toContain('token');
    }
  });

  it('answers its own host and port as before', async () => {
    const { host } = new URL(sandbox.baseUrl);
    expect((await send('GET', '/1.1/categories', host)).status).toBe(200);
    const signIn = await send('POST', '/1.1/authentication', host, login);
    expect(signIn.status).toBe(201);
    expect(JSON.parse(signIn.text).links.self).toBe(`${sandbox.baseUrl}/1.1/authentication`);
  });
});
