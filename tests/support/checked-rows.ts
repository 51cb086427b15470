// The valid rows of a CSV text as an import's check gives them (csv/drafts-csv.ts checkAll), for
// tests that hand an import's write its rows themselves (and so decide when they come).
import type { Db } from '../../electron/core/db/open-account-db.ts';
import { checkAll, checkContext } from '../../electron/core/csv/drafts-csv.ts';
import { parseCsv } from '../../electron/core/csv/rfc4180.ts';
import type { FieldValues } from '../../electron/core/drafts/plan-edit.ts';

export function checkedRows(db: Db, csv: string): FieldValues[] {
  const checked = checkAll(parseCsv(csv), checkContext(db));
  if ('report' in checked) throw new Error(`the rows were refused: ${JSON.stringify(checked.report.errors.slice(0, 3))}`);
  return checked.valid;
}
