// A time field's cell (list and closing time, the fields the editor edits as a time): shown as
// the language writes a time ("28.11.2026 klo 18.00"), not as it is stored ("2026-11-28 18:00:00");
// the cell editor still starts from the stored text. DOM-free (tested under Node).
import type { Formatter } from '../../../shared/format/formatter.ts';
import { ITEM_FIELD_NAMES, ITEM_FIELDS, type ItemFieldDef } from '../../../shared/items/item-fields.ts';

// Known once: every text cell of a scrolled grid asks.
const TIME_FIELDS = new Set<string>(ITEM_FIELD_NAMES.filter((name) => {
  const def: ItemFieldDef = ITEM_FIELDS[name];
  return def.editor?.kind === 'time';
}));

/** The cell's text, or null when `field` is not a time field. */
export function timeCellText(field: string, value: string, format: Formatter): string | null {
  return TIME_FIELDS.has(field) ? format.dateTime(value) : null;
}
