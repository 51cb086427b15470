import type { FieldGroup, ITEM_FIELDS, ItemFieldName } from '../../../../shared/items/item-fields.ts';
import type { SalesColumnKey } from '../../../../shared/screens/sales-columns.ts';

// A language's catalog of one domain has exactly the keys of the English one: a key missing in
// Finnish (or one English lacks) fails the typecheck, and tests/i18n/catalogs.test.ts
// also checks that both sides are valid ICU messages with the same arguments.
export type Catalog<English extends Record<string, string>> = { readonly [K in keyof English]: string };

/**
 * The words every field of the registry (shared/items/item-fields.ts) needs, derived from it: a full and
 * a short label per field, a hint where its editor has one, a word per option, a heading per
 * group. The English fields catalog `satisfies` it, so a field added to the registry without its
 * words fails the typecheck (and the Finnish catalog, typed against the English, with it); it
 * never shows its raw id on screen.
 */
export type FieldLabels =
  & { readonly [F in ItemFieldName as `field.${F}` | `field.${F}.short`]: string }
  & { readonly [F in ItemFieldName as (typeof ITEM_FIELDS)[F] extends { editor: { hint: string } } ? `field.${F}.hint` : never]: string }
  & { readonly [K in FieldOptionId]: string }
  & { readonly [G in FieldGroup as `fieldGroup.${G}`]: string };

type FieldOptionId = {
  [F in ItemFieldName]: (typeof ITEM_FIELDS)[F] extends { options: readonly (infer O extends string)[] } ? `option.${F}.${O}` : never;
}[ItemFieldName];

/** A heading per column of the Sales table (shared/screens/sales-columns.ts): the English sales catalog `satisfies` it. */
export type SalesColumnWords = { readonly [K in SalesColumnKey as `sales.column.${K}`]: string };
