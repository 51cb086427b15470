import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../shared/api/index.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ rateLimitPerMinute: 5 });
});
afterAll(() => server.close());

describe('rate limiting', () => {
  it('answers 429 with Retry-After and the error body once a token has used its minute', async () => {
    const { token } = await server.login('anna');
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 7; i++) {
      const res = await call(server.api('/categories'), { token });
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(ErrorBody.parse(limited!.body).errors[0]?.code).toBe('rate_limited');
  });

  it('counts each token on its own, so one client on 127.0.0.1 does not starve another', async () => {
    const { token } = await server.login('pekka');
    expect((await call(server.api('/categories'), { token })).status).toBe(200);
  });
});
