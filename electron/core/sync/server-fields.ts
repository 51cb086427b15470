// The service's Item as local field values: what `base` holds (the service's values at the last
// read) and what a pull takes into the editable columns.
import type { Item } from '../../../shared/api/items.ts';
import { DRAFT_FIELDS, parseFieldValue, type DraftField, type DraftFields } from '../drafts/fields.ts';

/** Response timestamp (service zone) → request format: the wall-clock part is the same. */
const requestTime = (t: string | null) => (t === null ? null : t.slice(0, 19).replace('T', ' '));
const flag = (b: boolean) => (b ? 1 : 0);

export function fieldsOfServerItem(item: Item): DraftFields {
  const raw: Record<DraftField, unknown> = {
    saleMethod: item.saleMethod,
    title: item.title,
    description: item.description,
    categoryId: item.categoryId,
    condition: item.condition,
    buyNowPrice: item.buyNowPrice,
    startingPrice: item.startingPrice,
    minimumIncrease: item.minimumIncrease,
    quantity: item.quantity,
    openDays: item.openDays,
    listTime: requestTime(item.listTime),
    closingTime: requestTime(item.closingTime),
    postalCode: item.postalCode,
    isLocationAbroad: flag(item.isLocationAbroad),
    deliveryMethods: item.deliveryMethods,
    deliveryPrice: item.deliveryPrice,
    deliveryTerms: item.deliveryTerms,
    paymentMethods: item.paymentMethods,
    paymentTerms: item.paymentTerms,
    identificationRequired: flag(item.requirements.identificationRequired),
    minimumFeedback: item.requirements.minimumFeedback,
    republish: flag(item.republish),
    marginalTax: flag(item.marginalTax),
    vat: item.vat,
    offersAllowed: flag(item.offersAllowed),
    reservePrice: item.reservePrice,
  };
  const fields: Record<string, unknown> = {};
  for (const field of DRAFT_FIELDS) {
    // The same normalisation as a local edit ('' and [] are "not set"); a value the local
    // schema would refuse is kept as the service sent it.
    const parsed = parseFieldValue(field, raw[field]);
    const value = parsed.ok ? parsed.value : raw[field];
    if (value !== null && value !== undefined) fields[field] = value;
  }
  return fields as DraftFields;
}

/** Only the values that are set, as an ItemInput body (the service has no way to clear). */
export function inputOf(fields: DraftFields): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== null && v !== undefined) body[k] = v;
  return body;
}
