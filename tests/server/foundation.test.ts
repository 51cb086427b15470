import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthenticationResult, ErrorBody, RootResource } from '../../shared/api/index.ts';
import { call, startTestServer, TEST_PASSWORD, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.addUser('anna', ['private']);
});
afterAll(() => server.close());

describe('authentication', () => {
  it('answers 201 with a 32-hex token valid one hour, from a JSON body', async () => {
    const res = await call(server.api('/authentication'), { json: { username: 'anna', password: TEST_PASSWORD } });
    expect(res.status).toBe(201);
    const body = AuthenticationResult.parse(res.body);
    expect(body.authentication.token.id).toMatch(/^[0-9a-f]{32}$/);
    const start = Date.parse(body.authentication.token.startTime.replace(/(\d{2})(\d{2})$/, '$1:$2'));
    const end = Date.parse(body.authentication.token.expires.replace(/(\d{2})(\d{2})$/, '$1:$2'));
    expect(end - start).toBe(3600_000);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('reads the credentials from a form body, multipart and the query string', async () => {
    const form = await call(server.api('/authentication'), { form: { username: 'anna', password: TEST_PASSWORD } });
    expect(form.status).toBe(201);
    const query = await call(server.api(`/authentication?username=anna&password=${TEST_PASSWORD}`), { method: 'POST' });
    expect(query.status).toBe(201);
    const data = new FormData();
    data.set('username', 'anna');
    data.set('password', TEST_PASSWORD);
    const multi = await fetch(server.api('/authentication'), { method: 'POST', body: data });
    expect(multi.status).toBe(201);
  });

  it('answers 400 naming each missing field, and 400 for a wrong password or unknown user', async () => {
    const missing = await call(server.api('/authentication'), { json: {} });
    expect(missing.status).toBe(400);
    const fields = ErrorBody.parse(missing.body).errors.map((e) => e.field).sort();
    expect(fields).toEqual(['password', 'username']);
    const wrong = await call(server.api('/authentication'), { json: { username: 'anna', password: 'nope-nope' } });
    expect(wrong.status).toBe(400);
    expect(ErrorBody.parse(wrong.body).errors[0]?.code).toBe('invalid_credentials');
    const unknown = await call(server.api('/authentication'), { json: { username: 'nobody', password: 'x' } });
    expect(unknown.status).toBe(400);
  });

  it('stores passwords as salted argon2 hashes, never in clear', () => {
    const row = server.service.db.prepare('SELECT password_hash FROM users WHERE username = ?').get('anna') as { password_hash: string };
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(TEST_PASSWORD);
  });

  it('answers 400, not 500, for a malformed JSON body', async () => {
    const res = await fetch(server.api('/authentication'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":' });
    expect(res.status).toBe(400);
    ErrorBody.parse(await res.json());
  });
});

describe('root and conventions', () => {
  it('lists the resources, with and without a trailing slash', async () => {
    for (const path of ['/1.1/', '/1.1']) {
      const res = await call(server.url + path);
      expect(res.status).toBe(200);
      const body = RootResource.parse(res.body);
      expect(body.authentication).toBeNull();
      for (const link of Object.values(body.links)) {
        if (link) expect((await fetch(link)).status).toBe(200);
      }
    }
  });

  it('shows the caller\'s token on the root resource', async () => {
    const { token, userId } = await server.login('anna');
    const body = RootResource.parse((await call(server.api('/'), { token })).body);
    expect(body.authentication?.token.id).toBe(token);
    expect(body.links.user).toBe(server.api(`/users/${userId}`));
  });

  it('answers unknown paths 404 with the error body', async () => {
    const res = await call(server.api('/no-such-thing'));
    expect(res.status).toBe(404);
    expect(ErrorBody.parse(res.body).errors[0]?.code).toBe('not_found');
  });

  it('serves an OpenAPI 3.1 document generated from the schemas', async () => {
    const res = await call(server.api('/openapi.json'));
    expect(res.status).toBe(200);
    const doc = res.body as { openapi: string; paths: Record<string, unknown>; info: { description: string } };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/1.1/authentication');
    expect(doc.info.description).toContain('Error body');
  });

  it('is a valid OpenAPI 3.1 document whose every $ref resolves to a registered schema', async () => {
    const doc = (await call(server.api('/openapi.json'))).body as { components: { schemas: Record<string, unknown> } };
    // A real validator: the document against the OpenAPI 3.1 schema, then every $ref followed.
    const validator = new Validator();
    expect(await validator.validate(doc)).toEqual({ valid: true });
    expect(validator.version).toBe('3.1');
    const refs = new Set([...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]));
    // The shapes a client generator needs, each once: no unused input twins beside them.
    for (const name of ['Item', 'ItemList', 'ItemSummary', 'Bid', 'Offer', 'Question', 'ErrorBody', 'AuthenticationResult', 'User', 'UserSettings', 'CategoryNode', 'Timestamp']) {
      expect(doc.components.schemas).toHaveProperty(name);
    }
    expect(Object.keys(doc.components.schemas).sort()).toEqual([...refs].sort());
  });
});
