// Market research (issue 39) in a real Chromium, in Finnish, against the embedded sandbox
// marketplace and its market history (other sellers' closed sales, seeded once per run): category
// suggestions as a title is typed (Alt+Shift+1 takes one), the editor's Market panel (Alt+M) and
// a suggested price used, the grid's market dialog (Ctrl+Shift+M), research in bulk with its
// progress and budget, the market columns, categories from the market and the market price rule
// with preview; each dialog checked by axe. One app session for the file.
// Screenshots go to test-output/e2e/research-*.png.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MARKET_SEED, planMarketHistory } from '../../server/seed/market-history.ts';
import { SANDBOX_MARKET_HISTORY } from '../../electron/sandbox/embedded-marketplace.ts';
import { axeScreen, summaryLine } from './a11y-support.ts';
import { chooseLanguage, firstSyncShown, openApp, OUTPUT, type AppSession } from './support.ts';

let app: AppSession;
let page: Page;

/**
 * A title of the product the sandbox's history sold most of (the history is the seed's: the same
 * products and prices whatever the day), written as a seller would: "<maker> <noun, plural>".
 */
function busiestProduct(): { title: string; leafId: number } {
  const counts = new Map<string, { n: number; title: string; leafId: number }>();
  for (const sale of planMarketHistory(SANDBOX_MARKET_HISTORY, Date.now(), DEFAULT_MARKET_SEED)) {
    if (!sale.sold) continue;
    const entry = counts.get(sale.product) ?? { n: 0, title: sale.title, leafId: sale.leafId };
    entry.n++;
    counts.set(sale.product, entry);
  }
  const [best] = [...counts.entries()].sort((a, b) => b[1].n - a[1].n);
  const [, , maker] = best![0].split('/');
  return { title: `${maker} ${best![1].title.toLowerCase().includes('dvd') ? 'DVD' : ''}`.trim(), leafId: best![1].leafId };
}

const product = busiestProduct();

async function axeClean(screen: string): Promise<void> {
  const summary = await axeScreen(page, screen, 'fi');
  expect(summary.counts.critical + summary.counts.serious, summaryLine(summary)).toBe(0);
}

beforeAll(async () => {
  app = await openApp({ prefix: 'e2e-research', webArgs: [] });
  ({ page } = app);
  await page.goto(app.web.url);
  await firstSyncShown(page);
  await chooseLanguage(page, 'fi');
}, 240_000);

afterAll(() => app?.close());

describe('market research in Finnish', () => {
  it('suggests categories as the title is typed, researches the draft with Alt+M and uses the suggested price', async () => {
    await page.getByRole('button', { name: 'Uusi luonnos' }).click();
    const editor = page.locator('dialog.editor');
    await editor.getByRole('textbox', { name: /^Otsikko/ }).fill(product.title);
    const chips = editor.getByRole('group', { name: 'Ehdotetut luokat:' });
    await chips.getByRole('button').first().waitFor({ timeout: 30_000 });
    await page.keyboard.press('Alt+Shift+1');
    await expect.poll(async () => (await editor.locator('.category-picker select').last().inputValue()) !== '').toBe(true);
    await page.keyboard.press('Control+s');
    await editor.getByText('Kaikki muutokset tallennettu tälle koneelle').waitFor();
    await page.keyboard.press('Alt+m');
    const panel = editor.getByRole('region', { name: 'Markkinatutkimus' });
    await panel.getByText(/^Tutkittu /).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: join(OUTPUT, 'research-editor-fi.png') });
    // Either figures with a reason, or "too few" said plainly: never a figure without its count.
    const tooFew = await panel.getByText(/^Liian vähän osumia/).count();
    if (tooFew === 0) {
      await expect.poll(() => panel.getByText(/myyty viimeisten \d+ päivän aikana, puolet hintaan/).count()).toBeGreaterThan(0);
      await panel.getByRole('button', { name: 'Käytä osta heti -hintana' }).click();
      await expect.poll(async () => (await editor.getByRole('textbox', { name: /^Osta heti -hinta/ }).inputValue()) !== '').toBe(true);
    }
    expect(await panel.getByRole('table').count()).toBe(1);
    await axeClean('research-editor');
    await page.keyboard.press('Control+s');
    await editor.getByText('Kaikki muutokset tallennettu tälle koneelle').waitFor();
    await editor.getByRole('button', { name: 'Sulje muokkain' }).click();
    await editor.waitFor({ state: 'detached' });
  }, 90_000);

  it('opens the focused draft\'s market from the grid with Ctrl+Shift+M', async () => {
    await page.getByRole('searchbox', { name: 'Hae luonnoksista' }).fill(product.title);
    const row = page.locator('[role=row][data-local-id]').first();
    await row.click();
    await page.keyboard.press('Control+Shift+M');
    const dialog = page.getByRole('dialog', { name: /^Markkinat: / });
    await dialog.getByText(/^Tutkittu |^Tulokset /).waitFor({ timeout: 30_000 });
    await axeClean('research-market-dialog');
    await dialog.getByRole('button', { name: 'Sulje' }).last().click();
    await dialog.waitFor({ state: 'detached' });
  }, 90_000);

  it('researches a selection in the background with progress and a budget, and shows the market columns', async () => {
    await page.getByRole('searchbox', { name: 'Hae luonnoksista' }).fill('');
    await page.locator('[role=row][data-local-id]').first().click();
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await page.getByRole('button', { name: 'Toiminnot' }).click();
    await page.getByRole('menuitem', { name: 'Tutki markkinat…' }).click();
    const dialog = page.getByRole('dialog', { name: /^Tutki 3 luonnoksen markkinat/ });
    await dialog.getByText(/tutkimushakua käytetty viimeisten 24 tunnin aikana/).waitFor();
    await axeClean('research-bulk');
    await dialog.getByRole('button', { name: 'Tutki 3 luonnosta' }).click();
    await dialog.getByText('Valmis.').waitFor({ timeout: 60_000 });
    await expect.poll(() => dialog.locator('progress').getAttribute('value')).toBe('3');
    await page.screenshot({ path: join(OUTPUT, 'research-bulk-fi.png') });
    await dialog.getByRole('button', { name: 'Sulje' }).click();
    // The market columns, from Columns….
    await page.getByText('Sarakkeet…').click();
    await page.getByRole('checkbox', { name: 'Markkinamediaani' }).check();
    await page.getByRole('checkbox', { name: 'vs. markkinat %' }).check();
    await page.keyboard.press('Escape');
    await page.getByRole('columnheader', { name: /Markkinamediaani/ }).waitFor();
  }, 90_000);

  it('sets categories from the market one by one or all, and prices from the market with a preview', async () => {
    await page.getByRole('searchbox', { name: 'Hae luonnoksista' }).fill(product.title);
    await page.locator('[role=row][data-local-id]').first().click();
    await page.getByRole('button', { name: 'Toiminnot' }).click();
    await page.getByRole('menuitem', { name: 'Aseta luokat markkinoiden mukaan…' }).click();
    const categories = page.getByRole('dialog', { name: 'Luokat markkinoiden mukaan' });
    await categories.getByText(/löytyi ehdotus|ei löytynyt ehdotusta/).waitFor({ timeout: 30_000 });
    await axeClean('research-categories');
    await categories.getByRole('button', { name: 'Sulje' }).click();

    await page.getByRole('button', { name: 'Hinnat ja tekstit…' }).click();
    const rules = page.getByRole('dialog', { name: /^Hinta- ja tekstisäännöt/ });
    await rules.getByRole('combobox', { name: 'Hintasääntö' }).selectOption({ label: 'Markkinoiden mukaan' });
    await rules.getByRole('combobox', { name: 'Markkinaluku' }).waitFor();
    await rules.getByRole('button', { name: 'Esikatsele' }).click();
    await rules.getByRole('region', { name: /esikatselu/i }).or(rules.locator('section.preview')).first().waitFor();
    await axeClean('research-price-rule');
    await rules.getByRole('button', { name: 'Peruuta' }).click();
  }, 90_000);
});
