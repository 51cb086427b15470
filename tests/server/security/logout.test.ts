// Issue 9, "Also": a token can be revoked (logout, an extension).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../../shared/api/index.ts';
import { call, startTestServer, type TestServer } from '../../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('DELETE /1.1/authentication', () => {
  it('revokes the token at once and leaves the user\'s other tokens valid', async () => {
    const first = await server.login('anna');
    const second = await server.login('anna');
    const settings = `/users/${first.userId}/settings`;
    expect((await call(server.api(settings), { token: first.token })).status).toBe(200);

    expect((await call(server.api('/authentication'), { method: 'DELETE', token: first.token })).status).toBe(204);
    const after = await call(server.api(settings), { token: first.token });
    expect(after.status).toBe(403);
    expect(ErrorBody.parse(after.body).errors[0]?.code).toBe('token_invalid');
    expect((await call(server.api(settings), { token: second.token })).status).toBe(200);
    // A second logout with the revoked token, and one without a token, are refused.
    expect((await call(server.api('/authentication'), { method: 'DELETE', token: first.token })).status).toBe(403);
    expect((await call(server.api('/authentication'), { method: 'DELETE' })).status).toBe(403);
  });

  it('is documented in the OpenAPI document as an extension', async () => {
    const doc = (await call(server.api('/openapi.json'))).body as { paths: Record<string, { delete?: { description?: string } }> };
    expect(doc.paths['/1.1/authentication']?.delete?.description).toContain('Extension');
  });
});
