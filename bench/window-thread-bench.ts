// Issue 19's figure: how long the window's side (web mode's server process, Electron's main) waits
// for the core while it imports a spreadsheet, prepares 40 camera photos and runs a bulk edit on
// every imported draft. perf_hooks.monitorEventLoopDelay over each call, the core in this process
// (the shape of main at 106cf2f: the import only) and in its own process (issue 19), quiet and
// beside a spinning child process. Files go as the app sends them: streamed to an upload (web mode's
// POST /upload), the call naming it by its id, never the bytes inside the call. Bounded: one import
// of `rows` rows, one add of the photos and one bulk edit of every draft per run.
import { spawn } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { startCoreSupervisor } from '../electron/core/host/core-supervisor.ts';
import { stageUpload } from '../electron/core/images/staged-uploads.ts';
import { createIpcDispatcher } from '../electron/core/ipc/dispatcher.ts';
import { coreHandlers } from '../electron/core/ipc/handlers.ts';
import { openCoreSession } from '../electron/core/session/core-session.ts';
import { forkCore } from '../electron/web/core-process.ts';
import sharp from 'sharp';

interface PhotoSet { files: string[]; bytes: number }

type Answer = { ok: boolean; value?: unknown };
type Invoke = (name: string, input: unknown) => Promise<Answer>;
interface Delay { maxMs: number; p99Ms: number; callMs: number }

function csv(rows: number): string {
  const lines = ['title,saleMethod,buyNowPrice,quantity'];
  for (let i = 0; i < rows; i++) lines.push(`Bench chair ${i},buy-now,${10 + (i % 90)},1`);
  return `${lines.join('\n')}\n`;
}

/** The loop's delay over one call (the server's side: it holds nothing of the core's work). */
async function measure(invoke: Invoke, name: string, input: unknown): Promise<{ delay: Delay; value: unknown }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const started = performance.now();
  const answer = await invoke(name, input);
  const callMs = performance.now() - started;
  histogram.disable();
  if (!answer.ok) throw new Error(`${name} failed: ${JSON.stringify(answer).slice(0, 500)}`);
  return { delay: { maxMs: Math.round(histogram.max / 1e6), p99Ms: Math.round(histogram.percentile(99) / 1e6), callMs: Math.round(callMs) }, value: answer.value };
}

/** A file as web mode's page hands it over: streamed into the core's uploads, named by its id. */
async function upload(root: string, bytes: Buffer): Promise<{ kind: 'upload'; id: string }> {
  const { id } = await stageUpload(root, Readable.from([bytes]));
  return { kind: 'upload', id };
}

const importInput = async (root: string, file: Buffer) => ({ source: await upload(root, file), fileName: 'bench.csv' });

async function inServerProcess(root: string, file: Buffer) {
  const folder = mkdtempSync(join(root, 'in-process-'));
  const session = openCoreSession({ root: folder });
  try {
    const dispatcher = createIpcDispatcher(coreHandlers(session, async () => {}));
    return { import: (await measure((name, input) => dispatcher.invoke(name, input), 'csv.import', await importInput(folder, file))).delay };
  } finally {
    session.close();
  }
}

async function ownProcess(root: string, rows: number, file: Buffer, photos: PhotoSet | null) {
  const folder = mkdtempSync(join(root, 'own-process-'));
  const core = startCoreSupervisor({ spawn: () => forkCore(), init: { root: folder, vault: 'none' }, onEvent: () => {} });
  const invoke: Invoke = (name, input) => core.invoke(name, input);
  try {
    await core.ready();
    const imported = await measure(invoke, 'csv.import', await importInput(folder, file));
    const figures: Record<string, Delay> = { import: imported.delay };
    if (photos) {
      const draft = await invoke('drafts.create', { fields: { title: 'Bench camera photos' } });
      if (!draft.ok) throw new Error(`drafts.create failed: ${JSON.stringify(draft)}`);
      const localId = (draft.value as { localId: number }).localId;
      const files = [];
      for (const [i, path] of photos.files.entries()) files.push({ name: `photo-${i + 1}`, source: await upload(folder, readFileSync(path)) });
      const added = await measure(invoke, 'images.add', { localId, files });
      const outcomes = (added.value as Array<{ outcome: string }>).map((r) => r.outcome);
      if (outcomes.some((o) => o !== 'added')) throw new Error(`not every photo was added: ${outcomes.join(',')}`);
      figures.photos = added.delay;
    }
    // The grid's bulk edit on every imported draft (Ctrl+A, a price none has): one step, one transaction.
    const ids = await invoke('drafts.ids', {});
    const all = (ids.value as number[]).slice(0, 100_000);
    const edit = await measure(invoke, 'drafts.bulkEdit', { localIds: all, changes: { buyNowPrice: 7 } });
    if ((edit.value as { changed: number }).changed < Math.min(rows, 100_000)) throw new Error(`the bulk edit changed only ${JSON.stringify(edit.value)}`);
    figures.bulkEdit = edit.delay;
    return figures;
  } finally {
    await core.close();
  }
}

/** The machine's floor: the loop's delay over `ms` with no core at work (other processes' load). */
async function idle(ms = 3000): Promise<Delay> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  await new Promise((resolve) => setTimeout(resolve, ms));
  histogram.disable();
  return { maxMs: Math.round(histogram.max / 1e6), p99Ms: Math.round(histogram.percentile(99) / 1e6), callMs: ms };
}

async function besideSpinner<T>(run: () => Promise<T>): Promise<T> {
  const spinner = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  try {
    return await run();
  } finally {
    spinner.kill('SIGKILL');
  }
}

/**
 * `count` camera photos of 24 MP (6000x4000 JPEGs, as a seller's camera makes them): one encoded,
 * the others byte copies made distinct (bytes after the end marker) so none is taken for another.
 */
async function cameraPhotos(folder: string, count: number): Promise<PhotoSet> {
  mkdirSync(folder, { recursive: true });
  const base = join(folder, 'camera-24mp.jpg');
  await sharp({ create: { width: 6000, height: 4000, channels: 3, background: { r: 130, g: 115, b: 95 }, noise: { type: 'gaussian', mean: 115, sigma: 18 } } })
    .jpeg({ quality: 90 }).toFile(base);
  const files = Array.from({ length: count }, (_, i) => {
    const file = join(folder, `IMG_${String(i + 1).padStart(4, '0')}.jpg`);
    copyFileSync(base, file);
    appendFileSync(file, `market-desk bench copy ${i}`);
    return file;
  });
  return { files, bytes: files.reduce((sum, f) => sum + statSync(f).size, 0) };
}

/**
 * photoCount: 24 MP camera photos to prepare (0: none; the figure is 40).
 * withInProcess: also the old shape (the core in the server's process), the import only.
 */
export async function benchWindowThread(root: string, rows: number, photoCount = 40, withInProcess = false) {
  const file = Buffer.from(csv(rows));
  const photos = photoCount > 0 ? await cameraPhotos(join(root, 'window-photos'), photoCount) : null;
  return {
    rows,
    photos: photos ? { count: photos.files.length, megapixels: 24, mb: Math.round(photos.bytes / 1024 / 1024) } : null,
    ...(withInProcess ? { coreInServerProcess: { quiet: await inServerProcess(root, file), busy: await besideSpinner(() => inServerProcess(root, file)) } } : {}),
    noCoreAtWork: { quiet: await idle(), busy: await besideSpinner(() => idle()) },
    coreInOwnProcess: { quiet: await ownProcess(root, rows, file, photos), busy: await besideSpinner(() => ownProcess(root, rows, file, photos)) },
  };
}
