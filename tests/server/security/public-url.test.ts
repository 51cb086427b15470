// Issue 9, "Also": with a public URL set, the service answers only for its host, so links never
// follow a foreign Host header.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.ts';

const PUBLIC_URL = 'https://market.example';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ publicUrl: PUBLIC_URL });
});
afterAll(() => server.close());

function get(path: string, host: string): Promise<{ status: number; body: unknown }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('--public-url', () => {
  it('answers the public host with links on the public URL', async () => {
    const res = await get('/1.1/categories', 'market.example');
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain(`${PUBLIC_URL}/1.1/categories`);
  });

  it('refuses any other Host with 421 wrong_host, so no link is built from it', async () => {
    for (const host of ['evil.example', `127.0.0.1:${new URL(server.url).port}`, 'market.example.evil.example']) {
      const res = await get('/1.1/categories', host);
      expect(res.status, host).toBe(421);
      expect(res.body).toMatchObject({ errors: [{ field: 'Host', code: 'wrong_host' }] });
      expect(JSON.stringify(res.body)).not.toContain('/1.1/categories/');
    }
  });
});
