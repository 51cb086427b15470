// Helpers for the app's tests: the core behind its bridge (tests/support/test-core.ts) and CSV data.
export { invokeOk, openTestCore, type TestCore } from '../support/test-core.ts';
export { tempFolder } from '../support/temp-folder.ts';

/** A CSV of n complete buy-now drafts. */
export function draftsCsv(n: number): string {
  const header = 'title,saleMethod,buyNowPrice,quantity,condition,categoryId,deliveryMethods';
  const rows = Array.from({ length: n }, (_, i) => `"Vintage lamp no. ${i + 1}",buy-now,${(10 + i).toFixed(2)},1,good,,pickup;shipment`);
  return [header, ...rows].join('\r\n') + '\r\n';
}
