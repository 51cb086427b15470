// The Sales screen's table of sales, one entry per column, as the drafts grid follows the
// item-field registry: the screen's table and its sort (renderer/src/sales/), the CSV file
// (electron/core/seller/sales-csv.ts), the words the CSV asks the renderer for (shared/ipc/seller.ts)
// and the catalogs' headings (`sales.column.<key>`, required by renderer/src/i18n/catalogs/catalog.ts)
// all follow it. A new column is a key here, its entry below (the compiler asks for it), and its
// heading in both catalogs (the compiler asks for those too); a new fact of a sale also goes into
// SoldRowSchema and the core's sold-items.ts.
import type { SaleKind } from '../ipc/seller.ts';

/** What a sale carries for the columns (the IPC's SoldRow and the core's SoldItem both have it). */
export interface SaleFacts {
  /** Epoch ms; null when no time of the sale could be read. */
  soldAt: number | null;
  title: string | null;
  buyer: string | null;
  quantity: number;
  unitPrice: number;
  price: number;
  kind: SaleKind;
}

/** What each type of cell holds: how it is shown, written and sorted follows from its type. */
export interface SalesCellValues {
  date: number | null;
  text: string | null;
  count: number;
  money: number;
  kind: SaleKind;
}
export type SalesCellType = keyof SalesCellValues;

/** A column: its type, its value of a sale, and whether the screen's table shows it (every column goes into the CSV). */
export type SalesColumn = { [T in SalesCellType]: { type: T; value(sale: SaleFacts): SalesCellValues[T]; onScreen: boolean } }[SalesCellType];

/** The columns in their order. */
export const SALES_COLUMN_KEYS = ['date', 'item', 'buyer', 'quantity', 'unitPrice', 'price', 'status'] as const;
export type SalesColumnKey = (typeof SALES_COLUMN_KEYS)[number];

export const SALES_COLUMNS: { readonly [K in SalesColumnKey]: SalesColumn } = {
  date: { type: 'date', value: (s) => s.soldAt, onScreen: true },
  item: { type: 'text', value: (s) => s.title, onScreen: true },
  buyer: { type: 'text', value: (s) => s.buyer, onScreen: true },
  quantity: { type: 'count', value: (s) => s.quantity, onScreen: true },
  // The screen shows the whole sale's price (several units at once are one line); the CSV also has the price of one.
  unitPrice: { type: 'money', value: (s) => s.unitPrice, onScreen: false },
  price: { type: 'money', value: (s) => s.price, onScreen: true },
  status: { type: 'kind', value: (s) => s.kind, onScreen: true },
};

/** The screen's columns, in order (also the keys the table sorts by). */
export const SCREEN_SALES_COLUMN_KEYS = SALES_COLUMN_KEYS.filter((key) => SALES_COLUMNS[key].onScreen);

/** Figures align right. */
export const isNumericColumn = (key: SalesColumnKey) => SALES_COLUMNS[key].type === 'count' || SALES_COLUMNS[key].type === 'money';
