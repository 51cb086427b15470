// `npm run bench:ui`: the drafts grid with 10,000 drafts in web mode, in Debian's Chromium
// (headless, fresh profile). Measures the time from navigation start to the first row visible,
// the renderer's JS heap after that render, and the frame times while a script scrolls the grid
// from top to bottom (requestAnimationFrame deltas). Prints one JSON object with the targets.
// Options: --drafts N (default 10000), --step PX (scroll per frame, default 1600);
// UI_BENCH_PROFILE=scroll (or =load) prints the renderer's hottest functions while scrolling (or
// while loading up to the first row) from a CPU profile on stderr, from an unminified build;
// UI_BENCH_PROFILE=trace prints the main thread's time by kind of work while loading and scrolling.
// Then (issue 13) the renderer's frame times while 40 camera photos (bench/photo-files.ts) are
// streamed to the core and prepared in its worker threads; --photos 0 skips it.
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { openCoreSession } from '../electron/core/session/core-session.ts';
import { settingsCache } from '../electron/core/cache/settings-cache.ts';
import { draftWrites } from '../electron/core/drafts/draft-writes.ts';
import { demoLeaves } from '../server/seed/category-data.ts';
import { privateSellerSettings } from '../tests/core/fixtures/sellers.ts';
import { buildRenderer, CHROMIUM_ARGS, startWebMode, tempDir } from '../tests/e2e/support.ts';
import { makePhotoSet } from './photo-files.ts';

const { values: args } = parseArgs({
  options: { drafts: { type: 'string', default: '10000' }, step: { type: 'string', default: '1600' }, photos: { type: 'string', default: '40' } },
});
const DRAFTS = Number(args.drafts);
const STEP = Number(args.step);
const PHOTOS = Number(args.photos);

/** Records every animation frame's delta until window.__stopFrames is set. */
const FRAME_RECORDER = `(() => {
  window.__frames = [];
  window.__stopFrames = false;
  let last = performance.now();
  const frame = (now) => {
    window.__frames.push(now - last);
    last = now;
    if (!window.__stopFrames) requestAnimationFrame(frame);
  };
  requestAnimationFrame((now) => { last = now; requestAnimationFrame(frame); });
})()`;

/** Adds the photo set to a new draft in the editor; frame times from the pick to "Prepared N of N". */
async function photoFrames(page: Page, root: string) {
  const set = await makePhotoSet(root, { heic: 8, jpeg24: 20, jpeg60: 2, png: 10 });
  const editor = page.locator('dialog.editor');
  await page.getByRole('button', { name: 'New draft' }).click();
  await editor.getByLabel('Title').fill('Bench: 40 camera photos');
  await editor.getByRole('button', { name: 'Save' }).click();
  // Locators, not waitForFunction: its string predicates are eval'd, which the app's CSP refuses.
  await page.locator('#editor-title', { hasText: 'Bench: 40 camera photos' }).waitFor();
  await page.evaluate(FRAME_RECORDER);
  const started = performance.now();
  await editor.getByLabel('Add photos').setInputFiles(set.files);
  // Until every file has an outcome (prepared, already there, failed or refused).
  const finished = editor.locator('.pending.pending-added, .pending.pending-duplicate, .pending.pending-failed, .pending.pending-refused');
  while ((await finished.count()) < set.files.length) await page.waitForTimeout(250);
  const failures = await editor.locator('.pending.pending-failed .pending-phase, .pending.pending-refused .pending-phase').allTextContents();
  if (failures.length > 0) console.error(`not prepared:\n${failures.join('\n')}`);
  const seconds = (performance.now() - started) / 1000;
  const deltas = (await page.evaluate('(() => { window.__stopFrames = true; return window.__frames; })()')) as number[];
  const sorted = [...deltas].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  return {
    photos: set.files.length, prepared: await editor.locator('.pending.pending-added').count(), mix: set.mix, sourceMb: Math.round(set.bytes / 1024 / 1024), seconds: round(seconds), photosPerSecond: round(set.files.length / seconds, 2),
    frames: deltas.length, p50Ms: round(percentile(sorted, 50)), p95Ms: round(p95), maxMs: round(sorted.at(-1) ?? Number.NaN), framesOver50Ms: deltas.filter((d) => d > 50).length,
    targetP95Ms: 50, met: p95 < 50,
  };
}
const CONDITIONS = ['new', 'like-new', 'good', 'acceptable', 'weak'] as const;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Drafts straight through the core's write path, one transaction. */
function seed(root: string): number {
  const session = openCoreSession({ root });
  try {
    const db = session.db();
    const settings = privateSellerSettings();
    // Room for the 40 photos of the photo figure (a private seller's own limit is 10).
    settings.item.image = { ...settings.item.image, max: 50 };
    settingsCache(db).saveSettings(settings, Date.now());
    const writes = draftWrites(db);
    // Subcategories of the demo tree, numbered as on the real service.
    const leaves = demoLeaves().slice(0, 20).map((leaf) => leaf.id);
    const started = performance.now();
    db.transaction(() => {
      for (let i = 1; i <= DRAFTS; i++) {
        writes.createDraft({
          saleMethod: 'buy-now', title: `Bench item no. ${i}`, buyNowPrice: 5 + (i % 500), quantity: 1 + (i % 5),
          condition: CONDITIONS[i % CONDITIONS.length], postalCode: '00100', openDays: 7, categoryId: leaves[i % leaves.length],
          deliveryMethods: i % 2 ? ['pickup'] : ['pickup', 'shipment'],
        }, Date.now() - i * 1000);
      }
    })();
    return performance.now() - started;
  } finally {
    session.close();
  }
}

// In-page scripts as text: they run in the page, not in Node (and stay clear of the bundler's helpers).
/** Records, relative to navigation start (performance.now()), when the first grid row enters the DOM. */
const FIRST_ROW_WATCH = `(() => {
  const observer = new MutationObserver(() => {
    if (window.__firstRow === undefined && document.querySelector('[role=row][data-local-id]')) {
      window.__firstRow = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
})()`;
/** The row is in the DOM; one more frame and it is painted. */
const FIRST_ROW_TIME = `new Promise((resolve) => requestAnimationFrame(() => resolve(window.__firstRow)))`;
/** Scrolls the grid by `step` px each animation frame to the bottom, recording frame deltas. */
const scrollScript = (step: number) => `new Promise((resolve) => {
  const grid = document.querySelector('[role=grid]');
  const deltas = [];
  let last = 0;
  let maxRows = 0;
  const frame = (now) => {
    deltas.push(now - last);
    last = now;
    // Counting rows costs a DOM query: every 16th frame is enough to see the virtualisation hold.
    if (deltas.length % 16 === 0) maxRows = Math.max(maxRows, grid.querySelectorAll('[role=row][data-local-id]').length);
    const bottom = grid.scrollHeight - grid.clientHeight;
    if (grid.scrollTop >= bottom - 1) return resolve({ deltas, rowsInDom: maxRows, reachedEnd: true });
    grid.scrollTop = Math.min(bottom, grid.scrollTop + ${step});
    requestAnimationFrame(frame);
  };
  requestAnimationFrame((now) => { last = now; requestAnimationFrame(frame); });
})`;

type CpuProfile = { nodes: Array<{ id: number; hitCount?: number; callFrame: { functionName: string; url: string; lineNumber: number } }> };
/** The 25 functions with the most self time, as "percent name file:line" lines. */
function hottest(profile: CpuProfile): string {
  const self = new Map<string, number>();
  let total = 0;
  for (const n of profile.nodes) {
    const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (n.hitCount ?? 0));
    total += n.hitCount ?? 0;
  }
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${(100 * v / total).toFixed(1)}% ${k}`).join('\n');
}
const PROFILE = process.env.UI_BENCH_PROFILE;

interface TraceEvent { name: string; ph: string; dur?: number; tid: number; pid: number; args?: { name?: string } }
/**
 * UI_BENCH_PROFILE=trace: where the renderer's main thread spends the scroll, by trace event
 * (script, style, layout, paint, GC...), summed over the whole scroll.
 */
async function startTrace(cdp: CDPSession) {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8', transferMode: 'ReportEvents' });
  return {
    async stop(): Promise<string> {
      await cdp.send('Tracing.end');
      await complete;
      // Every renderer main thread: a navigation may move the page to a new renderer process.
      const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
      const totals = new Map<string, { ms: number; count: number }>();
      for (const e of events) {
        if (!mains.has(`${e.pid}:${e.tid}`) || e.ph !== 'X' || e.dur === undefined) continue;
        const t = totals.get(e.name) ?? { ms: 0, count: 0 };
        t.ms += e.dur / 1000;
        t.count += 1;
        totals.set(e.name, t);
      }
      return [...totals].sort((a, b) => b[1].ms - a[1].ms).slice(0, 20)
        .map(([name, t]) => `${t.ms.toFixed(0).padStart(6)} ms ${String(t.count).padStart(5)}× ${name}`).join('\n');
    },
  };
}

const renderer = tempDir('ui-bench-renderer-');
const data = tempDir('ui-bench-data-');
const profile = tempDir('ui-bench-profile-');
const photoDir = tempDir('ui-bench-photos-');
try {
  const seedMs = seed(data.path);
  await buildRenderer(renderer.path, { minify: !PROFILE });
  const web = await startWebMode(data.path, renderer.path);
  const context = await chromium.launchPersistentContext(profile.path, {
    executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS, viewport: { width: 1440, height: 900 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.addInitScript({ content: FIRST_ROW_WATCH });
    const loadTrace = PROFILE === 'trace' ? await startTrace(await context.newCDPSession(page)) : null;
    const loadCdp = PROFILE === 'load' ? await context.newCDPSession(page) : null;
    if (loadCdp) {
      await loadCdp.send('Profiler.enable');
      await loadCdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await loadCdp.send('Profiler.start');
    }
    await page.goto(web.url);
    await page.waitForSelector('[role=row][data-local-id]');
    if (loadTrace) console.error(`loading, up to the first row:\n${await loadTrace.stop()}`);
    if (loadCdp) console.error(hottest(((await loadCdp.send('Profiler.stop')) as { profile: CpuProfile }).profile));
    // The row is in the DOM; one more frame and it is painted.
    const firstRenderMs = (await page.evaluate(FIRST_ROW_TIME)) as number;
    const count = await page.locator('.count').textContent();
    /** Where the first render's time goes: the page's own timings and each IPC call's. */
    const timeline = (await page.evaluate(`(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const calls = performance.getEntriesByType('resource').filter((r) => r.name.includes('/ipc/'))
        .map((r) => ({ call: new URL(r.name).pathname.replace('/ipc/', ''), startMs: Math.round(r.startTime), endMs: Math.round(r.responseEnd) }));
      const marks = Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name.replace('market-desk:', ''), Math.round(m.startTime)]));
      return { domContentLoadedMs: Math.round(nav.domContentLoadedEventEnd), scriptsDoneMs: Math.round(nav.domInteractive), marks, calls: calls.slice(0, 8) };
    })()`)) as { domContentLoadedMs: number; scriptsDoneMs: number; marks: Record<string, number>; calls: Array<{ call: string; startMs: number; endMs: number }> };

    const cdp = await context.newCDPSession(page);
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
    await cdp.send('HeapProfiler.collectGarbage');
    const heapAfterGc = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };

    if (PROFILE === 'scroll') {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const trace = PROFILE === 'trace' ? await startTrace(cdp) : null;
    const scroll = (await page.evaluate(scrollScript(STEP))) as { deltas: number[]; rowsInDom: number; reachedEnd: boolean };
    if (trace) console.error(`scrolling:\n${await trace.stop()}`);
    if (PROFILE === 'scroll') console.error(hottest(((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile));
    const sorted = [...scroll.deltas].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    const heapMb = heap.usedSize / 1024 / 1024;
    const photos = PHOTOS > 0 ? await photoFrames(page, photoDir.path) : null;
    const result = {
      drafts: DRAFTS,
      gridCount: count,
      seedMs: round(seedMs, 0),
      firstRender: { ms: round(firstRenderMs), targetMs: 500, met: firstRenderMs < 500, from: 'navigation start to the first row in the DOM, plus one frame' },
      firstRenderTimeline: timeline,
      heap: { usedMb: round(heapMb), afterGcMb: round(heapAfterGc.usedSize / 1024 / 1024), targetMb: 150, met: heapMb < 150 },
      scroll: {
        frames: scroll.deltas.length, stepPx: STEP, reachedEnd: scroll.reachedEnd, maxRowsInDom: scroll.rowsInDom,
        p50Ms: round(p50), p95Ms: round(p95), framesOver20Ms: scroll.deltas.filter((d) => d > 20).length, maxMs: round(sorted.at(-1) ?? Number.NaN), targetP95Ms: 20, met: p95 < 20,
      },
      photoPreparation: photos,
      browser: (await context.browser()?.version()) ?? 'chromium',
      // Frame times and first render depend on what else runs: the load is part of the figure.
      machine: { cpus: availableParallelism(), loadAverage1m: round(loadavg()[0] ?? 0, 2) },
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await context.close();
    await web.stop();
  }
} finally {
  renderer.remove();
  data.remove();
  profile.remove();
  photoDir.remove();
}
