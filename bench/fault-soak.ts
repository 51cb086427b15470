// Soak of the fault proxy with a plain retrying client: many sellers create, edit and delete
// drafts through a proxy that drops, cuts, delays and refuses requests at random, then the faults
// stop and the service is checked: every create applied once (Idempotency-Key replays), every
// edit kept, every delete done. Prints one JSON object.
// Run: npx tsx bench/fault-soak.ts [--sellers 24] [--rounds 2] [--drafts 5] [--seed 1] [--concurrency 8]
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { startFaultProxy, type FaultPlan } from '../tests/support/fault-proxy.ts';
import { startTestServer } from '../tests/support/server.ts';

const { values: args } = parseArgs({
  options: {
    sellers: { type: 'string', default: '24' },
    rounds: { type: 'string', default: '2' },
    drafts: { type: 'string', default: '5' },
    edits: { type: 'string', default: '3' },
    seed: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '8' },
  },
});
const SELLERS = Number(args.sellers);
const ROUNDS = Number(args.rounds);
const DRAFTS = Number(args.drafts); // per round; at most 10 (the service's draft limit)
const EDITS = Number(args.edits);
const MAX_ATTEMPTS = 100;

const plan: FaultPlan = {
  random: {
    rates: { 'drop-before': 0.08, 'drop-after': 0.08, status: 0.1, delay: 0.08, truncate: 0.06 },
    // Retry-After 0 keeps the soak fast; the client still reads and honours it.
    retryAfterSeconds: 0,
    delayMs: { min: 1, max: 30 },
  },
};

const server = await startTestServer();
const proxy = await startFaultProxy({ target: server.url, seed: Number(args.seed), plan });
let attempts = 0;
let retries = 0;

interface Answer {
  status: number;
  body: unknown;
}

/** Sends until an answer that is not a transport failure, a 429 or a 5xx arrives. */
async function send(method: string, path: string, token: string, body?: unknown, key?: string): Promise<Answer> {
  const headers: Record<string, string> = { 'x-marketapitoken': token };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (key) headers['idempotency-key'] = key;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    attempts += 1;
    if (attempt > 1) retries += 1;
    let res: Response;
    let text: string;
    try {
      res = await fetch(proxy.url + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      text = await res.text(); // a truncated body throws here
    } catch {
      continue;
    }
    if (res.status === 429 || res.status >= 500) {
      const wait = Number(res.headers.get('retry-after') ?? 0) * 1000;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      continue;
    }
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  }
  throw new Error(`${method} ${path}: no answer after ${MAX_ATTEMPTS} attempts`);
}

const ops = { creates: 0, edits: 0, deletes: 0 };
const expected = new Map<number, string>(); // surviving item id -> its last title
const deleted: number[] = [];
const ownerToken = new Map<number, string>();

async function runSeller(s: number): Promise<void> {
  const { token } = await server.login(`soak${s}`, ['private']);
  for (let round = 0; round < ROUNDS; round++) {
    const ids: number[] = [];
    for (let d = 0; d < DRAFTS; d++) {
      const created = await send('POST', '/1.1/items', token, { status: 'draft', title: `s${s} r${round} d${d}` }, `create-${s}-${round}-${d}`);
      if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
      ops.creates += 1;
      const { id } = created.body as { id: number };
      ids.push(id);
      ownerToken.set(id, token);
    }
    for (const [d, id] of ids.entries()) {
      for (let e = 1; e <= EDITS; e++) {
        const title = `s${s} r${round} d${d} v${e}`;
        const edited = await send('PUT', `/1.1/items/${id}`, token, { title });
        if (edited.status !== 200) throw new Error(`edit: ${edited.status} ${JSON.stringify(edited.body)}`);
        ops.edits += 1;
        expected.set(id, title);
      }
    }
    // Every round but the last deletes its drafts; a retried delete whose first try was
    // applied answers 404, which is this client's reconciliation.
    if (round < ROUNDS - 1) {
      for (const id of ids) {
        const gone = await send('DELETE', `/1.1/items/${id}`, token);
        if (gone.status !== 204 && gone.status !== 404) throw new Error(`delete: ${gone.status}`);
        ops.deletes += 1;
        expected.delete(id);
        deleted.push(id);
      }
    }
  }
}

const started = performance.now();
let next = 0;
const concurrency = Math.max(1, Number(args.concurrency));
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < SELLERS) await runSeller(next++);
  }),
);
const elapsedMs = performance.now() - started;

// Faults stop; the client's view through the proxy and the database must now agree.
const stats = proxy.stats();
proxy.setPlan('off');
const db = server.service.db;
const rows = db.prepare("SELECT i.id, i.title FROM items i JOIN users u ON u.id = i.seller_id WHERE u.username LIKE 'soak%'").all() as Array<{ id: number; title: string }>;
const unexpected = rows.filter((row) => !expected.has(row.id));
const lostEdits = [...expected].filter(([id, title]) => rows.find((row) => row.id === id)?.title !== title);
const notDeleted = deleted.filter((id) => rows.some((row) => row.id === id));
// Every surviving item read back through the proxy by its owner (drafts are private).
const survivors = [...expected.keys()];
const readBack = await Promise.all(survivors.map((id) => send('GET', `/1.1/items/${id}`, ownerToken.get(id) ?? '')));

console.log(
  JSON.stringify(
    {
      operations: { ...ops, total: ops.creates + ops.edits + ops.deletes },
      attempts,
      retries,
      proxy: { requests: stats.requests, forwarded: stats.forwarded, faults: stats.faults },
      duplicates: unexpected.length,
      lostEdits: lostEdits.length,
      notDeleted: notDeleted.length,
      readBackAfterFaultsStop: readBack.every((r, i) => r.status === 200 && (r.body as { title: string }).title === expected.get(survivors[i] ?? -1)),
      faultsAfterOff: totalFaults(proxy.stats().faults) - totalFaults(stats.faults),
      elapsedMs: Math.round(elapsedMs),
      operationsPerSecond: Math.round(((ops.creates + ops.edits + ops.deletes) / elapsedMs) * 1000),
    },
    null,
    2,
  ),
);

function totalFaults(faults: Record<string, number>): number {
  return Object.values(faults).reduce((a, b) => a + b, 0);
}

await proxy.close();
await server.close();
if (unexpected.length || lostEdits.length || notDeleted.length) process.exitCode = 1;
