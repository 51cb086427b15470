// Issue 19: the hostile files a seller may be handed (or an attacker may hand one), each read by
// the bounded spreadsheet worker or the photo decoder and refused quickly with the limit named;
// the honest workbook that only looks big (formatting out to column XFD) is read at once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { NO_EDITS, prepareImage } from '../../electron/core/images/prepare-image.ts';
import { createPreparePool, PrepareTimeout } from '../../electron/core/images/worker-pool.ts';
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { readSpreadsheet } from '../../electron/core/spreadsheet/read-spreadsheet.ts';
import { inspectSpreadsheet } from '../../electron/core/spreadsheet/spreadsheet-files.ts';
import { allRowsWorkbook, heicWithHugeSecondImage, inflatingWorkbook, sharedStringsWorkbook, xfdWorkbook } from '../support/hostile-files.ts';
import { openTempDb, privateSellerRules } from './support.ts';
import { gaussianNoise } from './support/photos.ts';

const folder = mkdtempSync(join(tmpdir(), 'hostile-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The refusal's code, reason and params (what the renderer words), or the value when read. */
async function refusal(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
    return 'read';
  } catch (error) {
    const e = error as { code?: string; detail?: { reason: string; params?: unknown } };
    return { code: e.code, reason: e.detail?.reason, params: e.detail?.params };
  }
}

describe('hostile spreadsheets', () => {
  it('reads the 11 KB workbook formatted out to column XFD at once: only the used range, 1,199 rows', async () => {
    const { db } = openTempDb();
    settingsCache(db).saveRules(privateSellerRules(), 1);
    const file = xfdWorkbook();
    expect(file.length).toBeLessThan(16 * 1024);
    const facts = await inspectSpreadsheet(db, file);
    expect(facts).toMatchObject({ format: 'xlsx', rows: 1199, headings: ['title', 'quantity'], unknown: [] });
  }, 120_000);

  it('refuses a 409 KB sheet that inflates to 400 MB before inflating it', async () => {
    const file = inflatingWorkbook(400);
    expect(file.length).toBeLessThan(2 * 1024 * 1024);
    expect(await refusal(readSpreadsheet(file))).toEqual({ code: 'file-refused', reason: 'spreadsheet-part-too-large', params: { megabytes: 128 } });
  }, 120_000);

  it('refuses a 1 MB part that inflates to 1 GB: by its claim, and when it lies, where the lie shows', async () => {
    const honest = inflatingWorkbook(1024);
    expect(honest.length).toBeLessThan(3 * 1024 * 1024);
    expect(await refusal(readSpreadsheet(honest))).toEqual({ code: 'file-refused', reason: 'spreadsheet-part-too-large', params: { megabytes: 128 } });
    expect(await refusal(readSpreadsheet(inflatingWorkbook(1024, 4096)))).toEqual({ code: 'file-refused', reason: 'spreadsheet-damaged', params: {} });
  }, 120_000);

  it('refuses three million shared strings at the millionth and first', async () => {
    expect(await refusal(readSpreadsheet(sharedStringsWorkbook(3_000_000)))).toEqual({ code: 'file-refused', reason: 'spreadsheet-too-many-strings', params: { max: 1_000_000 } });
  }, 120_000);

  it('refuses a sheet of 1,048,576 rows at the 100,001st row of data, and takes a configured limit', async () => {
    const file = allRowsWorkbook();
    expect(await refusal(readSpreadsheet(file))).toEqual({ code: 'file-refused', reason: 'spreadsheet-too-many-rows', params: { max: 100_000 } });
    expect(await refusal(readSpreadsheet(allRowsWorkbook(20), { rows: 10 }))).toEqual({ code: 'file-refused', reason: 'spreadsheet-too-many-rows', params: { max: 10 } });
  }, 120_000);

  it('ends a reading worker that runs over its time or its memory, and reads the next file', async () => {
    expect(await refusal(readSpreadsheet(allRowsWorkbook(200_000), { rows: 1_000_000, timeMs: 50 }))).toEqual({ code: 'file-refused', reason: 'spreadsheet-over-time', params: { seconds: 0 } });
    expect(await refusal(readSpreadsheet(allRowsWorkbook(400_000), { rows: 1_000_000, memoryMb: 16 }))).toEqual({ code: 'file-refused', reason: 'spreadsheet-over-memory', params: { megabytes: 16 } });
    expect((await readSpreadsheet(allRowsWorkbook(5))).records.map((r) => r.fields)).toEqual([['title', 'quantity'], ['L2', '1'], ['L3', '1'], ['L4', '1'], ['L5', '1']]);
  }, 120_000);

  it('refuses a CSV of more rows than the limit', async () => {
    const csv = Buffer.from(`title,quantity\n${'Lamp,1\n'.repeat(30)}`);
    expect(await refusal(readSpreadsheet(csv, { rows: 29 }))).toEqual({ code: 'file-refused', reason: 'spreadsheet-too-many-rows', params: { max: 29 } });
    expect((await readSpreadsheet(csv, { rows: 30 })).records).toHaveLength(31);
  }, 120_000);
});

describe('a hostile HEIC', () => {
  it('is refused by the pixel limit of its largest top-level image before any is decoded', async () => {
    const heic = await heicWithHugeSecondImage(folder);
    await expect(prepareImage(heic)).rejects.toThrow(/pixel limit/);
  }, 120_000);
});

describe('the photo preparation workers', () => {
  it('end a worker that runs over its time budget and refuse that photo with the limit named; photos are prepared after it', async () => {
    const pool = createPreparePool(1, { timeMs: 30, memoryMb: 256 });
    try {
      const big = join(folder, 'big.jpg');
      writeFileSync(big, await sharp(gaussianNoise(6000, 4000, 128, 40), { raw: { width: 6000, height: 4000, channels: 3 } }).jpeg().toBuffer());
      const task = (input: string, name: string) => ({ type: 'prepare' as const, input, edits: NO_EDITS, filePath: join(folder, `${name}.jpg`), thumbPath: join(folder, `${name}-t.jpg`) });
      const error = await pool.run(task(big, 'big')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PrepareTimeout);
      expect((error as PrepareTimeout).seconds).toBe(0);
      const generous = createPreparePool(1);
      try {
        const small = join(folder, 'small.jpg');
        writeFileSync(small, await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).jpeg().toBuffer());
        expect(await generous.run(task(small, 'small'))).toMatchObject({ width: 64, height: 48 });
      } finally {
        await generous.close();
      }
    } finally {
      await pool.close();
    }
  }, 120_000);
});
