// Sync push of N new drafts with P photos each (default 1) through the real sync engine against the real
// service (in a child process, on loopback), and a bare loop of plain fetch calls doing the same
// work (create a draft, upload its photos, preview, publish) with the same concurrency. Both push
// the same prepared image bytes. Used by core-bench.ts.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createApiClient, memoryCredentialStore } from '../electron/core/api/index.ts';
import { openAccountDb } from '../electron/core/db/open-account-db.ts';
import { draftWrites } from '../electron/core/drafts/draft-writes.ts';
import { statusChanges } from '../electron/core/drafts/status-changes.ts';
import { addImages } from '../electron/core/images/add-images.ts';
import { runPool } from '../electron/core/images/pool.ts';
import { createSyncEngine } from '../electron/core/sync/index.ts';
import { completeBuyNow } from '../tests/core/fixtures/sellers.ts';
import { startLoopbackProxy } from '../tests/core/support/loopback-proxy.ts';
import type { SyncBenchServerInfo } from './sync-bench-server.ts';
import { marketplaceAdapter } from '../electron/core/api/marketplace-adapter.ts';

const SERVER = fileURLToPath(new URL('./sync-bench-server.ts', import.meta.url));
const round = (x: number, digits = 3) => Number(x.toFixed(digits));

async function startServer(): Promise<{ info: SyncBenchServerInfo; close: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = once(child, 'exit');
  const info = await new Promise<SyncBenchServerInfo>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve(JSON.parse(line) as SyncBenchServerInfo);
    });
    child.once('exit', (code) => reject(new Error(`sync bench server exited (${code}) before it was ready`)));
  });
  return {
    info,
    close: async () => {
      child.stdin.end();
      await exited;
    },
  };
}

async function json(res: Response, expected: number): Promise<Record<string, unknown>> {
  const text = await res.text();
  if (res.status !== expected) throw new Error(`${res.url}: ${res.status} ${text.slice(0, 200)}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export interface PushBenchOptions {
  /** Photos per item (default 1). */
  photos?: number;
  /** Added to every request by our loopback proxy (default: none, no proxy). */
  latencyMs?: number;
}

export async function benchSyncPush(root: string, items: number, concurrency: number, options: PushBenchOptions = {}) {
  const server = await startServer();
  const photos = options.photos ?? 1;
  const proxy = options.latencyMs ? await startLoopbackProxy(server.info.url, { delayMs: options.latencyMs }) : null;
  try {
    const { categoryId, password, sellers } = server.info;
    const url = proxy?.url ?? server.info.url;
    // Ten distinct photos (a repeat is prepared once and attached to each item).
    const sources: string[] = [];
    for (let p = 0; p < 10; p++) {
      const noise = await sharp({ create: { width: 160, height: 120, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 110 + p, sigma: 40 } } }).png().toBuffer();
      const path = join(root, `sync-photo-${p}.jpg`);
      writeFileSync(path, await sharp(noise).resize(480, 360).jpeg({ quality: 90 }).toBuffer());
      sources.push(path);
    }

    // The cache: N complete drafts, one photo each, publish queued (not timed).
    const db = openAccountDb(join(root, 'sync.sqlite'));
    let requests = 0;
    const api = createApiClient({ baseUrl: url, credentials: memoryCredentialStore({ username: sellers.engine, password }), onAttempt: () => (requests += 1) });
    const engine = createSyncEngine({ db, api: marketplaceAdapter(api), concurrency });
    await engine.pull();
    const drafts = draftWrites(db);
    const status = statusChanges(db);
    const localIds: number[] = [];
    for (let i = 0; i < items; i++) {
      const { localId } = drafts.createDraft({ ...completeBuyNow(`Bench listing ${i}`), categoryId });
      const files = Array.from({ length: photos }, (_, p) => sources[(i + p) % sources.length] as string);
      await addImages(db, { itemLocalId: localId, files, folder: join(root, 'sync-account') });
      localIds.push(localId);
    }
    const prepared = db.prepare(`SELECT file_path FROM images ORDER BY item_local_id LIMIT ?`).pluck().all(sources.length) as string[];
    const bytes = prepared.map((p) => readFileSync(p));

    // The bare loop: the same calls with plain fetch, same concurrency, no cache, no checks.
    const auth = await json(await fetch(`${url}/1.1/authentication`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: sellers.bare, password }) }), 201);
    const token = (auth.authentication as { token: { id: string } }).token.id;
    const headers = { 'x-marketapitoken': token };
    const put = async (id: number, body: unknown) =>
      json(await fetch(`${url}/1.1/items/${id}`, { method: 'PUT', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }), 200);
    const bareItem = async (i: number) => {
      const body = { ...completeBuyNow(`Bare listing ${i}`), categoryId, status: 'draft' };
      const item = await json(await fetch(`${url}/1.1/items`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }), 201);
      const id = item.id as number;
      for (let p = 0; p < photos; p++) {
        const form = new FormData();
        form.append('image', new Blob([new Uint8Array(bytes[(i + p) % bytes.length] as Buffer)], { type: 'image/jpeg' }), 'image.jpg');
        await json(await fetch(`${url}/1.1/items/${id}/images`, { method: 'POST', headers, body: form }), 201);
      }
      await put(id, { status: 'preview' });
      await put(id, { status: 'published' });
    };
    // Warm-up (not timed): the service's first requests compile and fill caches.
    await runPool(Array.from({ length: 20 }, (_, i) => items + i), concurrency, bareItem);
    // Alternating rounds (bare, then ours, on the next slice of items) so that a change in the
    // machine's load hits both sides alike. Drafts stay local until their publish is queued
    // (just in time), so each round queues the publish of its slice, untimed, then pushes.
    const rounds = Math.max(1, Math.ceil(items / 250));
    let bareMs = 0;
    let oursMs = 0;
    let bareFailed = 0;
    let runs = 0;
    requests = 0;
    for (let r = 0; r < rounds; r++) {
      const slice = Array.from({ length: items }, (_, i) => i).filter((i) => i % rounds === r);
      let t = performance.now();
      const bare = await runPool(slice, concurrency, bareItem);
      bareMs += performance.now() - t;
      bareFailed += bare.filter((x) => !x.ok).length;
      for (const i of slice) status.publish(localIds[i] as number);
      t = performance.now();
      for (let k = 0; k < 50; k++, runs++) {
        const result = await engine.push();
        if (result.pending === 0 || result.nextAttemptAt === null) break;
        const wait = result.nextAttemptAt - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
      oursMs += performance.now() - t;
      runs += 1;
    }
    const published = db.prepare(`SELECT count(*) FROM items WHERE status = 'published' AND sync_state = 'synced' AND remote_id IS NOT NULL`).pluck().get() as number;
    const left = db.prepare(`SELECT count(*) FROM outbox`).pluck().get() as number;
    db.close();
    return {
      items,
      concurrency,
      photosPerItem: photos,
      latencyMs: options.latencyMs ?? 0,
      imageBytes: Math.round(bytes.reduce((n, b) => n + b.length, 0) / bytes.length),
      itemsPerSecond: round((items / oursMs) * 1000, 1),
      bareItemsPerSecond: round((items / bareMs) * 1000, 1),
      ratio: round(bareMs / oursMs, 2),
      target: 'ratio >= 0.8',
      requestsPerItem: round(requests / items, 2),
      bareRequestsPerItem: 3 + photos,
      rounds,
      runs,
      published,
      outboxLeft: left,
      bareFailed,
      note: 'service in a child process on loopback; 20 untimed warm-up items, then rounds of 250 items alternating bare loop and engine (same service, separate sellers). ' +
        'The engine also commits an audit row per create/upload/step and the outcome per row (synchronous=FULL), ' +
        'steps the status from its cached copy (the last step\'s answer confirms it), and checks the image order before publishing against the order ' +
        'it knows from its own create and uploads (no GET; a reorder PUT only when the uploads finished out of the user\'s order). ' +
        'Both sides are bound by the service (each upload is decoded and re-encoded twice with mozjpeg).',
    };
  } finally {
    await proxy?.close();
    await server.close();
  }
}
