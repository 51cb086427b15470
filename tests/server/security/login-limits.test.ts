// Issue 9, finding 4: password guessing is limited per account and per address, and made-up
// tokens are counted against the address like no token at all.
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../../shared/api/index.ts';
import { call, startTestServer, TEST_PASSWORD, type TestServer } from '../../support/server.ts';

let server: TestServer | undefined;
afterEach(async () => server?.close());

const login = (username: string, password: string) => call(server!.api('/authentication'), { json: { username, password } });

describe('login limits', () => {
  it('refuses every login of an account, the right password too, once it has used its failures, with 429 and Retry-After', async () => {
    server = await startTestServer({ loginLimits: { perAccount: 5, perAddress: 1000, windowMs: 60_000 } });
    await server.addUser('anna');
    const wrong = await Promise.all(Array.from({ length: 8 }, () => login('anna', 'guess-1234')));
    const statuses = wrong.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    const right = await login('anna', TEST_PASSWORD);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(ErrorBody.parse(right.body).errors[0]?.code).toBe('rate_limited');
    // Another account from the same address is not locked by anna's failures.
    await server.addUser('ville');
    expect((await login('ville', TEST_PASSWORD)).status).toBe(201);
  });

  it('limits failed logins from one address across usernames', async () => {
    server = await startTestServer({ loginLimits: { perAccount: 100, perAddress: 4, windowMs: 60_000 } });
    await server.addUser('ville');
    for (const name of ['a1', 'a2', 'a3', 'a4']) expect((await login(name, 'guess-1234')).status).toBe(400);
    const limited = await login('ville', TEST_PASSWORD);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('lets a successful login clear the account count', async () => {
    server = await startTestServer({ loginLimits: { perAccount: 3, perAddress: 1000, windowMs: 60_000 } });
    await server.addUser('anna');
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++) expect((await login('anna', 'guess-1234')).status).toBe(400);
      expect((await login('anna', TEST_PASSWORD)).status).toBe(201);
    }
  });
});

describe('requests with a missing or made-up token', () => {
  it('count against the address: a fresh made-up token per request is limited', async () => {
    server = await startTestServer({ rateLimitPerMinute: 5 });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await call(server.api('/categories'), { token: randomBytes(16).toString('hex') })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
