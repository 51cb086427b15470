// Issue 42 (points 10-13 and 19) in a real Chromium, in Finnish: a 3.8 MB Excel CSV with the 17
// headings a Finnish seller writes shows its progress from the moment it is picked and has every
// heading recognised; a file in the screens' own words is not told its headings are no field
// names; a workbook as openpyxl writes it and an Excel CSV with rows without a title import with
// every uncalculated price, merged value, restored postal code and refused row in the report,
// which is saved in Finnish. Screenshots go to test-output/e2e/issue42-*.png.
import { join } from 'node:path';
import iconv from 'iconv-lite';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openpyxlWorkbook } from '../support/openpyxl-xlsx.ts';
import { downloadedText, openApp, openIn, OUTPUT, type AppSession } from './support.ts';

let app: AppSession;
let page: Page;

beforeAll(async () => {
  app = await openApp({ prefix: 'e2e-week-import' });
  ({ page } = app);
  await openIn(page, app.web.url, 'fi');
  await page.locator('.count', { hasText: '0 kohdetta' }).waitFor();
}, 180_000);

afterAll(() => app?.close());

const excelCsv = (lines: string[]) => iconv.encode(lines.join('\r\n') + '\r\n', 'windows-1252');
const fileInput = () => page.getByLabel('Tuo CSV- tai Excel-tiedosto');
const shot = (name: string) => page.screenshot({ path: join(OUTPUT, `issue42-${name}.png`) });

/** The headings of a Finnish seller's sheet and the field each one holds. */
const SELLER_HEADINGS: Record<string, string> = {
  Nimike: 'title', 'Tuotteen kuvaus': 'description', Kuntoluokka: 'condition', Hinta: 'buyNowPrice', Lähtöhinta: 'startingPrice', Kpl: 'quantity',
  Kategoria: 'categoryId', Postinumero: 'postalCode', Toimitustapa: 'deliveryMethods', Postikulut: 'deliveryPrice', Maksutapa: 'paymentMethods',
  Myyntitapa: 'saleMethod', 'Kesto pv': 'openDays', Tuotekoodi: 'sku', Huom: 'note', ALV: 'vat', Toimitusehdot: 'deliveryTerms',
};

/** About 3.8 MB: 19,500 rows of a seller's stock in those headings, as Finnish Excel saves them. */
function bigSellerCsv(): Buffer {
  const lines = [Object.keys(SELLER_HEADINGS).join(';')];
  for (let i = 1; i <= 19_500; i++) {
    lines.push(`Kahvikuppi ja aluslautanen ${i};Arabian Paratiisi, musta. Hyvä kunto, ei lohkeamia;Hyvä;24,90;;1;;00100;Nouto;6,90;Tilisiirto;Osta heti;14;AR-${i};hylly ${i % 40};;Postitus kahden arkipäivän sisällä`);
  }
  return excelCsv(lines);
}

describe('picking a large Finnish sheet', () => {
  it('shows the file being read at once, then offers a field for each of its 17 headings', async () => {
    const file = bigSellerCsv();
    expect(file.length).toBeGreaterThan(3_700_000);
    // When the progress first showed, and when the mapping step did (the page's own clock).
    await page.evaluate(`(() => {
      window.firstSeen = {};
      const seen = () => {
        if (!window.firstSeen.progress && document.querySelector('.import-progress')) window.firstSeen.progress = { at: performance.now(), text: document.querySelector('.import-progress span').textContent };
        if (!window.firstSeen.mapping && document.querySelector('dialog[open] .report-table select')) window.firstSeen.mapping = performance.now();
      };
      new MutationObserver(seen).observe(document.body, { childList: true, subtree: true });
    })()`);
    await fileInput().setInputFiles({ name: 'varasto.csv', mimeType: 'text/csv', buffer: file });
    const mapping = page.getByRole('dialog', { name: 'Tiedoston varasto.csv sarakkeet' });
    await mapping.waitFor({ timeout: 60_000 });
    const seen = await page.evaluate<{ progress?: { at: number; text: string }; mapping?: number }>('window.firstSeen');
    expect(seen.progress?.text).toBe('Luetaan tiedostoa varasto.csv…');
    expect(seen.progress!.at).toBeLessThan(seen.mapping!);
    await expect.poll(() => page.locator('.import-progress').count()).toBe(0);

    for (const [heading, field] of Object.entries(SELLER_HEADINGS)) {
      expect(await mapping.getByLabel(`Kenttä sarakkeelle ${heading}`, { exact: true }).inputValue(), heading).toBe(field);
    }
    expect(await mapping.locator('.import-summary').textContent()).toBe('CSV, Windows-1252, erottimena puolipiste. Kaikki otsikot tunnistettiin (17 otsikkoa): tarkista kentät ja tuo.');
    expect(await mapping.locator('.mapping-guess').count()).toBe(0);
    await shot('fi-mapping-17-headings');
    await mapping.getByRole('button', { name: 'Peruuta' }).click();
    expect(await page.locator('.count').textContent()).toBe('0 kohdetta');
  }, 120_000);

  it('does not call the screens\' own Finnish words "no field names", and marks a guess', async () => {
    const own = 'Otsikko;Myyntitapa;Osasto;Kunto;Kuvaus;Osta heti -hinta €;Lähtöhinta €;Määrä;Tarjoukset sallittu;Voimassa päivää;Postinumero;Toimitustavat;Toimitusmaksu €;Maksutavat;Maksuehdot;Oma muistiinpano;Tuotekoodi / oma tunniste';
    await fileInput().setInputFiles({ name: 'omat-sanat.csv', mimeType: 'text/csv', buffer: excelCsv([own, 'Lamppu;Osta heti;;Hyvä;;12;;1;ei;7;00100;Nouto;;Käteinen;;;L-1']) });
    const mapping = page.getByRole('dialog', { name: 'Tiedoston omat-sanat.csv sarakkeet' });
    await mapping.waitFor({ timeout: 30_000 });
    const summary = await mapping.locator('.import-summary').textContent();
    expect(summary).toBe('CSV, Windows-1252, erottimena puolipiste. Kaikki otsikot tunnistettiin (17 otsikkoa): tarkista kentät ja tuo.');
    expect(summary).not.toContain('ei ole kentän nimi');
    await mapping.getByRole('button', { name: 'Peruuta' }).click();

    await fileInput().setInputFiles({ name: 'kirjoitusvirhe.csv', mimeType: 'text/csv', buffer: excelCsv(['Nimike;Postinumro;Väri', 'Lamppu;00100;musta']) });
    const typo = page.getByRole('dialog', { name: 'Tiedoston kirjoitusvirhe.csv sarakkeet' });
    await typo.waitFor({ timeout: 30_000 });
    expect(await typo.getByLabel('Kenttä sarakkeelle Postinumro').inputValue()).toBe('postalCode');
    expect(await typo.locator('.mapping-guess').allTextContents()).toEqual(['arvaus: tarkista']);
    expect(await typo.locator('.hint').allTextContents()).toEqual(expect.arrayContaining([
      '1 kenttä on arvattu samankaltaisesta sanasta (merkitty): tarkista se.',
      '1 otsikko ei vastaa mitään kenttää: valitse sille kenttä tai jätä se pois.',
    ]));
    await shot('fi-mapping-guess');
    // The seller's own choice is no guess.
    await typo.getByLabel('Kenttä sarakkeelle Postinumro').selectOption('sku');
    expect(await typo.locator('.mapping-guess').count()).toBe(0);
    expect(await typo.locator('.hint').allTextContents()).not.toContain('1 kenttä on arvattu samankaltaisesta sanasta (merkitty): tarkista se.');
    await typo.getByRole('button', { name: 'Peruuta' }).click();
  });
});

describe('a week\'s files with rough edges', () => {
  it('flags each uncalculated price and merged value of an openpyxl workbook, and refuses rows without a title', async () => {
    const workbook = await openpyxlWorkbook([
      ['Nimike', 'Kuntoluokka', 'Hinta', 'Postinumero', 'Kpl'],
      ['Kahvikuppi', 'Uusi', 12.5, '00100', 1],
      ['Lautanen', 'Hyvä', { formula: 'C2*2' }, 2100, 2],
      ['Kulho', null, { formula: 'C2*3' }, '02100', 1],
      ['Kannu', null, 30, '00100', 1],
    ], ['B3:B5']);
    await fileInput().setInputFiles({ name: 'skripti.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: workbook });
    const mapping = page.getByRole('dialog', { name: 'Tiedoston skripti.xlsx sarakkeet' });
    await mapping.waitFor({ timeout: 30_000 });
    await mapping.getByRole('button', { name: /^Tuo 4 riviä/ }).click();
    const report = page.getByRole('dialog', { name: 'Tuonti' });
    await expect.poll(() => report.locator('.import-summary').textContent(), { timeout: 30_000 })
      .toBe('4 luonnosta tuotu; 2 riviä tuotiin arvo tyhjänä (merkitty); 3 riviä tuotiin täydennetyllä arvolla, tarkista ne. Tuonnin voi kumota yhtenä askeleena.');
    const rows = await report.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(rows).toEqual([
      ['3', 'Hinta', '', 'Merkitty', 'Osta heti -hinta €: solussa C3 on kaava ilman tallennettua arvoa, joten kenttä jätettiin tyhjäksi. Avaa tiedosto Excelissä ja tallenna se (myös LibreOffice käy), jotta arvot tallentuvat; kumoa sitten tämä tuonti ja tuo tiedosto uudelleen.'],
      ['3', 'Postinumero', '2100', 'Täydennetty', 'Postinumero: 2100 luettiin muotoon 02100: taulukko-ohjelma pudottaa postinumeron alusta nollat. Tarkista, että 02100 on oikein.'],
      ['4', 'Hinta', '', 'Merkitty', expect.stringMatching(/^Osta heti -hinta €: solussa C4 on kaava ilman tallennettua arvoa/)],
      ['4', 'Kuntoluokka', 'Hyvä', 'Täydennetty', 'Kunto: solu B4 kuuluu yhdistettyihin soluihin B3:B5, joten se sai solun B3 arvon. Tarkista, että arvo kuuluu myös tälle riville.'],
      ['5', 'Kuntoluokka', 'Hyvä', 'Täydennetty', expect.stringMatching(/^Kunto: solu B5 kuuluu yhdistettyihin soluihin B3:B5/)],
    ]);
    await shot('fi-import-report-openpyxl');
    await report.getByRole('button', { name: 'Sulje' }).click();
    await expect.poll(() => page.locator('.count').textContent()).toBe('4 kohdetta');

    await fileInput().setInputFiles({ name: 'excel.csv', mimeType: 'text/csv', buffer: excelCsv(['Nimike;Hinta;Postinumero', 'Sokerikko;5;2100', ';7;00100', ';;', 'Kermakko;6;00100', ' ;8;00100']) });
    const step = page.getByRole('dialog', { name: 'Tiedoston excel.csv sarakkeet' });
    await step.waitFor({ timeout: 30_000 });
    await step.getByRole('button', { name: /^Tuo 5 riviä/ }).click();
    const second = page.getByRole('dialog', { name: 'Tuonti' });
    await expect.poll(() => second.locator('.import-summary').textContent(), { timeout: 30_000 })
      .toBe('2 luonnosta tuotu; 2 riviä hylättiin; 1 rivi tuotiin täydennetyllä arvolla, tarkista se. Tuonnin voi kumota yhtenä askeleena.');
    expect(await second.locator('tr.row-refused td').evaluateAll((tds) => tds.map((td) => td.textContent))).toEqual([
      '3', 'Nimike', '', 'Hylätty', 'Rivillä ei ole otsikkoa, joten sitä ei tuotu: otsikoton luonnos ei erottuisi ruudukossa muista. Kirjoita tiedostoon otsikko ja tuo rivi uudelleen.',
      '6', 'Nimike', ' ', 'Hylätty', 'Rivillä ei ole otsikkoa, joten sitä ei tuotu: otsikoton luonnos ei erottuisi ruudukossa muista. Kirjoita tiedostoon otsikko ja tuo rivi uudelleen.',
    ]);
    await shot('fi-import-report-no-title');

    // The saved report speaks Finnish: headings, the fields' labels, outcomes and reasons.
    const [download] = await Promise.all([page.waitForEvent('download'), second.getByRole('button', { name: 'Tallenna raportti…' }).click()]);
    const lines = (await downloadedText(download)).split('\r\n');
    expect(lines.slice(0, 4)).toEqual([
      '\ufeffRivi;Sarake;Kenttä;Arvo;Tulos;Syy',
      '2;Postinumero;Postinumero;2100;tuotu, arvo täydennetty: tarkista;Postinumero: 2100 luettiin muotoon 02100: taulukko-ohjelma pudottaa postinumeron alusta nollat. Tarkista, että 02100 on oikein.',
      '3;Nimike;Otsikko;;hylätty: ei tuotu;Rivillä ei ole otsikkoa, joten sitä ei tuotu: otsikoton luonnos ei erottuisi ruudukossa muista. Kirjoita tiedostoon otsikko ja tuo rivi uudelleen.',
      '6;Nimike;Otsikko;" ";hylätty: ei tuotu;Rivillä ei ole otsikkoa, joten sitä ei tuotu: otsikoton luonnos ei erottuisi ruudukossa muista. Kirjoita tiedostoon otsikko ja tuo rivi uudelleen.',
    ]);
    expect(lines.join('\n')).not.toMatch(/postalCode|buyNowPrice|refused|imported/);
    await second.getByRole('button', { name: 'Sulje' }).click();
    await expect.poll(() => page.locator('.count').textContent()).toBe('6 kohdetta');
  }, 120_000);
});
