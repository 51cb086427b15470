// Issue 21: imports that understand the app's own words. A sheet written with the words the
// Finnish screens show imports; a word that names no option is refused with the accepted values
// listed; Finnish headings are suggested; an import where nothing maps to the title is refused
// (no blank drafts) and a remembered mapping can be listed, changed and forgotten.
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { itemReads } from '../../electron/core/drafts/item-rows.ts';
import { importMappings } from '../../electron/core/spreadsheet/import-mappings.ts';
import { importSpreadsheet, inspectSpreadsheet } from '../../electron/core/spreadsheet/spreadsheet-files.ts';
import { acceptedValues, optionOfWord } from '../../shared/items/option-words.ts';
import { openTempDb, privateSellerRules } from './support.ts';

function setup() {
  const { db } = openTempDb();
  settingsCache(db).saveRules(privateSellerRules(), 1);
  return { db, reads: itemReads(db) };
}

const excelCsv = (lines: string[]) => iconv.encode(lines.join('\r\n') + '\r\n', 'windows-1252');

describe('option words on import', () => {
  it('reads every option by its machine word and both languages\' labels, forgiving case and accents', () => {
    expect(optionOfWord('saleMethod', 'Osta heti')).toBe('buy-now');
    expect(optionOfWord('saleMethod', 'OSTA-HETI')).toBe('buy-now');
    expect(optionOfWord('saleMethod', 'huutokauppa')).toBe('auction');
    expect(optionOfWord('saleMethod', 'Buy now')).toBe('buy-now');
    expect(optionOfWord('condition', 'Hyvä')).toBe('good');
    expect(optionOfWord('condition', 'hyva')).toBe('good');
    expect(optionOfWord('condition', 'uudenveroinen')).toBe('like-new');
    expect(optionOfWord('condition', 'Like new')).toBe('like-new');
    expect(optionOfWord('condition', 'like-new')).toBe('like-new');
    expect(optionOfWord('deliveryMethods', 'lahetys')).toBe('shipment');
    expect(optionOfWord('paymentMethods', 'Pankkisiirto')).toBe('wire-transfer');
    expect(optionOfWord('condition', 'Hyvää')).toBeNull();
  });

  it('imports a sheet written with the Finnish screens\' words, lists and yes/no included', async () => {
    const { db, reads } = setup();
    const file = excelCsv([
      'Otsikko;Myyntitapa;Osta heti -hinta €;Lähtöhinta €;Kunto;Toimitustavat;Maksutavat;Tarjoukset sallittu;Määrä',
      'Kamera;Osta heti;2119,04;;Hyvä;Nouto;Lähetys;Tilisiirto;MobilePay;kyllä;1'.replace('Nouto;Lähetys', '"Nouto;Lähetys"').replace('Tilisiirto;MobilePay', '"Tilisiirto;MobilePay"'),
      'Objektiivi;Huutokauppa;;10;uudenveroinen;nouto;käteinen;ei;1',
    ]);
    const inspected = await inspectSpreadsheet(db, file);
    // Every Finnish label is suggested: no heading is left for the seller to map.
    expect(inspected.mapping).toEqual({
      Otsikko: 'title', Myyntitapa: 'saleMethod', 'Osta heti -hinta €': 'buyNowPrice', 'Lähtöhinta €': 'startingPrice', Kunto: 'condition',
      Toimitustavat: 'deliveryMethods', Maksutavat: 'paymentMethods', 'Tarjoukset sallittu': 'offersAllowed', Määrä: 'quantity',
    });
    const report = await importSpreadsheet(db, file, { mapping: inspected.mapping });
    expect(report.errors).toEqual([]);
    expect(report.imported).toHaveLength(2);
    expect(reads.item(report.imported[0]!)!.fields).toMatchObject({
      title: 'Kamera', saleMethod: 'buy-now', buyNowPrice: 2119.04, condition: 'good', deliveryMethods: ['pickup', 'shipment'], paymentMethods: ['wire-transfer', 'mobile-pay'], offersAllowed: 1,
    });
    expect(reads.item(report.imported[1]!)!.fields).toMatchObject({ saleMethod: 'auction', startingPrice: 10, condition: 'like-new', deliveryMethods: ['pickup'], paymentMethods: ['cash'], offersAllowed: 0 });
  });

  it('refuses a word that names no option and lists the accepted values in the report', async () => {
    const { db } = setup();
    const file = excelCsv(['title;saleMethod;buyNowPrice;condition', 'Kamera;buy-now;5;Hyvää']);
    const report = await importSpreadsheet(db, file);
    expect(report.imported).toEqual([]);
    expect(report.errors).toEqual([{
      row: 2, field: 'condition', column: 'condition', value: 'Hyvää', rule: 'not-an-option', severity: 'refused',
      params: { text: 'Hyvää', options: acceptedValues('condition') },
      message: expect.stringContaining('Uusi / New / new; Uudenveroinen / Like new / like-new; Hyvä / Good / good'),
    }]);
  });
});

describe('the mapping step', () => {
  it('refuses an import where nothing maps to the title, and says why', async () => {
    const { db, reads } = setup();
    // Headings that name no field, not even as a guess (a colour, a size, a material).
    const file = excelCsv(['Väri;Koko;Materiaali', 'Punainen;M;Puu', 'Sininen;L;Lasi', 'Musta;S;Teräs']);
    const inspected = await inspectSpreadsheet(db, file);
    expect(inspected.mapping).toEqual({ Väri: null, Koko: null, Materiaali: null });
    const report = await importSpreadsheet(db, file, { mapping: inspected.mapping });
    expect(report.imported).toEqual([]);
    expect(report.errors).toEqual([{ row: 1, field: 'title', rule: 'no-title-column', params: { columns: 3 }, message: expect.stringContaining('no column holds the title') }]);
    expect(reads.drafts()).toHaveLength(0);
    // A refused header is not remembered: the next import asks again.
    expect((await inspectSpreadsheet(db, file)).remembered).toBe(false);
  });

  it('lists a remembered mapping, changes it without importing, and forgets it', async () => {
    const { db, reads } = setup();
    const file = excelCsv(['Tuotenimi X;Hintaa', 'Lamppu;5']);
    await importSpreadsheet(db, file, { mapping: { 'Tuotenimi X': 'title', Hintaa: null }, now: 1000 });
    const mappings = importMappings(db);
    expect(mappings.list()).toEqual([{ key: 'tuotenimi x\thintaa', headings: ['tuotenimi x', 'hintaa'], mapping: { 'Tuotenimi X': 'title', Hintaa: null }, updated: 1000 }]);
    mappings.remember(['Tuotenimi X', 'Hintaa'], { 'Tuotenimi X': 'title', Hintaa: 'buyNowPrice' }, 2000);
    expect(await inspectSpreadsheet(db, file)).toMatchObject({ remembered: true, mapping: { 'Tuotenimi X': 'title', Hintaa: 'buyNowPrice' } });
    expect(reads.drafts()).toHaveLength(1);
    expect(mappings.forget('tuotenimi x\thintaa')).toBe(true);
    expect(await inspectSpreadsheet(db, file)).toMatchObject({ remembered: false });
    expect(mappings.list()).toEqual([]);
  });

  it('suggests fields by their Finnish labels and common Finnish headings', async () => {
    const { db } = setup();
    const file = Buffer.from('Otsikko,Kuvaus,Kunto,Hinta,Kpl,Tuotekoodi\nLamppu,Hieno,Hyvä,5,1,A1\n');
    expect((await inspectSpreadsheet(db, file)).mapping).toEqual({ Otsikko: 'title', Kuvaus: 'description', Kunto: 'condition', Hinta: 'buyNowPrice', Kpl: 'quantity', Tuotekoodi: 'sku' });
  });

  it('offers a field for each of 17 headings a Finnish seller writes, and marks none of them a guess', async () => {
    const { db } = setup();
    const headings = {
      Nimike: 'title', 'Tuotteen kuvaus': 'description', Kuntoluokka: 'condition', Hinta: 'buyNowPrice', Lähtöhinta: 'startingPrice', Kpl: 'quantity',
      Kategoria: 'categoryId', Postinumero: 'postalCode', Toimitustapa: 'deliveryMethods', Postikulut: 'deliveryPrice', Maksutapa: 'paymentMethods',
      Myyntitapa: 'saleMethod', 'Kesto pv': 'openDays', Tuotekoodi: 'sku', Huom: 'note', ALV: 'vat', Toimitusehdot: 'deliveryTerms',
    };
    const file = excelCsv([Object.keys(headings).join(';'), Object.keys(headings).map(() => '').join(';')]);
    const inspected = await inspectSpreadsheet(db, file);
    expect(inspected.mapping).toEqual(headings);
    expect(new Set(Object.values(inspected.recognition))).toEqual(new Set(['known']));
    expect(Object.keys(inspected.recognition)).toHaveLength(17);
  });

  it('recognises every heading of a file in the screens\' own Finnish words', async () => {
    const { db } = setup();
    const file = excelCsv([
      'Otsikko;Myyntitapa;Osasto;Kunto;Kuvaus;Osta heti -hinta €;Lähtöhinta €;Määrä;Tarjoukset sallittu;Voimassa päivää;Postinumero;Toimitustavat;Toimitusmaksu €;Maksutavat;Maksuehdot;Oma muistiinpano;Tuotekoodi / oma tunniste',
      'Lamppu;Osta heti;;Hyvä;;12;;1;ei;7;00100;Nouto;;Käteinen;;;L-1',
    ]);
    const inspected = await inspectSpreadsheet(db, file);
    expect(inspected.unknown).toHaveLength(17);
    expect(Object.values(inspected.mapping).filter((field) => field === null)).toEqual([]);
    expect(Object.values(inspected.recognition)).toEqual(Array.from({ length: 17 }, () => 'known'));
  });

  it('offers a field once: to the heading that is its name, else to the surer or first heading', async () => {
    const { db } = setup();
    const inspected = await inspectSpreadsheet(db, excelCsv(['title;Nimike;Hinta;Hinta (sis. alv);Tuotenimi X', 'a;b;1;2;c']));
    expect(inspected.mapping).toEqual({ Nimike: null, Hinta: 'buyNowPrice', 'Hinta (sis. alv)': null, 'Tuotenimi X': null });
    expect(inspected.recognition).toEqual({ Hinta: 'known' });
  });
});
