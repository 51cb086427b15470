// The fault proxy against the real service: each fault shows the right thing to the client and to
// the service, bodies pass intact, faults are reproducible from a seed, close() leaves nothing open.
import { createServer } from 'node:net';
import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, Item, LIMITS } from '../../shared/api/index.ts';
import { pngOfExactSize, uploadImage } from '../support/image-files.ts';
import { startFaultProxy, type FaultPlan, type FaultProxy } from '../support/fault-proxy.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let proxy: FaultProxy;
let sellers = 0;

beforeAll(async () => {
  server = await startTestServer();
  proxy = await startFaultProxy({ target: server.url, seed: 42 });
});
afterEach(() => {
  proxy.setPlan('off');
  proxy.resetStats();
});
afterAll(async () => {
  await proxy.close();
  await server.close();
});

// A seller per test: the service keeps at most 10 remote drafts per user.
async function seller(): Promise<{ token: string; userId: number }> {
  sellers += 1;
  return server.login(sellers === 1 ? 'anna' : `anna${sellers}`, ['private']);
}

const itemsThroughProxy = (id?: number) => `${proxy.url}/1.1/items${id === undefined ? '' : `/${id}`}`;

function postItem(token: string, title: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(itemsThroughProxy(), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-marketapitoken': token, ...headers },
    body: JSON.stringify({ status: 'draft', title }),
  });
}

function itemsTitled(title: string): number[] {
  const rows = server.service.db.prepare('SELECT id FROM items WHERE title = ? ORDER BY id').all(title) as Array<{ id: number }>;
  return rows.map((row) => row.id);
}

/** The error a fetch rejects with when its connection is cut: a TypeError with the socket's cause. */
async function connectionError(promise: Promise<unknown>): Promise<Error> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TypeError);
  const cause = (err as Error & { cause?: unknown }).cause;
  expect(cause).toBeInstanceOf(Error);
  return cause as Error;
}

const only = (fault: FaultPlan['rules'] extends readonly (infer R)[] | undefined ? R : never): FaultPlan => ({ rules: [fault] });

describe('pass-through', () => {
  it('forwards a create and keeps Host, so the links the service builds point back through the proxy', async () => {
    const { token } = await seller();
    const res = await postItem(token, 'plain pass');
    expect(res.status).toBe(201);
    const item = Item.parse(await res.json());
    expect(item.links.self).toBe(itemsThroughProxy(item.id));
    expect(itemsTitled('plain pass')).toEqual([item.id]);
    const read = await fetch(item.links.self, { headers: { 'x-marketapitoken': token } });
    expect(Item.parse(await read.json()).title).toBe('plain pass');
    const stats = proxy.stats();
    expect(stats).toMatchObject({ requests: 2, forwarded: 2, inFlight: 0 });
    expect(stats.log.map((e) => [e.method, e.url, e.fault, e.upstreamStatus, e.outcome])).toEqual([
      ['POST', '/1.1/items', null, 201, 'passed'],
      ['GET', `/1.1/items/${item.id}`, null, 200, 'passed'],
    ]);
  });

  it('forwards form-encoded bodies and passes the service\'s own errors through unchanged', async () => {
    const { token } = await seller();
    const form = await call(itemsThroughProxy(), { token, form: { status: 'draft', title: 'form pass' } });
    expect(form.status).toBe(201);
    expect(itemsTitled('form pass')).toHaveLength(1);
    const bad = await call(itemsThroughProxy(), { token, json: { status: 'draft', title: 'x'.repeat(61) } });
    expect(bad.status).toBe(400);
    expect(ErrorBody.parse(bad.body).errors[0]?.field).toBe('title');
  });

  it('reuses one upstream connection for sequential requests (keep-alive)', async () => {
    for (let i = 0; i < 5; i++) expect((await fetch(`${proxy.url}/1.1/categories`)).status).toBe(200);
    expect(proxy.stats().upstreamSockets).toBe(1);
  });

  it('answers 502 with the error body when the service cannot be reached', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as { port: number }).port;
    closed.close();
    await once(closed, 'close');
    const orphan = await startFaultProxy({ target: `http://127.0.0.1:${port}` });
    try {
      const res = await call(`${orphan.url}/1.1/categories`);
      expect(res.status).toBe(502);
      expect(ErrorBody.parse(res.body).errors[0]?.code).toBe('bad_gateway');
      expect(orphan.stats().log[0]?.outcome).toBe('upstream-error');
    } finally {
      await orphan.close();
    }
  });
});

describe('drops', () => {
  it('drop-before cuts the connection and the service never sees the request', async () => {
    const { token } = await seller();
    proxy.setPlan(only({ method: 'POST', path: /^\/1\.1\/items$/, fault: { kind: 'drop-before' } }));
    await connectionError(postItem(token, 'never sent'));
    expect(itemsTitled('never sent')).toEqual([]);
    expect(proxy.stats()).toMatchObject({ forwarded: 0, faults: { 'drop-before': 1 } });
    expect(proxy.stats().log[0]).toMatchObject({ fault: 'drop-before', upstreamStatus: null, outcome: 'faulted' });
  });

  it('drop-after lets the service commit the item while the client only sees a socket error', async () => {
    const { token } = await seller();
    proxy.setPlan(only({ method: 'POST', fault: { kind: 'drop-after' } }));
    await connectionError(postItem(token, 'committed unseen'));
    expect(itemsTitled('committed unseen')).toHaveLength(1);
    expect(proxy.stats().log[0]).toMatchObject({ fault: 'drop-after', upstreamStatus: 201, outcome: 'faulted' });
  });

  it('a create lost after commit, retried with the same Idempotency-Key, returns the same item once', async () => {
    const { token } = await seller();
    proxy.setPlan(only({ method: 'POST', path: /^\/1\.1\/items$/, fault: { kind: 'drop-after' }, times: 1 }));
    const key = { 'idempotency-key': 'reconcile-1' };
    await connectionError(postItem(token, 'reconciled', key));
    const [createdId] = itemsTitled('reconciled');
    expect(createdId).toBeDefined();

    const retry = await postItem(token, 'reconciled', key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(Item.parse(await retry.json()).id).toBe(createdId);
    expect(itemsTitled('reconciled')).toEqual([createdId]);
    expect(proxy.stats().log.map((e) => [e.fault, e.upstreamStatus])).toEqual([
      ['drop-after', 201],
      [null, 201],
    ]);
  });

  it('truncate sends the headers and half the body, after the service has committed', async () => {
    const { token } = await seller();
    proxy.setPlan(only({ method: 'POST', fault: { kind: 'truncate' } }));
    const res = await postItem(token, 'half answered');
    expect(res.status).toBe(201);
    const announced = Number(res.headers.get('content-length'));
    expect(announced).toBeGreaterThan(0);
    await connectionError(res.text());
    expect(itemsTitled('half answered')).toHaveLength(1);
    expect(proxy.stats().log[0]).toMatchObject({ fault: 'truncate', upstreamStatus: 201, outcome: 'faulted' });
  });
});

describe('injected answers and delays', () => {
  it('answers 503 with Retry-After and 500 without, in the service\'s error body, without forwarding', async () => {
    const { token } = await seller();
    proxy.setPlan({
      rules: [
        { method: 'POST', fault: { kind: 'status', status: 503, retryAfterSeconds: 3 }, times: 1 },
        { method: 'POST', fault: { kind: 'status', status: 500 }, times: 1 },
      ],
    });
    const unavailable = await postItem(token, 'not created');
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('retry-after')).toBe('3');
    expect(ErrorBody.parse(await unavailable.json()).errors[0]).toMatchObject({ field: null, code: 'unavailable' });
    const internal = await postItem(token, 'not created');
    expect(internal.status).toBe(500);
    expect(internal.headers.get('retry-after')).toBeNull();
    expect(ErrorBody.parse(await internal.json()).errors[0]?.code).toBe('internal');
    expect(itemsTitled('not created')).toEqual([]);
    expect(proxy.stats()).toMatchObject({ forwarded: 0, faults: { status: 2 } });
  });

  it('answers 429 with Retry-After in seconds, then lets the same request through once the rule is spent', async () => {
    const { token } = await seller();
    proxy.setPlan(only({ method: 'POST', fault: { kind: 'status', status: 429 }, times: 1 }));
    const limited = await postItem(token, 'after the limit');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(ErrorBody.parse(await limited.json()).errors[0]?.code).toBe('rate_limited');
    expect((await postItem(token, 'after the limit')).status).toBe(201);
    expect(itemsTitled('after the limit')).toHaveLength(1);
  });

  it('delay holds the request before forwarding it and then answers normally', async () => {
    const { token } = await seller();
    proxy.setPlan(only({ method: 'POST', fault: { kind: 'delay', ms: 300 } }));
    const started = performance.now();
    const pending = postItem(token, 'late but fine');
    const held = await proxy.waitFor((s) => s.requests === 1);
    // While held, the service has not seen the request.
    expect(held.forwarded).toBe(0);
    expect(itemsTitled('late but fine')).toEqual([]);
    const res = await pending;
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    expect(res.status).toBe(201);
    expect(itemsTitled('late but fine')).toHaveLength(1);
    expect(proxy.stats().log[0]).toMatchObject({ fault: 'delay', delayMs: 300, upstreamStatus: 201, outcome: 'passed' });
  });
});

describe('bodies', () => {
  it('streams multipart uploads intact: a PNG of exactly 8 MB is accepted and one byte more is refused', async () => {
    const { token } = await seller();
    const draft = Item.parse(await (await postItem(token, 'with photo')).json());
    const url = `${itemsThroughProxy(draft.id)}/images`;
    const atLimit = await uploadImage(url, await pngOfExactSize(LIMITS.imageBytes), { token });
    expect(atLimit.status).toBe(201);
    expect(atLimit.headers.get('location')).toMatch(new RegExp(`^${proxy.url}/1\\.1/items/${draft.id}/images/\\d+$`));
    const overLimit = await uploadImage(url, await pngOfExactSize(LIMITS.imageBytes + 1), { token });
    expect(overLimit.status).toBe(413);
    const count = server.service.db.prepare('SELECT count(*) AS n FROM images WHERE item_id = ?').get(draft.id) as { n: number };
    expect(count.n).toBe(1);
  });
  it('faults on an 8 MB upload: 503 after reading it all, nothing stored on drop-before, stored on drop-after', async () => {
    const { token } = await seller();
    const draft = Item.parse(await (await postItem(token, 'upload faults')).json());
    const url = `${itemsThroughProxy(draft.id)}/images`;
    const image = await pngOfExactSize(LIMITS.imageBytes);
    const stored = () => (server.service.db.prepare('SELECT count(*) AS n FROM images WHERE item_id = ?').get(draft.id) as { n: number }).n;
    const upload = /^\/1\.1\/items\/\d+\/images$/;

    proxy.setPlan(only({ method: 'POST', path: upload, fault: { kind: 'status', status: 503 }, times: 1 }));
    expect((await uploadImage(url, image, { token })).status).toBe(503);
    proxy.setPlan(only({ method: 'POST', path: upload, fault: { kind: 'drop-before' }, times: 1 }));
    await connectionError(uploadImage(url, image, { token }));
    expect(stored()).toBe(0);
    proxy.setPlan(only({ method: 'POST', path: upload, fault: { kind: 'drop-after' }, times: 1 }));
    await connectionError(uploadImage(url, image, { token }));
    expect(stored()).toBe(1);
    expect(proxy.stats().log.map((e) => [e.fault, e.upstreamStatus])).toEqual([
      [null, 201],
      ['status', null],
      ['drop-before', null],
      ['drop-after', 201],
    ]);
  });
});

describe('under concurrency', () => {
  it('accounts for every request of a parallel faulty run, and the service holds exactly what the log says it committed', async () => {
    const tokens = await Promise.all([1, 2, 3, 4, 5].map(async () => (await seller()).token));
    proxy.setPlan({
      random: {
        rates: { 'drop-before': 0.15, 'drop-after': 0.15, status: 0.15, delay: 0.15, truncate: 0.1 },
        delayMs: { min: 1, max: 20 },
      },
    });
    // 30 creates, 6 per seller (under the 10-draft limit even if all succeed); the query string
    // tells them apart in the log (the service ignores it).
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, async (_, n) => {
        const res = await fetch(`${itemsThroughProxy()}?n=${n}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-marketapitoken': tokens[n % 5] ?? '' },
          body: JSON.stringify({ status: 'draft', title: `parallel ${n}` }),
        }).catch(() => null);
        return res ? res.status : 'cut';
      }),
    );
    const stats = await proxy.waitFor((s) => s.inFlight === 0);
    expect(stats.requests).toBe(30);
    expect(stats.log).toHaveLength(30);
    expect(Object.values(stats.faults).reduce((a, b) => a + b, 0)).toBeGreaterThan(5);
    for (const entry of stats.log) {
      const n = Number(new URL(entry.url, proxy.url).searchParams.get('n'));
      const committed = itemsTitled(`parallel ${n}`).length;
      expect(committed, `request ${n} (${entry.fault ?? 'no fault'})`).toBe(entry.upstreamStatus === 201 ? 1 : 0);
      const seen = outcomes[n];
      switch (entry.fault) {
        case null:
        case 'delay':
          expect(seen).toBe(201);
          break;
        case 'status':
          expect(seen).toBe(entry.injectedStatus);
          break;
        case 'drop-before':
        case 'drop-after':
          expect(seen).toBe('cut');
          break;
        case 'truncate':
          // The headers arrived; the cut body is the caller's to notice (fetch resolves first).
          expect(seen).toBe(201);
          break;
      }
      expect(entry.outcome).not.toBe('pending');
    }
    expect(stats.forwarded).toBe(stats.log.filter((e) => e.fault !== 'drop-before' && e.fault !== 'status').length);
  });
});

describe('plans', () => {
  const randomPlan: FaultPlan = {
    random: {
      rates: { 'drop-before': 0.15, 'drop-after': 0.15, status: 0.2, delay: 0.2, truncate: 0.1 },
      delayMs: { min: 1, max: 5 },
    },
  };

  async function runSequence(seed: number): Promise<string[]> {
    const own = await startFaultProxy({ target: server.url, seed, plan: randomPlan });
    try {
      for (let i = 0; i < 40; i++) {
        // Every outcome is fine here; only the faults chosen matter.
        await fetch(`${own.url}/1.1/categories?i=${i}`).then((res) => res.text()).catch(() => undefined);
      }
      const { log, faults, requests } = own.stats();
      expect(requests).toBe(40);
      for (const kind of ['drop-before', 'drop-after', 'status', 'delay', 'truncate'] as const) {
        expect(faults[kind]).toBe(log.filter((e) => e.fault === kind).length);
      }
      return log.map((e) => `${e.url} ${e.fault ?? 'none'} ${e.injectedStatus ?? ''} ${e.delayMs ?? ''}`);
    } finally {
      await own.close();
    }
  }

  it('gives the same faults for the same seed and the same request sequence, and others for another seed', async () => {
    const first = await runSequence(7);
    const again = await runSequence(7);
    const other = await runSequence(8);
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
    // Every kind occurs at these rates in 40 requests with this seed, so the sequence is a real mix.
    expect(new Set(first.map((line) => line.split(' ')[1]))).toEqual(new Set(['none', 'drop-before', 'drop-after', 'status', 'delay', 'truncate']));
  });

  it('skips the first matches of a rule, fires it `times` times, and ignores requests it does not match', async () => {
    proxy.setPlan(only({ method: 'GET', path: /^\/1\.1\/categories$/, fault: { kind: 'status', status: 502 }, skip: 1, times: 2 }));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(`${proxy.url}/1.1/categories`)).status);
    statuses.push((await fetch(`${proxy.url}/1.1/categories/1`)).status);
    expect(statuses.slice(0, 4)).toEqual([200, 502, 502, 200]);
    expect(proxy.stats().log[4]?.fault).toBeNull();
  });

  it('picks requests by a condition on their headers', async () => {
    const { token } = await seller();
    proxy.setPlan(only({ method: 'POST', when: (r) => r.headers['idempotency-key'] === 'pick-me', fault: { kind: 'drop-before' } }));
    expect((await postItem(token, 'picked by header', { 'idempotency-key': 'not-me' })).status).toBe(201);
    await connectionError(postItem(token, 'picked by header', { 'idempotency-key': 'pick-me' }));
    expect(itemsTitled('picked by header')).toHaveLength(1);
    expect(proxy.stats().log.map((e) => e.fault)).toEqual([null, 'drop-before']);
  });

  it("'off' passes everything through after a plan that faulted every request", async () => {
    const { token } = await seller();
    proxy.setPlan({ random: { rates: { 'drop-before': 1 } } });
    await connectionError(postItem(token, 'after faults stop'));
    proxy.setPlan('off');
    expect((await postItem(token, 'after faults stop')).status).toBe(201);
    expect(itemsTitled('after faults stop')).toHaveLength(1);
  });

  it('refuses plans that could hang or name impossible values', async () => {
    expect(() => proxy.setPlan(only({ fault: { kind: 'delay', ms: 10 * 60_000 } }))).toThrow(/fault\.ms/);
    expect(() => proxy.setPlan({ random: { rates: { status: 0.7, delay: 0.5 } } })).toThrow(/add up/);
    // @ts-expect-error 404 is not a fault status
    expect(() => proxy.setPlan(only({ fault: { kind: 'status', status: 404 } }))).toThrow(/status/);
  });
});

describe('close', () => {
  it('cuts requests in flight, closes every socket and resolves', async () => {
    const { token } = await seller();
    const own = await startFaultProxy({ target: server.url, seed: 1 });
    // One finished request leaves idle keep-alive connections on both sides.
    expect((await fetch(`${own.url}/1.1/categories`)).status).toBe(200);
    own.setPlan(only({ fault: { kind: 'delay', ms: 20_000 } }));
    const held = [
      fetch(`${own.url}/1.1/items`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-marketapitoken': token }, body: '{"status":"draft","title":"cut by close"}' }),
      fetch(`${own.url}/1.1/categories`),
    ].map((p) =>
      p.then(
        () => 'answered',
        () => 'failed',
      ),
    );
    await own.waitFor((s) => s.inFlight === 2);
    await own.close();
    expect(await Promise.all(held)).toEqual(['failed', 'failed']);
    const stats = own.stats();
    expect(stats).toMatchObject({ inFlight: 0, openSockets: 0, upstreamSockets: 0, forwarded: 1 });
    expect(stats.log.slice(1).map((e) => e.outcome)).toEqual(['closed', 'closed']);
    expect(itemsTitled('cut by close')).toEqual([]);
    await own.close();
  });
});
