// One first sync of a big shop as the seller meets it (issue 38), measured through web mode: the
// app's own server and core process (electron/web/main.ts, bundled as the e2e tests run it) signed
// in to the bench's service through the counting latency proxy, polled as its window would be:
// - shop on screen: the grid's count of every listing (drafts.page, no status filter: the grid a
//   seller opens on the whole shop) reaches the marketplace's count;
// - open items complete: every open or scheduled listing's record read (the cache file, read-only);
// - records complete: the sold ones' too (what the Sales figures need);
// - requests at each point (by kind: list pages, item reads), then an unchanged sync and a sync
//   after 10 remote changes through sync.now (an item read during them is the background's);
// - the core process's peak RSS (VmHWM) over the first sync, and its RSS at the end.
// Zero is the first request the proxy sees (the app's sign-in); the app's own start is apart.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { startLoopbackProxy, type LoopbackProxy } from '../tests/core/support/loopback-proxy.ts';
import { bundledWebMode } from '../tests/e2e/web-bundle.ts';

export interface BenchService {
  url: string;
  seller: string;
  password: string;
  listings: number;
  kinds: { open: number; sold: number; unsold: number };
  change(n: number): Promise<void>;
}

const round = (x: number, digits = 2) => Number(x.toFixed(digits));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface WebApp {
  call<T>(method: string, input?: unknown): Promise<T>;
  corePid(): number | null;
  stop(): Promise<void>;
}

async function startWebApp(data: string, proxyUrl: string, service: BenchService, rendererDir: string): Promise<WebApp> {
  const { main, core } = await bundledWebMode();
  const child: ChildProcess = spawn(process.execPath, [main, '--core', core, '--port', '0', '--data', data, '--renderer', rendererDir, '--marketplace', proxyUrl, '--user', service.seller], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, MARKET_DESK_PASSWORD: service.password },
  });
  const exited = once(child, 'exit');
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    void exited.then(([code]) => reject(new Error(`web mode exited with ${String(code)}`)));
  });
  const page = new URL(line.trim());
  const secret = new URLSearchParams(page.hash.slice(1)).get('secret') ?? '';
  const corePid = (): number | null => {
    try {
      const children = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
      return children[0] ?? null;
    } catch {
      return null;
    }
  };
  return {
    async call<T>(method: string, input: unknown = {}): Promise<T> {
      const res = await fetch(`${page.origin}/ipc/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: page.origin, 'x-market-desk-secret': secret },
        body: JSON.stringify(input),
      });
      const answer = (await res.json()) as { ok: boolean; value?: T; error?: { code: string; message: string } };
      if (!answer.ok) throw new Error(`${method}: ${answer.error?.code} ${answer.error?.message}`);
      return answer.value as T;
    },
    corePid,
    async stop() {
      if (child.exitCode !== null) return;
      const core = corePid();
      child.kill('SIGTERM');
      // Its server waits for open connections (this process's fetch keeps them alive): not for long.
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      // The core ends with its parent's channel (a profile is written then); one that hangs is ended.
      for (let i = 0; i < 50 && core !== null && existsSync(`/proc/${core}`); i++) await sleep(100);
      if (core !== null) {
        try {
          process.kill(core, 'SIGKILL');
        } catch {
          // gone with its parent
        }
      }
    },
  };
}

/** A line of /proc/PID/status in MB (VmHWM: the peak RSS so far; VmRSS: now). */
function procMb(pid: number | null, key: 'VmHWM' | 'VmRSS'): number | null {
  if (pid === null) return null;
  try {
    const match = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? round(Number(match[1]) / 1024, 1) : null;
  } catch {
    return null;
  }
}

/** The account's cache, read-only beside the core (WAL lets a reader look while it writes). */
function cacheCounts(data: string): (() => { listed: number; openUnread: number; soldUnread: number; openFull: number; soldFull: number }) | null {
  const accounts = join(data, 'accounts');
  const account = existsSync(accounts) ? readdirSync(accounts).find((name) => existsSync(join(accounts, name, 'cache.sqlite'))) : undefined;
  if (!account) return null;
  const db = new Database(join(accounts, account, 'cache.sqlite'), { readonly: true, fileMustExist: true });
  // Not migrated yet: asked again at the next poll.
  if (db.prepare(`SELECT count(*) FROM sqlite_master WHERE name = 'items'`).pluck().get() === 0) {
    db.close();
    return null;
  }
  const hasDetail = (db.prepare(`SELECT count(*) FROM pragma_table_info('items') WHERE name = 'detail'`).pluck().get() as number) > 0;
  // Before issue 38 every cached item was read in full: the counts of open and sold ones tell.
  const detail = hasDetail ? `detail` : `'full'`;
  const counts = db.prepare(
    `SELECT count(*) AS listed,
            coalesce(sum(status IN ('published','waiting') AND ${detail} <> 'full'), 0) AS openUnread,
            coalesce(sum(status IN ('published','waiting') AND ${detail} = 'full'), 0) AS openFull,
            coalesce(sum(${detail} = 'sold'), 0) AS soldUnread,
            coalesce(sum(status = 'closed' AND ${detail} = 'full' AND units_left = 0), 0) AS soldFull
       FROM items WHERE remote_id IS NOT NULL`,
  );
  return () => counts.get() as { listed: number; openUnread: number; soldUnread: number; openFull: number; soldFull: number };
}

export async function measureFirstSync(service: BenchService, latencyMs: number, rendererDir: string) {
  let firstRequest: number | null = null;
  const proxy: LoopbackProxy = await startLoopbackProxy(service.url, { delayMs: latencyMs, onRequest: () => (firstRequest ??= performance.now()) });
  const data = mkdtempSync(join(tmpdir(), 'sync-bench-web-'));
  const requests = () => {
    let all = 0;
    let pages = 0;
    let reads = 0;
    for (const [key, n] of proxy.counts) {
      all += n;
      if (/^GET \/1\.1\/users\/\d+\/sales$/.test(key)) pages += n;
      if (/^GET \/1\.1\/items\/\d+$/.test(key)) reads += n;
    }
    return { all, pages, reads };
  };
  const spawned = performance.now();
  const app = await startWebApp(data, proxy.url, service, rendererDir);
  const since = (t: number) => round((t - (firstRequest ?? t)) / 1000);
  const marks: Record<string, { seconds: number; requests: ReturnType<typeof requests> }> = {};
  const mark = (name: string) => {
    marks[name] ??= { seconds: since(performance.now()), requests: requests() };
  };
  try {
    let counts: ReturnType<typeof cacheCounts> = null;
    let peakMb: number | null = null;
    const deadline = performance.now() + 30 * 60_000;
    for (;;) {
      if (performance.now() > deadline) throw new Error('the first sync did not finish in 30 minutes');
      peakMb = procMb(app.corePid(), 'VmHWM') ?? peakMb;
      if (firstRequest !== null) {
        const page = await app.call<{ total: number }>('drafts.page', { offset: 0, limit: 40 });
        if (page.total >= service.listings) mark('shopOnScreen');
        counts ??= cacheCounts(data);
        const now = counts?.();
        if (now && now.openUnread === 0 && now.openFull >= service.kinds.open) mark('openComplete');
        if (now && now.openUnread === 0 && now.soldUnread === 0 && now.openFull >= service.kinds.open && now.soldFull >= service.kinds.sold) mark('recordsComplete');
        const status = await app.call<{ running: boolean; lastRunAt: number | null }>('sync.status');
        if (marks.recordsComplete && !status.running && status.lastRunAt !== null) break;
      }
      await sleep(200);
    }
    const appStartSeconds = round(((firstRequest ?? spawned) - spawned) / 1000);
    const rss = { corePeakMb: peakMb, coreEndMb: procMb(app.corePid(), 'VmRSS') };

    const sync = async () => {
      const before = requests();
      const started = performance.now();
      await app.call('sync.now');
      const after = requests();
      // An unchanged or incremental sync reads no item's record unless it changed: the reads meanwhile are the background's.
      return { requests: after.all - before.all, seconds: round((performance.now() - started) / 1000), itemReadsMeanwhile: after.reads - before.reads };
    };
    const unchangedSync = await sync();
    await service.change(10);
    const afterTenRemoteChanges = await sync();
    return { latencyMs, appStartSeconds, firstSync: { ...marks, ...rss }, unchangedSync, afterTenRemoteChanges };
  } finally {
    await app.stop();
    await proxy.close();
    rmSync(data, { recursive: true, force: true });
  }
}
