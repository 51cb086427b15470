// The Backups section (under Accounts) in web mode in a real Chromium, in both languages: a
// cache damaged before the start is set aside and the latest good backup offered and restored;
// a backup on request; screenshots into test-output/e2e/.
import { closeSync, cpSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupServiceOf } from '../../electron/core/backup/backup-service.ts';
import { openCoreSession } from '../../electron/core/session/core-session.ts';
import { listingTemplates } from '../../electron/core/templates/listing-templates.ts';
import { insertManyDrafts } from '../support/many-drafts.ts';
import { openApp, OUTPUT, tempDir, type AppSession } from './support.ts';

let app: AppSession;
let page: Page;
const seed = tempDir('e2e-backups-seed-');

beforeAll(async () => {
  // A shop with a good backup, whose cache is then damaged (bytes overwritten in the middle).
  const session = openCoreSession({ root: seed.path });
  insertManyDrafts(session.db(), 1500);
  listingTemplates(session.db()).save({ name: 'Lamps', fields: { sku: 'L-' } }, 1);
  const service = backupServiceOf(session, { checkEveryMs: 0 });
  await service.backupNow('daily');
  service.close();
  const cache = join(session.folder(), 'cache.sqlite');
  session.close();
  const size = statSync(cache).size;
  const fd = openSync(cache, 'r+');
  writeSync(fd, Buffer.alloc(32 * 1024, 0x5a), 0, 32 * 1024, Math.floor(size / 2 / 4096) * 4096);
  closeSync(fd);
  app = await openApp({ prefix: 'e2e-backups', prepareData: (data) => cpSync(seed.path, data, { recursive: true }) });
  page = app.page;
  await page.goto(app.web.url);
}, 240_000);

afterAll(async () => {
  await app?.close();
  seed.remove();
});

const section = () => page.locator('section.backups');
const shot = (name: string) => section().screenshot({ path: join(OUTPUT, `${name}.png`) });

describe('the Backups section', () => {
  it('offers the latest good backup for a damaged cache, restores it, and backs up on request (English)', async () => {
    await page.locator('.sidebar button').first().waitFor({ timeout: 60_000 });
    await expect.poll(async () => {
      await page.keyboard.press('Alt+6');
      return page.locator('.sidebar button[aria-current=page]').getAttribute('aria-keyshortcuts');
    }, { timeout: 30_000 }).toBe('Alt+6');
    await section().getByRole('heading', { name: 'Backups' }).waitFor({ timeout: 30_000 });
    const damage = section().getByRole('alert').filter({ hasText: 'was damaged' });
    await damage.waitFor({ timeout: 30_000 });
    await shot('backups-damaged-en');
    await damage.getByRole('button', { name: /Restore the backup of/ }).click();
    await section().getByRole('alertdialog').getByRole('button', { name: 'Restore', exact: true }).click();
    await section().getByRole('status').filter({ hasText: 'Restored.' }).waitFor({ timeout: 60_000 });
    await section().getByRole('button', { name: 'Keep the empty cache' }).click();
    await expect.poll(() => section().getByRole('alert').count(), { timeout: 30_000 }).toBe(0);
    await section().getByRole('button', { name: 'Back up now' }).click();
    await section().getByRole('status').filter({ hasText: 'Backed up and checked.' }).waitFor({ timeout: 60_000 });
    const rows = section().locator('table.backups-list tbody tr');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
    expect(await rows.first().locator('td').nth(1).textContent()).toBe('On request');
    expect(await rows.first().locator('td').nth(2).textContent()).toBe('1,500');
    expect(await section().locator('.backups-last').textContent()).toMatch(/^Last good backup: .+, in the app’s data folder\.$/);
    await shot('backups-en');
    expect(app.pageErrors).toEqual([]);
  }, 180_000);

  it('exports to a download and imports it back from a picked file: no path is typed anywhere', async () => {
    expect(await section().locator('input.path').count()).toBe(1); // the seller's backup folder only
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), section().getByRole('button', { name: 'Export to a file…' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^market-desk-\d{4}-\d\d-\d\d\.mdesk$/);
    const saved = join(seed.path, 'taken.mdesk');
    await download.saveAs(saved);
    expect(readFileSync(saved).subarray(0, 8).toString('latin1')).toBe('MDESKEXP');
    await section().getByRole('status').filter({ hasText: /^Exported 1 account \(1,500 drafts\) to market-desk-/ }).waitFor({ timeout: 30_000 });
    await section().getByLabel('Export file (.mdesk)').setInputFiles(saved);
    await section().getByRole('button', { name: 'Import', exact: true }).click();
    await section().getByRole('status').filter({ hasText: /^Added the account / }).waitFor({ timeout: 60_000 });
    await shot('backups-moved-en');
    expect(app.pageErrors).toEqual([]);
  }, 120_000);

  it('says the same in Finnish', async () => {
    await page.getByLabel('Language').selectOption('fi');
    await section().getByRole('heading', { name: 'Varmuuskopiot' }).waitFor({ timeout: 30_000 });
    const rows = section().locator('table.backups-list tbody tr');
    expect(await rows.first().locator('td').nth(1).textContent()).toBe('Pyynnöstä');
    expect((await rows.first().locator('td').nth(2).textContent())?.replace(/\s/g, ' ')).toBe('1 500');
    expect(await section().locator('.backups-last').textContent()).toMatch(/^Viimeisin onnistunut varmuuskopio: .+, sovelluksen datakansiossa\.$/);
    await shot('backups-fi');
  }, 60_000);
});
