// The screens and dialogs load when first shown (renderer/src/navigation/later.tsx). A part whose
// file is gone (an update replaced the app's files under a running window, a damaged install)
// says so where it would have been; the rest of the window lives on: the sidebar, the grid, the
// other screens.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type AppSession } from './support.ts';

let app: AppSession;
let page: Page;

beforeAll(async () => {
  app = await openApp({
    prefix: 'e2e-later-parts',
    changeRenderer(copy) {
      const assets = join(copy, 'assets');
      const sales = readdirSync(assets).filter((f) => f.startsWith('sales-screen-') && f.endsWith('.js'));
      expect(sales).toHaveLength(1);
      rmSync(join(assets, sales[0] as string));
    },
  });
  ({ page } = app);
  await page.goto(app.web.url);
  await page.locator('.grid-scroll').waitFor();
}, 120_000);

afterAll(() => app?.close());

describe('a screen whose file cannot be loaded', () => {
  it('says so in its place, and the rest of the window works on', async () => {
    await page.keyboard.press('Alt+4');
    const alert = page.locator('main [role=alert]');
    await expect.poll(() => alert.textContent(), { timeout: 30_000 }).toContain('This part of Market Desk could not be loaded');
    expect(await page.locator('nav.sidebar').count()).toBe(1);
    // Another screen loaded later opens, and the drafts screen comes back.
    await page.keyboard.press('Alt+2');
    await expect.poll(() => page.locator('main .question-cards, main h2').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.keyboard.press('Alt+1');
    await expect.poll(() => page.locator('main [role=grid]').count(), { timeout: 30_000 }).toBe(1);
    expect(app.pageErrors).toEqual([]);
  });
});
