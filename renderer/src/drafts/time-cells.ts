// A time field's cell (list and closing time, the fields the editor edits as a time): shown as
// the language writes a time ("28.11.2026 klo 18.00"), not as it is stored ("2026-11-28 18:00:00");
// the cell editor still starts from the stored text. DOM-free (tested under Node).
import type { Formatter } from '../../../shared/format/formatter.ts';
import { isItemField, ITEM_FIELDS, type ItemFieldDef } from '../../../shared/items/item-fields.ts';

/** The cell's text, or null when `field` is not a time field. */
export function timeCellText(field: string, value: string, format: Formatter): string | null {
  if (!isItemField(field)) return null;
  const def: ItemFieldDef = ITEM_FIELDS[field];
  if (def.editor?.kind !== 'time') return null;
  return format.dateTime(value);
}
