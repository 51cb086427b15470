// The Sales screen's table as a CSV file for a spreadsheet: the filtered sales in the order the
// seller sorted them, each with its units, the price of one and of all. Finnish Excel reads a file by its list separator (`;`) and decimal comma,
// so a Finnish seller's file has both; English has commas and decimal points. Always UTF-8 with a
// BOM (Excel takes a file without one for the system's code page and breaks "ä"). The words
// (headings, how each item sold) come from the renderer's catalog: the core knows no language.
// The columns are the Sales table's (shared/screens/sales-columns.ts), each written by its type.
import { SALES_COLUMN_KEYS, SALES_COLUMNS, type SalesColumnKey } from '../../../shared/screens/sales-columns.ts';
import { createFormatter } from '../../../shared/format/formatter.ts';
import type { AppLocale } from '../../../shared/format/app-locale.ts';
import { formulaSafe } from '../csv/formula-safe.ts';
import { writeCsv } from '../csv/rfc4180.ts';
import type { SaleKind, SoldItem } from './sold-items.ts';

export interface SalesCsvWords {
  headings: Record<SalesColumnKey, string>;
  kinds: Record<SaleKind, string>;
}

export const SALES_CSV_SEPARATOR: Record<AppLocale, string> = { fi: ';', en: ',' };

export function salesCsv(rows: readonly SoldItem[], locale: AppLocale, words: SalesCsvWords, timeZone?: string): string {
  const format = createFormatter(locale, timeZone ? { timeZone } : {});
  // A plain amount a spreadsheet reads as a number: no grouping, two decimals, the language's decimal mark.
  const amount = (euros: number) => (locale === 'fi' ? euros.toFixed(2).replace('.', ',') : euros.toFixed(2));
  // A title or a buyer's name a spreadsheet would run as a formula (in either separator's reading) is written as text.
  const text = (value: string | null) => formulaSafe(value ?? '');
  const cell = (key: SalesColumnKey, sale: SoldItem): string => {
    const column = SALES_COLUMNS[key];
    switch (column.type) {
      case 'date': {
        const at = column.value(sale);
        return at === null ? '' : format.date(at);
      }
      case 'text': return text(column.value(sale));
      case 'count': return String(column.value(sale));
      case 'money': return amount(column.value(sale));
      case 'kind': return words.kinds[column.value(sale)];
    }
  };
  const lines = rows.map((sale) => SALES_COLUMN_KEYS.map((key) => cell(key, sale)));
  return writeCsv([SALES_COLUMN_KEYS.map((key) => words.headings[key]), ...lines], { bom: true, delimiter: SALES_CSV_SEPARATOR[locale] });
}
