// The app is one script (renderer/classic-script.ts); the files a running window may still fetch
// later are the languages' words (renderer/catalog-files.ts), each loaded when the language is
// first chosen. One that is gone (an update replaced the app's files under a running window, a
// damaged install) is said so beside the setting, and the window lives on in the language it had:
// the grid, the sidebar, the other screens.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type AppSession } from './support.ts';

let app: AppSession;
let page: Page;

beforeAll(async () => {
  app = await openApp({
    prefix: 'e2e-missing-language-file',
    changeRenderer(copy) {
      const assets = join(copy, 'assets');
      const finnish = readdirSync(assets).filter((f) => f.startsWith('catalog-fi-') && f.endsWith('.js'));
      expect(finnish).toHaveLength(1);
      rmSync(join(assets, finnish[0] as string));
    },
  });
  ({ page } = app);
  await page.goto(app.web.url);
  await page.locator('.grid-scroll').waitFor();
}, 120_000);

afterAll(() => app?.close());

describe('a language whose file cannot be loaded', () => {
  it('says so beside the setting, and the window works on in the language it had', async () => {
    const picker = page.locator('.language-picker select');
    await picker.selectOption('fi');
    const alert = page.locator('.language-picker [role=alert]');
    await expect.poll(() => alert.textContent(), { timeout: 30_000 }).toContain('This part of Market Desk could not be loaded');
    // The setting went back to what it was, and the words are still English.
    expect(await picker.inputValue()).toBe('system');
    await expect.poll(() => page.locator('.count').textContent()).toMatch(/ items$/);
    expect(await page.locator('nav.sidebar').count()).toBe(1);
    // The other screens open, and the drafts screen comes back.
    await page.keyboard.press('Alt+4');
    await expect.poll(() => page.locator('main h2, main [role=grid], main table').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.keyboard.press('Alt+1');
    await expect.poll(() => page.locator('main [role=grid]').count(), { timeout: 30_000 }).toBe(1);
    // Choosing English again works, and clears the notice.
    await picker.selectOption('en');
    await expect.poll(() => alert.count()).toBe(0);
    expect(app.pageErrors).toEqual([]);
  });
});
