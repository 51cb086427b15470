// npm run bench:server: requests per second of GET /1.1/items/{id} and of a search with words,
// category and sort over 100,000 items, each as a ratio to a bare Fastify JSON route measured
// in the same run, the search's p50/p95 latency, and bids/s under 100 concurrent bidders as a
// ratio to item GET/s at the same concurrency. The servers run in a child process so the
// load generator does not share their event loop. Prints one JSON document on stdout.
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { BenchServerInfo } from './bench-server.ts';
import { measureBidLoad } from './bid-load.ts';
import { researchQueries } from '../electron/core/research/research-query.ts';
import { planMarketHistory } from '../server/seed/market-history.ts';

export interface ThroughputResult {
  url: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP97_5Ms: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
}

/** Requests per second under load (autocannon, keep-alive connections) for a bounded time. */
export async function measureThroughput(url: string, options: { seconds?: number; connections?: number } = {}): Promise<ThroughputResult> {
  const result = await autocannon({ url, connections: options.connections ?? 10, duration: options.seconds ?? 5 });
  return {
    url,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP97_5Ms: result.latency.p97_5,
    non2xx: result.non2xx,
    errors: result.errors,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count])),
  };
}

export interface LatencyResult {
  url: string;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  statuses: Record<string, number>;
}

function once(url: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (ms: number) => Math.round(ms * 100) / 100;

/** One request at a time over one keep-alive connection: the latency a single client sees. */
export async function measureLatency(url: string | readonly string[], options: { seconds?: number; maxRequests?: number } = {}): Promise<LatencyResult> {
  const urls = typeof url === 'string' ? [url] : url;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const deadline = performance.now() + (options.seconds ?? 3) * 1000;
  const maxRequests = options.maxRequests ?? 2000;
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  await once(urls[0]!, agent); // warm-up: connection and prepared statements
  while (performance.now() < deadline && times.length < maxRequests) {
    const start = performance.now();
    // A list is walked in turn: each search asked once before any is asked again.
    const status = await once(urls[times.length % urls.length]!, agent);
    times.push(performance.now() - start);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  return { url: urls.length === 1 ? urls[0]! : `${urls.length} urls`, requests: times.length, p50Ms: round(percentile(times, 50)), p95Ms: round(percentile(times, 95)), maxMs: round(times.at(-1) ?? 0), statuses };
}

/** Starts bench-server.ts in a child process and waits for its URLs. */
export async function startBenchServers(itemCount = 100_000): Promise<{ info: BenchServerInfo; child: ChildProcess }> {
  const script = fileURLToPath(new URL('./bench-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_ITEMS: String(itemCount) },
  });
  const lines = createInterface({ input: child.stdout! });
  const info = await new Promise<BenchServerInfo>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    lines.once('line', (line) => resolve(JSON.parse(line) as BenchServerInfo));
  });
  return { info, child };
}

export function stopBenchServers(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.stdin?.end();
  });
}

async function main() {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const setupStart = performance.now();
  const { info, child } = await startBenchServers(Number(process.env.BENCH_ITEMS ?? 100_000));
  const setupSeconds = round((performance.now() - setupStart) / 1000);
  try {
    const searchUrl = `${info.api}/items?words=lamp&category=${info.mainCategoryId}&sort=newest`;
    const itemUrl = `${info.api}/items/${info.itemId}`;
    const bare = await measureThroughput(info.bare, { seconds });
    const bareItem = await measureThroughput(info.bareItemPayload, { seconds });
    const item = await measureThroughput(itemUrl, { seconds });
    const search = await measureThroughput(searchUrl, { seconds });
    const latency = await measureLatency(searchUrl, { seconds: Math.min(seconds, 3) });
    const bids = await measureBidLoad(info.api.replace(/\/1\.1$/, ''), info.bidLoad);
    // Issue 39: the closed searches market research sends (its first, most precise step, with the
    // draft's category and condition), for titles of a history from another seed than the market's.
    const researchUrls = planMarketHistory(400, Date.now(), 4242).map((sale) => {
      const [first] = researchQueries({ title: sale.title, categoryId: sale.leafId, condition: sale.condition });
      const query = new URLSearchParams({ words: first!.words, status: 'closed', sort: 'newest', category: String(sale.leafId), condition: sale.condition });
      return `${info.market}/items?${query}`;
    });
    const broadUrls = planMarketHistory(400, Date.now(), 4343).map((sale) => {
      const queries = researchQueries({ title: sale.title, categoryId: null, condition: null });
      return `${info.market}/items?${new URLSearchParams({ words: queries.at(-1)!.words, status: 'closed', sort: 'newest' })}`;
    });
    const closedSearch = await measureLatency(researchUrls, { seconds: Math.min(seconds, 5), maxRequests: 2000 });
    const closedBroad = await measureLatency(broadUrls, { seconds: Math.min(seconds, 5), maxRequests: 2000 });
    const ratio = (r: ThroughputResult) => Math.round((r.requestsPerSecond / bare.requestsPerSecond) * 1000) / 1000;
    const report = {
      items: info.itemCount,
      setupSeconds,
      secondsPerMeasurement: seconds,
      bare: { requestsPerSecond: bare.requestsPerSecond },
      itemGet: {
        url: itemUrl,
        requestsPerSecond: item.requestsPerSecond,
        ratioToBare: ratio(item),
        bareSamePayloadRequestsPerSecond: bareItem.requestsPerSecond,
        ratioToBareSamePayload: Math.round((item.requestsPerSecond / bareItem.requestsPerSecond) * 1000) / 1000,
        statusCodes: item.statusCodes,
        note: item.non2xx > 0 ? 'the item route answered non-2xx statuses: it is measured as it exists in this build' : undefined,
        target: 'ratioToBare >= 0.5',
      },
      search: {
        url: searchUrl,
        requestsPerSecond: search.requestsPerSecond,
        ratioToBare: ratio(search),
        statusCodes: search.statusCodes,
        underLoad: { p50Ms: search.latencyP50Ms, p97_5Ms: search.latencyP97_5Ms, connections: 10 },
        latency: { p50Ms: latency.p50Ms, p95Ms: latency.p95Ms, maxMs: latency.maxMs, requests: latency.requests, sequential: true },
        target: 'latency.p95Ms < 25',
      },
      closedResearch: {
        items: info.marketItems,
        note: 'words + status=closed + sort=newest over a market history of closed sales: research\'s first step (with category and condition) for 400 titles of another seed, then its broadest step (the noun\'s prefix alone, no category), one request at a time',
        precise: { p50Ms: closedSearch.p50Ms, p95Ms: closedSearch.p95Ms, maxMs: closedSearch.maxMs, requests: closedSearch.requests, statuses: closedSearch.statuses },
        broad: { p50Ms: closedBroad.p50Ms, p95Ms: closedBroad.p95Ms, maxMs: closedBroad.maxMs, requests: closedBroad.requests, statuses: closedBroad.statuses },
        target: 'p95Ms < 20',
      },
      bids: {
        ...bids,
        note: '2,000 bids from 100 concurrent bidders on one item, then 2,000 item GETs at the same concurrency',
      },
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await stopBenchServers(child);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}
