// Issue 19, item 3 in a real Chromium over web mode: a big import shows Cancel beside its
// progress; pressed, the import stops, none of its drafts is left, the seller is told so, and the
// app is usable at once (the next import goes through). The boundary cases (a cancel after the
// last batch, after the last step) are the core's test: tests/core/import-cancel.test.ts.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftsCsv } from '../app/support.ts';
import { openApp, OUTPUT, type AppSession } from './support.ts';

let app: AppSession;
let page: Page;

beforeAll(async () => {
  app = await openApp({ prefix: 'e2e-import-cancel' });
  ({ page } = app);
  await page.goto(app.web.url);
  await page.locator('.count', { hasText: '0 items' }).waitFor();
}, 180_000);

afterAll(() => app?.close());

describe('an import under way', () => {
  it('is cancelled by its Cancel button: none of its drafts is left and the next import goes through', async () => {
    // Big enough to be under way for seconds (its rows are checked, then written in batches).
    const big = Buffer.from(draftsCsv(20_000));
    await page.getByLabel('Import CSV or Excel file').setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: big });
    const cancel = page.locator('.import-progress').getByRole('button', { name: 'Cancel import' });
    await cancel.waitFor();
    await page.screenshot({ path: join(OUTPUT, 'issue19-import-cancel-progress.png') });
    await cancel.click();
    await page.getByRole('status').filter({ hasText: 'The import was cancelled: no drafts were added.' }).waitFor();
    await expect.poll(() => page.locator('.import-progress').count()).toBe(0);
    await page.screenshot({ path: join(OUTPUT, 'issue19-import-cancelled.png') });
    expect(await page.locator('.count').textContent()).toBe('0 items');
    expect(app.pageErrors).toEqual([]);

    // Usable at once: a small import is made as ever, and it is the one step Undo offers.
    await page.getByLabel('Import CSV or Excel file').setInputFiles({ name: 'small.csv', mimeType: 'text/csv', buffer: Buffer.from(draftsCsv(2)) });
    const report = page.getByRole('dialog', { name: 'Import' });
    await expect.poll(() => report.locator('.import-summary').textContent()).toMatch(/^2 drafts imported\./);
    await report.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.locator('.count').textContent()).toBe('2 items');
  }, 60_000);
});
