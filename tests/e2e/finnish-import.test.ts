// Issue 21 in a real Chromium, in Finnish: a sheet written with the Finnish screens' own words
// ("Osta heti", "Hyvä", "Nouto;Lähetys") imports with its headings recognised; a file whose
// headings map to nothing is not imported as blank drafts (the step says why, Import is off);
// the remembered mappings are listed. Screenshots in both languages go to test-output/e2e/.
import { join } from 'node:path';
import iconv from 'iconv-lite';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, openApp, openIn, OUTPUT, type AppSession } from './support.ts';

let app: AppSession;
let page: Page;

beforeAll(async () => {
  app = await openApp({ prefix: 'e2e-fi-import' });
  ({ page } = app);
  await openIn(page, app.web.url, 'fi');
  await page.locator('.count', { hasText: '0 kohdetta' }).waitFor();
}, 180_000);

afterAll(() => app?.close());

const csv = (lines: string[]) => iconv.encode(lines.join('\r\n') + '\r\n', 'windows-1252');

describe('a Finnish seller\'s sheet', () => {
  it('imports the screens\' own Finnish words, and refuses a file where nothing holds the title', async () => {
    const file = csv([
      'Otsikko;Myyntitapa;Osta heti -hinta €;Kunto;Toimitustavat;Maksutavat',
      'Kamera;Osta heti;2119,04;Hyvä;"Nouto;Lähetys";"Tilisiirto;MobilePay"',
      'Objektiivi;osta heti;99;uudenveroinen;nouto;käteinen',
    ]);
    await page.getByLabel('Tuo CSV- tai Excel-tiedosto').setInputFiles({ name: 'kauppa.csv', mimeType: 'text/csv', buffer: file });
    const mapping = page.getByRole('dialog', { name: 'Tiedoston kauppa.csv sarakkeet' });
    await mapping.waitFor();
    // Every Finnish heading is recognised.
    expect(await mapping.getByLabel('Kenttä sarakkeelle Otsikko').inputValue()).toBe('title');
    expect(await mapping.getByLabel('Kenttä sarakkeelle Kunto').inputValue()).toBe('condition');
    await page.screenshot({ path: join(OUTPUT, 'issue21-fi-mapping-finnish-headings.png') });
    await mapping.getByRole('button', { name: /^Tuo 2 riviä/ }).click();
    const report = page.getByRole('dialog', { name: 'Tuonti' });
    await expect.poll(() => report.locator('.import-summary').textContent()).toMatch(/^2 luonnosta tuotu\./);
    await page.screenshot({ path: join(OUTPUT, 'issue21-fi-import-report.png') });
    await report.getByRole('button', { name: 'Sulje' }).click();
    await expect.poll(() => page.locator('.count').textContent()).toBe('2 kohdetta');

    // Headings that name no field, not even as a guess (a colour, a size, a material).
    const blank = csv(['Väri;Koko;Materiaali', 'Punainen;M;Puu', 'Sininen;L;Lasi', 'Musta;S;Teräs']);
    await page.getByLabel('Tuo CSV- tai Excel-tiedosto').setInputFiles({ name: 'tuntematon.csv', mimeType: 'text/csv', buffer: blank });
    const step = page.getByRole('dialog', { name: 'Tiedoston tuntematon.csv sarakkeet' });
    await step.waitFor();
    await expect.poll(() => step.locator('.mapping-warning').first().textContent()).toMatch(/^Mikään sarake ei sisällä otsikkoa/);
    expect(await step.getByRole('button', { name: /^Tuo 3 riviä/ }).isDisabled()).toBe(true);
    await page.screenshot({ path: join(OUTPUT, 'issue21-fi-mapping-no-title.png') });
    await step.getByRole('button', { name: 'Muistetut sarakevalinnat…' }).click();
    const list = page.getByRole('dialog', { name: 'Muistetut sarakevalinnat' });
    await expect.poll(() => list.locator('tbody tr').count()).toBe(1);
    await page.screenshot({ path: join(OUTPUT, 'issue21-fi-remembered-mappings.png') });
    await list.getByRole('button', { name: 'Sulje' }).click();
    await step.getByRole('button', { name: 'Peruuta' }).click();
    expect(await page.locator('.count').textContent()).toBe('2 kohdetta');

    // The same in English screens.
    await chooseLanguage(page, 'en');
    await page.getByLabel('Import CSV or Excel file').setInputFiles({ name: 'unknown.csv', mimeType: 'text/csv', buffer: blank });
    const stepEn = page.getByRole('dialog', { name: 'Map the columns of unknown.csv' });
    await stepEn.waitFor();
    await expect.poll(() => stepEn.locator('.mapping-warning').first().textContent()).toMatch(/^No column holds the title/);
    await page.screenshot({ path: join(OUTPUT, 'issue21-en-mapping-no-title.png') });
    await stepEn.getByRole('button', { name: 'Remembered mappings…' }).click();
    const listEn = page.getByRole('dialog', { name: 'Remembered column mappings' });
    await expect.poll(() => listEn.locator('tbody tr').count()).toBe(1);
    await page.screenshot({ path: join(OUTPUT, 'issue21-en-remembered-mappings.png') });
    await listEn.getByRole('button', { name: 'Close' }).click();
    await stepEn.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.locator('.count').textContent()).toBe('2 items');
  });
});
