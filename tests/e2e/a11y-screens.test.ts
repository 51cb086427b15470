// Every screen and dialog checked by axe-core (WCAG 2.2 A and AA rules) in English and in
// Finnish, in a real Chromium against the embedded sandbox marketplace (the demo seller pekka),
// in the light and the dark theme (the dark one follows the system's prefers-color-scheme).
// The test fails on any serious or critical finding and prints the moderate and minor ones; every
// run writes its findings to test-output/e2e/a11y/axe-<lang>-<theme>.json.
//
// SCREENS is a table: a screen or dialog is a name, a way to open it and a way to close it. A new
// screen (Rules, Backups) adds a row; the sidebar opens it with Alt+<its place>.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeScreen, COLOUR_RULES, summaryLine, THEME_ONLY_COLOURS, unnamedControls, unreachableControls, type AxeSummary } from './a11y-support.ts';
import { en } from '../../renderer/src/i18n/catalogs/en/index.ts';
import { fi } from '../../renderer/src/i18n/catalogs/fi/index.ts';
import { chooseLanguage, firstSyncShown, newBrowserContext, openApp, openIn, openScreenByKey, OUTPUT, tempDir, type AppSession } from './support.ts';

const CATALOGS = { en, fi };

export const A11Y_OUTPUT = join(OUTPUT, 'a11y');
type Lang = 'en' | 'fi';

let app: AppSession;
let page: Page;
const files = tempDir('e2e-a11y-files-');
const photos: string[] = [];
let runs = 0;

const dialog = () => page.locator('dialog[open]').last();
const main = () => page.locator('main');
const rows = () => page.locator('[role=row][data-local-id]');

async function openScreen(index: number): Promise<void> {
  await openScreenByKey(page, index);
  await expect.poll(() => main().locator('h2, [role=grid]').count()).toBeGreaterThan(0);
}

async function escape(): Promise<void> {
  const before = await page.locator('dialog[open]').count();
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('dialog[open]').count()).toBe(before - 1);
}

/** Esc until no dialog is open. */
async function closeAll(): Promise<void> {
  for (let i = 0; i < 4 && (await page.locator('dialog[open]').count()) > 0; i++) {
    const before = await page.locator('dialog[open]').count();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog[open]').count()).toBeLessThan(before);
  }
}

/** The editor on a new draft (New draft, a title typed, Ctrl+S), so photos can be added. */
async function openEditor(): Promise<void> {
  await openScreen(1);
  await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
  await page.locator('.toolbar-row').getByRole('button', { name: CATALOGS[lang]['editor.new'], exact: true }).click();
  await expect.poll(() => page.locator('dialog.editor[open] .images-panel').count(), { timeout: 30_000 }).toBe(1);
  await dialog().locator('.field[data-field=title] input').fill(`A11y ${runs}`);
  await page.keyboard.press('Control+s');
  await expect.poll(() => dialog().locator('#editor-title').textContent()).toBe(`A11y ${runs}`);
}

function mappingCsv(): string {
  runs += 1;
  return `Nimike${runs};Hinta${runs};saleMethod\r\nTuonti ${runs} a;12,50;buy-now\r\nTuonti ${runs} b;abc;buy-now\r\n`;
}

/** A button of the drafts toolbar by its words in the language in use (from the app's own catalogs). */
let lang: Lang = 'en';
const toolbarButton = (id: 'grid.bulkEdit' | 'grid.rules'): Locator => page.locator('.toolbar').getByRole('button', { name: CATALOGS[lang][id], exact: true });

interface Screen {
  name: string;
  open(lang: Lang): Promise<void>;
  close(): Promise<void>;
}

/** Every screen and dialog, in the order a seller meets them. */
const SCREENS: Screen[] = [
  { name: 'drafts', open: () => openScreen(1), close: async () => {} },
  {
    name: 'import-mapping',
    open: async () => {
      await page.locator('.toolbar input[type=file]').setInputFiles({ name: `a11y-${runs}.csv`, mimeType: 'text/csv', buffer: Buffer.from(mappingCsv()) });
      await expect.poll(() => dialog().locator('.report-table select').count(), { timeout: 30_000 }).toBe(2);
      await dialog().locator('.report-table select').nth(0).selectOption('title');
      await dialog().locator('.report-table select').nth(1).selectOption('buyNowPrice');
    },
    close: async () => {},
  },
  {
    name: 'import-report',
    open: async () => {
      await dialog().locator('.dialog-actions .primary').click();
      await expect.poll(() => dialog().locator('.import-summary').count(), { timeout: 30_000 }).toBe(1);
    },
    close: escape,
  },
  { name: 'editor', open: openEditor, close: async () => {} },
  {
    name: 'photos',
    open: async () => {
      await dialog().locator('.images-panel input[type=file]').setInputFiles(photos);
      await expect.poll(() => dialog().locator('.thumbs li img').count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
      await dialog().locator('.images-panel').scrollIntoViewIfNeeded();
    },
    close: async () => {},
  },
  {
    name: 'crop',
    open: async () => {
      await dialog().locator('.thumbs li').first().focus();
      await page.keyboard.press('c');
      await expect.poll(() => page.locator('dialog.crop-dialog[open]').count()).toBe(1);
      await expect.poll(() => page.locator('.crop-frame').count()).toBe(1);
    },
    // Esc closes the crop view, then the editor (the keyboard test holds that one Esc closes one).
    close: closeAll,
  },
  {
    name: 'bulk-edit',
    open: async () => {
      await rows().first().click();
      await toolbarButton('grid.bulkEdit').click();
      const price = dialog().locator('.bulk-row input').first();
      await price.fill('24,50');
      await price.press('Enter');
      // The preview comes from the core's own process: waited for as the other slow steps are.
      await expect.poll(() => dialog().locator('.preview').count(), { timeout: 30_000 }).toBe(1);
    },
    close: escape,
  },
  {
    name: 'price-and-text-rules',
    open: async () => {
      await toolbarButton('grid.rules').click();
      await dialog().locator('select').first().selectOption('raise');
      await dialog().locator('input[inputmode=decimal]').first().fill('10');
      await dialog().locator('input[inputmode=decimal]').first().press('Enter');
      // The preview comes from the core's own process: waited for as the other slow steps are.
      await expect.poll(() => dialog().locator('.preview').count(), { timeout: 30_000 }).toBe(1);
    },
    close: escape,
  },
  {
    name: 'bulk-actions',
    open: async () => {
      await page.locator('.actions-menu > button').focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(() => dialog().locator('[role=status]').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    },
    close: escape,
  },
  {
    name: 'templates',
    open: async () => {
      await page.locator('.template-launchers button').nth(0).click();
      await expect.poll(() => page.locator('dialog.template-manager[open]').count()).toBe(1);
    },
    close: escape,
  },
  {
    name: 'apply-template',
    open: async () => {
      await page.locator('.template-launchers button').nth(1).click();
      await expect.poll(() => page.locator('dialog[open]').count()).toBe(1);
    },
    close: escape,
  },
  { name: 'questions', open: () => openScreen(2), close: async () => {} },
  {
    name: 'canned-answers',
    open: async () => {
      await main().locator('.screen-head button').first().click();
      await expect.poll(() => page.locator('dialog.canned-manager[open]').count()).toBe(1);
    },
    close: escape,
  },
  { name: 'offers', open: () => openScreen(3), close: async () => {} },
  {
    name: 'offers-refuse',
    open: async () => {
      await expect.poll(() => main().locator('tr[data-offer-id]').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      await main().locator('tr[data-offer-id] button[aria-keyshortcuts=R]').first().click();
      await expect.poll(() => page.locator('dialog.confirm[open]').count()).toBe(1);
    },
    close: escape,
  },
  {
    name: 'sales',
    open: async () => {
      await openScreen(4);
      await expect.poll(() => main().locator('figure').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    },
    close: async () => {},
  },
  { name: 'sync', open: () => openScreen(5), close: async () => {} },
  // The accounts screen holds the Backups section (issue 24).
  { name: 'accounts', open: () => openScreen(6), close: async () => {} },
  // The Rules screen (issue 23): offer and relist rules, saved groups, the log.
  { name: 'rules', open: () => openScreen(7), close: async () => {} },
];

beforeAll(async () => {
  mkdirSync(A11Y_OUTPUT, { recursive: true });
  for (let i = 1; i <= 2; i++) {
    const path = join(files.path, `photo-${i}.jpg`);
    writeFileSync(path, await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 40 * i, g: 120, b: 200 } } }).jpeg().toBuffer());
    photos.push(path);
  }
  app = await openApp({ webArgs: [], prefix: 'e2e-a11y' });
  ({ page } = app);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openIn(page, app.web.url, 'en');
  await firstSyncShown(page);
}, 300_000);

afterAll(async () => {
  await app?.close();
  files.remove();
});

/** Controls a screen reader reads without a name, per screen (Playwright's aria snapshot). */
type Unnamed = Record<string, string[]>;

/**
 * Opens every screen once in `language` and runs axe on it in the light and then the dark theme
 * (the theme follows the system: emulated, with any colour transition finished first), so each
 * screen's way of opening (an import, the editor, photos) is walked once for both themes.
 *
 * The light theme gets every WCAG rule, the dark one the colour rules (COLOUR_RULES:
 * color-contrast, link-in-text-block). The themes differ only in the stylesheets'
 * prefers-color-scheme blocks, which set colours and nothing else (THEME_ONLY_COLOURS, checked
 * here), and no script reads the scheme: the same DOM, the same names, roles, sizes, order and
 * visibility, so every other rule finds in the dark theme exactly what it found in the light one.
 */
async function sweep(language: Lang, unnamed: Unnamed): Promise<Record<'light' | 'dark', AxeSummary[]>> {
  lang = language;
  await page.emulateMedia({ colorScheme: 'light' });
  await chooseLanguage(page, lang);
  const found: Record<'light' | 'dark', AxeSummary[]> = { light: [], dark: [] };
  const write = () => {
    for (const theme of ['light', 'dark'] as const) writeFileSync(join(A11Y_OUTPUT, `axe-${lang}-${theme}.json`), `${JSON.stringify(found[theme], null, 2)}\n`);
  };
  expect(await page.evaluate<string[]>(THEME_ONLY_COLOURS)).toEqual([]);
  await closeAll();
  for (const screen of SCREENS) {
    await screen.open(lang);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      // Colour transitions jump to their end (an endless animation, a busy bar's, is left running).
      await page.evaluate('document.getAnimations().filter((a) => a instanceof CSSTransition).forEach((a) => a.finish())');
      found[theme].push(await (theme === 'dark' ? axeScreen(page, `${screen.name} (dark)`, lang, COLOUR_RULES) : axeScreen(page, screen.name, lang)));
    }
    await page.emulateMedia({ colorScheme: 'light' });
    const nameless = await unnamedControls(page);
    if (nameless.length > 0) unnamed[`${lang} ${screen.name}`] = nameless;
    if (nameless.length > 0) writeFileSync(join(A11Y_OUTPUT, `unnamed-${lang}.json`), `${JSON.stringify(unnamed, null, 2)}\n`);
    write();
    await screen.close();
  }
  write();
  return found;
}

function report(found: AxeSummary[]): void {
  for (const s of found) console.log(summaryLine(s));
  const blocking = found.flatMap((s) => s.rules.filter((r) => r.impact === 'serious' || r.impact === 'critical').map((r) => `${s.lang} ${s.screen}: ${r.id} (${r.impact}) ${r.help} at ${r.targets.join(' | ')}`));
  expect(blocking).toEqual([]);
}

describe('every screen and dialog passes axe\'s WCAG 2.2 A and AA rules', () => {
  for (const lang of ['en', 'fi'] as const) {
    it(`has no serious or critical finding in ${lang === 'en' ? 'English' : 'Finnish'}, in the light and in a dark system theme, and names every control`, async () => {
      const unnamed: Unnamed = {};
      const found = await sweep(lang, unnamed);
      expect(unnamed).toEqual({});
      report([...found.light, ...found.dark]);
    }, 600_000);
  }
});

describe('status changes in the live region', () => {
  it('announces the sync state, an import and its undo through the window\'s live region', async () => {
    await closeAll();
    await page.emulateMedia({ colorScheme: 'light' });
    lang = 'en';
    await chooseLanguage(page, 'en');
    await openScreen(1);
    // Everything the region says, in order (a screen reader reads each change).
    await page.evaluate(`(() => {
      const region = document.getElementById('live-polite');
      window.spoken = [];
      new MutationObserver(() => window.spoken.push(region.textContent.trim())).observe(region, { childList: true, subtree: true, characterData: true });
    })()`);
    const spoken = () => page.evaluate<string[]>('window.spoken');
    const offline = page.locator('.sync-bar input[type=checkbox]');
    await offline.press('Space');
    const said = async (words: string, after = 0) => (await spoken()).slice(after).some((text) => text.includes(words));
    await expect.poll(() => said(CATALOGS.en['sync.state.offline'])).toBe(true);
    const before = (await spoken()).length;
    await offline.press('Space');
    await expect.poll(() => said(CATALOGS.en['sync.state.online'], before), { timeout: 30_000 }).toBe(true);

    await page.locator('.toolbar input[type=file]').setInputFiles({ name: 'live.csv', mimeType: 'text/csv', buffer: Buffer.from('title,saleMethod,buyNowPrice\r\nLive region lamp,buy-now,5\r\n') });
    await expect.poll(() => dialog().locator('.import-summary').count(), { timeout: 30_000 }).toBe(1);
    await escape();
    await page.getByRole('grid').focus();
    await page.keyboard.press('Control+z');
    const undone = CATALOGS.en['app.notice.importUndone'].replace(/\{count.*\}\}/, 'the imported draft');
    await expect.poll(() => page.locator('.notice span').first().textContent()).toBe(undone);
    await expect.poll(() => said(undone)).toBe(true);
    console.log(`the live region said: ${(await spoken()).join(' | ')}`);
  }, 120_000);
});

/**
 * 200 % zoom of a 1280 × 800 window is what Chromium lays out in 640 × 400 CSS pixels at a device
 * scale factor of 2: the same media queries, the same wrapping. Each screen (and the editor) is
 * photographed, and every control of it is scrolled into view: none may stay cut off or covered.
 */
describe('at 200 % zoom, with reduced motion', () => {
  for (const zoomLang of ['en', 'fi'] as const) {
    it(`keeps every control of every screen reachable in ${zoomLang === 'en' ? 'English' : 'Finnish'}, photographed`, async () => {
      const context = await newBrowserContext({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2, reducedMotion: 'reduce', colorScheme: 'light', locale: zoomLang === 'en' ? 'en-GB' : 'fi-FI' });
      const zoomed = await context.newPage();
      try {
        await openIn(zoomed, app.web.url, zoomLang);
        await expect.poll(() => zoomed.locator('[role=row][data-local-id]').count(), { timeout: 60_000 }).toBeGreaterThan(0);
        const problems: Record<string, string[]> = {};
        const check = async (screen: string) => {
          await zoomed.screenshot({ path: join(A11Y_OUTPUT, `zoom200-${zoomLang}-${screen}.png`) });
          const found = await unreachableControls(zoomed);
          if (found.length > 0) problems[screen] = found;
        };
        for (const [index, screen] of [[1, 'drafts'], [2, 'questions'], [3, 'offers'], [4, 'sales'], [5, 'sync'], [6, 'accounts']] as const) {
          await openScreenByKey(zoomed, index);
          await check(screen);
        }
        await zoomed.keyboard.press('Alt+1');
        await zoomed.locator('.toolbar-row button').first().press('Enter');
        // The editor's first opening waits for the core's own process, as the sweep's does.
        await expect.poll(() => zoomed.locator('dialog.editor[open] .images-panel').count(), { timeout: 30_000 }).toBe(1);
        await check('editor');
        await zoomed.keyboard.press('Escape');
        await expect.poll(() => zoomed.locator('dialog[open]').count()).toBe(0);

        // Reduced motion: the stylesheet stops transitions and animations, and an indeterminate
        // bar (an import reading its file, a photo uploading) stands still.
        const motion = await zoomed.evaluate<{ reduce: boolean; transition: string; animation: string; appearance: string; running: number }>(`(() => {
          const bar = document.createElement('progress');
          document.body.append(bar);
          const style = getComputedStyle(bar);
          const result = { reduce: matchMedia('(prefers-reduced-motion: reduce)').matches, transition: style.transitionDuration,
            animation: style.animationPlayState, appearance: style.appearance,
            running: document.getAnimations().filter((a) => a.playState === 'running').length };
          bar.remove();
          return result;
        })()`);
        expect(motion).toEqual({ reduce: true, transition: '0s', animation: 'paused', appearance: 'none', running: 0 });
        expect(problems).toEqual({});
      } finally {
        await context.close();
      }
    }, 240_000);
  }

  it('follows a dark system theme', async () => {
    const context = await newBrowserContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
    try {
      const dark = await context.newPage();
      await dark.goto(app.web.url);
      await expect.poll(() => dark.locator('.sidebar button').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      expect(await dark.evaluate<string>('getComputedStyle(document.body).backgroundColor')).toBe('rgb(21, 24, 30)');
      await dark.screenshot({ path: join(A11Y_OUTPUT, 'dark-drafts.png') });
    } finally {
      await context.close();
    }
  });
});
