// `npm run bench:sync`: what a sync costs a power seller. The real service (a child process,
// bench/sync-pull-bench-server.ts) holds LISTINGS listings of one seller (1 in 4 open); the app's
// sync port (electron/core/session/engine-sync.ts, as the app runs it) talks to it through our
// counting loopback proxy, which adds a fixed latency to every request. For each latency: the
// first sync (requests, seconds), a sync with nothing changed (requests, seconds), and a sync
// after 10 remote changes (requests); and publishing N drafts with 3 photos each through the
// engine against a bare fetch loop of the same calls at the same concurrency and latency
// (bench/sync-push-bench.ts). Prints one JSON line (kept as bench/results/sync-<date>.json).
// Options: --listings N (default 10000, the figure), --latency 0,50,
// --publish N (default 300, the figure; 0 skips it), --photos N (default 3).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { memoryCredentialStore } from '../electron/core/api/index.ts';
import { openAccountDb } from '../electron/core/db/open-account-db.ts';
import { engineSync } from '../electron/core/session/engine-sync.ts';
import { startLoopbackProxy } from '../tests/core/support/loopback-proxy.ts';
import { benchSyncPush } from './sync-push-bench.ts';
import type { SyncPullBenchInfo } from './sync-pull-bench-server.ts';

const { values: args } = parseArgs({
  options: {
    listings: { type: 'string', default: '10000' },
    latency: { type: 'string', default: '0,50' },
    publish: { type: 'string', default: '300' },
    photos: { type: 'string', default: '3' },
  },
});
const LISTINGS = Number(args.listings);
const LATENCIES = args.latency.split(',').map(Number);
const PUBLISH = Number(args.publish);
const PHOTOS = Number(args.photos);
const SERVER = fileURLToPath(new URL('./sync-pull-bench-server.ts', import.meta.url));
const round = (x: number, digits = 2) => Number(x.toFixed(digits));

async function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER, String(LISTINGS)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = once(child, 'exit');
  const lines: string[] = [];
  const waiters: Array<(line: string) => void> = [];
  let buffer = '';
  child.stdout.on('data', (d: Buffer) => {
    buffer += d.toString();
    let at: number;
    while ((at = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      const waiter = waiters.shift();
      if (waiter) waiter(line);
      else lines.push(line);
    }
  });
  const nextLine = () => new Promise<string>((resolve) => (lines.length ? resolve(lines.shift()!) : waiters.push(resolve)));
  const info = JSON.parse(await nextLine()) as SyncPullBenchInfo;
  return {
    info,
    async change(n: number) {
      child.stdin.write(`change ${n}\n`);
      const answer = await nextLine();
      if (answer !== 'changed') throw new Error(`remote changes: ${answer}`);
    },
    async close() {
      child.stdin.end();
      await exited;
    },
  };
}

async function measure(server: Awaited<ReturnType<typeof startServer>>, latencyMs: number) {
  const proxy = await startLoopbackProxy(server.info.url, { delayMs: latencyMs });
  const folder = mkdtempSync(join(tmpdir(), 'sync-bench-'));
  const db = openAccountDb(join(folder, 'account.sqlite'));
  const port = engineSync({ db, baseUrl: proxy.url, credentials: memoryCredentialStore({ username: server.info.seller, password: server.info.password }) });
  const requests = () => [...proxy.counts.values()].reduce((a, b) => a + b, 0);
  const sync = async () => {
    const before = requests();
    const started = performance.now();
    const status = await port.syncNow();
    if (status.message) throw new Error(status.message);
    return { requests: requests() - before, seconds: round((performance.now() - started) / 1000) };
  };
  try {
    const first = await sync();
    const unchanged = await sync();
    await server.change(10);
    const afterTenChanges = await sync();
    return { latencyMs, firstSync: first, unchangedSync: unchanged, afterTenRemoteChanges: afterTenChanges };
  } finally {
    port.close();
    db.close();
    await proxy.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

const server = await startServer();
const runs = [];
try {
  for (const latency of LATENCIES) runs.push(await measure(server, latency));
} finally {
  await server.close();
}
const publish = [];
if (PUBLISH > 0) {
  for (const latency of LATENCIES) {
    const root = mkdtempSync(join(tmpdir(), 'sync-bench-publish-'));
    try {
      const r = await benchSyncPush(root, PUBLISH, 4, { photos: PHOTOS, latencyMs: latency });
      publish.push({ latencyMs: latency, drafts: r.items, photosPerDraft: PHOTOS, seconds: round(r.items / r.itemsPerSecond), bareSeconds: round(r.items / r.bareItemsPerSecond), ratio: r.ratio, target: 'ratio >= 0.9', requestsPerItem: r.requestsPerItem, bareRequestsPerItem: r.bareRequestsPerItem, published: r.published });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }
}
process.stdout.write(`${JSON.stringify({ listings: LISTINGS, openShare: 0.25, runs, publish })}\n`);
