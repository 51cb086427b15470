// `npm run bench:sync`: what a sync costs a power seller. The real service (a child process,
// bench/sync-pull-bench-server.ts) holds LISTINGS listings of one seller (1 in 4 open, 1 in 10 of
// the closed ones sold); the app runs as web mode runs it (its server and its core's process,
// bench/first-sync-measure.ts) and talks to the service through our counting loopback proxy, which
// adds a fixed latency to every request. For each shop size and latency: the first sync (the whole
// shop on screen, every open item's record read, every sold one's, the requests to each, the core's
// peak RSS), a sync with nothing changed, a sync after 10 remote changes; beside it, the baseline
// of the same run: plain fetch reading the shop's list pages one after another through the same
// proxy (the floor of "on screen"). Then publishing N drafts with 3 photos each through the engine
// against a bare fetch loop (bench/sync-push-bench.ts). Prints one JSON line (kept as
// bench/results/sync-<date>.json).
// Options: --listings 10000,50000 (the figures), --latency 0,50, --rate-limit N (the
// service's limit a minute; default off), --publish N (default 0: skipped; 300 is issue 29's
// figure), --photos N (default 3).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startLoopbackProxy } from '../tests/core/support/loopback-proxy.ts';
import { measureFirstSync, type BenchService } from './first-sync-measure.ts';
import { benchSyncPush } from './sync-push-bench.ts';
import type { SyncPullBenchInfo } from './sync-pull-bench-server.ts';

const { values: args } = parseArgs({
  options: {
    listings: { type: 'string', default: '10000,50000' },
    latency: { type: 'string', default: '0,50' },
    'rate-limit': { type: 'string' },
    publish: { type: 'string', default: '0' },
    photos: { type: 'string', default: '3' },
  },
});
const SIZES = args.listings.split(',').map(Number);
const LATENCIES = args.latency.split(',').map(Number);
const RATE_LIMIT = args['rate-limit'];
const PUBLISH = Number(args.publish);
const PHOTOS = Number(args.photos);
const SERVER = fileURLToPath(new URL('./sync-pull-bench-server.ts', import.meta.url));
const round = (x: number, digits = 2) => Number(x.toFixed(digits));
const load = () => loadavg().map((x) => round(x, 1));

async function startServer(listings: number): Promise<BenchService & { close(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER, String(listings), ...(RATE_LIMIT ? ['--rate-limit', RATE_LIMIT] : [])], { stdio: ['pipe', 'pipe', 'inherit'] });
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
    ...info,
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

/** The baseline: the shop's list pages read one after another with plain fetch, through the same proxy. */
async function bareListPages(service: BenchService, latencyMs: number) {
  const proxy = await startLoopbackProxy(service.url, { delayMs: latencyMs });
  try {
    const started = performance.now();
    const login = await fetch(`${proxy.url}/1.1/authentication`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: service.seller, password: service.password }) });
    const { authentication, links } = (await login.json()) as { authentication: { token: { id: string } }; links: { user: string } };
    const headers = { 'x-marketapitoken': authentication.token.id };
    const userId = Number(/\/users\/(\d+)/.exec(links.user)?.[1]);
    let pages = 0;
    for (let page = 1; ; page += 1) {
      const res = await fetch(`${proxy.url}/1.1/users/${userId}/sales?status=all&limit=500&page=${page}`, { headers });
      const list = (await res.json()) as { items: unknown[]; links: { next: string | null } };
      pages += 1;
      if (list.links.next === null || list.items.length === 0) break;
    }
    return { pages, seconds: round((performance.now() - started) / 1000) };
  } finally {
    await proxy.close();
  }
}

const renderer = mkdtempSync(join(tmpdir(), 'sync-bench-renderer-'));
const runs = [];
try {
  for (const listings of SIZES) {
    const service = await startServer(listings);
    try {
      for (const latency of LATENCIES) {
        const loadBefore = load();
        const bare = await bareListPages(service, latency);
        const measured = await measureFirstSync(service, latency, renderer);
        const onScreen = (measured.firstSync as { shopOnScreen?: { seconds: number } }).shopOnScreen?.seconds ?? null;
        runs.push({
          listings, kinds: service.kinds, ...measured,
          baseline: { bareListPages: bare, shopOnScreenRatio: onScreen === null ? null : round(onScreen / bare.seconds) },
          loadAverage: { before: loadBefore, after: load() },
        });
        process.stderr.write(`${JSON.stringify(runs.at(-1))}\n`);
      }
    } finally {
      await service.close();
    }
  }
} finally {
  rmSync(renderer, { recursive: true, force: true });
}
const publish = [];
for (const latency of PUBLISH > 0 ? LATENCIES : []) {
  const root = mkdtempSync(join(tmpdir(), 'sync-bench-publish-'));
  try {
    const r = await benchSyncPush(root, PUBLISH, 4, { photos: PHOTOS, latencyMs: latency });
    publish.push({ latencyMs: latency, drafts: r.items, photosPerDraft: PHOTOS, seconds: round(r.items / r.itemsPerSecond), bareSeconds: round(r.items / r.bareItemsPerSecond), ratio: r.ratio, target: 'ratio >= 0.9', requestsPerItem: r.requestsPerItem, bareRequestsPerItem: r.bareRequestsPerItem, published: r.published, loadAverage: load() });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
process.stdout.write(`${JSON.stringify({ openShare: 0.25, soldShareOfClosed: 0.1, rateLimitPerMinute: RATE_LIMIT ? Number(RATE_LIMIT) : null, runs, publish })}\n`);
