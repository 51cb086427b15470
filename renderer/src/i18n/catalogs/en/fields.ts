// The item fields' names as sellers read them in English. One source: the item-field registry
// (shared/items/item-fields.ts) names each field, its grid column and its editor hint, and its groups;
// this catalog takes them from there (`field.<name>` in forms and errors, `field.<name>.short`
// in grid headings) and adds the options' words. Finnish has its own words (../fi/fields.ts).
import { FIELD_GROUPS, ITEM_FIELD_NAMES, ITEM_FIELDS, type ItemFieldDef } from '../../../../../shared/items/item-fields.ts';
import type { FieldLabels } from '../catalog.ts';

type RegistryWords = Pick<FieldLabels, Exclude<keyof FieldLabels, `option.${string}`>>;

function registryWords(): RegistryWords {
  const words: Record<string, string> = {};
  for (const name of ITEM_FIELD_NAMES) {
    const def: ItemFieldDef = ITEM_FIELDS[name];
    words[`field.${name}`] = def.editor?.label ?? def.label;
    words[`field.${name}.short`] = def.grid?.label ?? def.label;
    if (def.editor?.hint !== undefined) words[`field.${name}.hint`] = def.editor.hint;
  }
  for (const group of FIELD_GROUPS) words[`fieldGroup.${group}`] = group;
  // Built by the loops above from the registry the type is made of; the catalog test
  // (tests/app/catalogs.test.ts) checks every key of FieldLabels is here.
  return words as RegistryWords;
}

export const fields = {
  ...registryWords(),
  'option.saleMethod.auction': 'Auction',
  'option.saleMethod.buy-now': 'Buy now',
  'option.condition.new': 'New',
  'option.condition.like-new': 'Like new',
  'option.condition.good': 'Good',
  'option.condition.acceptable': 'Acceptable',
  'option.condition.weak': 'Weak',
  'option.deliveryMethods.pickup': 'Pickup',
  'option.deliveryMethods.shipment': 'Shipment',
  'option.paymentMethods.wire-transfer': 'Bank transfer',
  'option.paymentMethods.cash': 'Cash',
  'option.paymentMethods.mobile-pay': 'MobilePay',
} as const satisfies FieldLabels & Record<string, string>;
