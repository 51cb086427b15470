// Issue 19 over the real web mode (its CLI, its HTTP transport, uploads as the page sends them):
// each hostile file of the issue is handed to the core as the window hands it, and each is
// refused with the limit named (the XFD workbook, which is honest, is read at once); every call
// after it is answered, and the memory of web mode's whole process tree is back under 300 MB. The 5 s of the issue is
// the bound of each refusal on a quiet machine: here a generous test timeout, not an assert; the
// memory is polled until back (the preparation workers end when idle, V8 collects lazily).
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRowsWorkbook, heicWithHugeSecondImage, inflatingWorkbook, sharedStringsWorkbook, xfdWorkbook } from '../support/hostile-files.ts';
import { startWebMode, tempDir, type WebMode } from './support.ts';

const data = tempDir('hostile-web-');
const renderer = tempDir('hostile-renderer-');
const files = tempDir('hostile-files-');
let web: WebMode;
let origin = '';
let secret = '';

const headers = () => ({ Origin: origin, 'x-market-desk-secret': secret });

/**
 * One request on its own connection (no keep-alive: making a hostile file takes longer than the
 * server keeps an idle connection, and a POST on a connection closed meanwhile fails with EPIPE).
 */
function post(path: string, type: string, body: Buffer | string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { method: 'POST', agent: false, headers: { ...headers(), 'content-type': type } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function ipc(method: string, input: unknown): Promise<{ ok: boolean; value?: unknown; error?: { code: string; reason?: string; params?: unknown; message: string } }> {
  return (await post(`/ipc/${method}`, 'application/json', JSON.stringify(input))) as never;
}

async function upload(bytes: Buffer): Promise<{ kind: 'upload'; id: string }> {
  const body = (await post('/upload', 'application/octet-stream', bytes)) as { ok: boolean; value: { id: string } };
  expect(body.ok).toBe(true);
  return { kind: 'upload', id: body.value.id };
}

/** The resident memory of web mode's process and every process under it, in MB. */
function residentMb(pid: number): number {
  let kb = 0;
  const visit = (p: number) => {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
      for (const child of readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) visit(Number(child));
    } catch {
      // gone meanwhile
    }
  };
  visit(pid);
  return kb / 1024;
}

async function inspect(bytes: Buffer, fileName: string) {
  return ipc('csv.inspect', { source: await upload(bytes), fileName });
}

beforeAll(async () => {
  web = await startWebMode(data.path, renderer.path);
  const url = new URL(web.url);
  origin = url.origin;
  secret = new URLSearchParams(url.hash.slice(1)).get('secret') ?? '';
}, 120_000);

afterAll(async () => {
  await web?.stop();
  data.remove();
  renderer.remove();
  files.remove();
});

/**
 * Web mode's whole tree (the server, the core's process, their workers) back under the issue's
 * 300 MB. The core runs bundled on plain Node (electron/web/core-bundle.ts), loads sharp, libheif
 * and exceljs only where they are used, and keeps two malloc arenas (CORE_ENV): the tree idles
 * near 170 MB and peaks near 230 MB right after the HEIC.
 */
async function memoryBackUnder300(): Promise<void> {
  await expect.poll(() => residentMb(web.process.pid ?? 0), { timeout: 30_000, interval: 500 }).toBeLessThan(300);
}

describe('hostile files handed to web mode', () => {
  it('reads the 11 KB workbook formatted out to column XFD at once, and answers the next call', async () => {
    const result = await inspect(xfdWorkbook(), 'xfd.xlsx');
    expect(result).toMatchObject({ ok: true, value: { format: 'xlsx', rows: 1199, headings: ['title', 'quantity'] } });
    expect((await ipc('drafts.create', { fields: { title: 'Still here' } })).ok).toBe(true);
  }, 30_000);

  it.each([
    ['a 409 KB sheet inflating to 400 MB', () => inflatingWorkbook(400), 'spreadsheet-part-too-large', { megabytes: 128 }],
    ['a 1 MB part inflating to 1 GB', () => inflatingWorkbook(1024), 'spreadsheet-part-too-large', { megabytes: 128 }],
    ['a 1 MB part inflating to 1 GB that claims 4 KB', () => inflatingWorkbook(1024, 4096), 'spreadsheet-damaged', {}],
    ['3 million shared strings', () => sharedStringsWorkbook(3_000_000), 'spreadsheet-too-many-strings', { max: 1_000_000 }],
    ['1,048,576 rows', () => allRowsWorkbook(), 'spreadsheet-too-many-rows', { max: 100_000 }],
  ] as const)('refuses %s with the limit named, and keeps its memory', async (_name, make, reason, params) => {
    const bytes = make();
    const started = performance.now();
    const result = await inspect(bytes, 'hostile.xlsx');
    const ms = performance.now() - started;
    expect(result).toMatchObject({ ok: false, error: { code: 'file-refused', reason, params } });
    // The import refuses it the same way and writes nothing.
    const imported = await ipc('csv.import', { source: await upload(bytes), fileName: 'hostile.xlsx' });
    expect(imported).toMatchObject({ ok: false, error: { code: 'file-refused', reason } });
    expect((await ipc('drafts.create', { fields: { title: 'Still here' } })).ok).toBe(true);
    console.log(`${_name}: refused in ${Math.round(ms)} ms, web mode's memory right after ${Math.round(residentMb(web.process.pid ?? 0))} MB`);
    await memoryBackUnder300();
  }, 240_000);

  it('refuses a HEIC whose first top-level image claims 16384x16384 behind a 2048x2048 primary', async () => {
    const heic = readFileSync(await heicWithHugeSecondImage(files.path));
    const draft = await ipc('drafts.create', { fields: { title: 'Photo bomb' } });
    const localId = (draft.value as { localId: number }).localId;
    const started = performance.now();
    const added = await ipc('images.add', { localId, files: [{ name: 'hostile.heic', source: await upload(heic) }] });
    const ms = performance.now() - started;
    expect(added).toMatchObject({ ok: true, value: [{ outcome: 'failed', issue: { rule: 'photo-too-many-pixels', params: { megapixels: 120 } } }] });
    console.log(`hostile HEIC: refused in ${Math.round(ms)} ms, web mode's memory right after ${Math.round(residentMb(web.process.pid ?? 0))} MB`);
    // Back under 300 MB once the preparation workers have gone idle and ended.
    await memoryBackUnder300();
  }, 240_000);
});
