// The item creation rules of one user (2.9), derived from the user's type and roles. This is the
// ONE place they are decided: GET /users/{id}/settings shows them and item create, edit and
// publish enforce them, so what settings promise is what create enforces.
import type { BoundedRule, ItemInput, ParameterRule, SaleMethod, UserRole, UserSettings, UserType } from '../../shared/api/index.ts';

export type ItemRules = UserSettings['item'];

export interface RuleSubject {
  type: UserType;
  roles: readonly UserRole[];
}

/** Premium sellers: role `powerseller`. */
export const isPremium = (user: RuleSubject) => user.roles.includes('powerseller');
/** Company sellers: type `company` (or the role of that name). */
export const isCompany = (user: RuleSubject) => user.type === 'company' || user.roles.includes('company');

const rule = (isAllowed: boolean, isRequired = false): ParameterRule => ({ isAllowed, isRequired });
const bounded = (isAllowed: boolean, isRequired: boolean, min: number, max: number): BoundedRule => ({
  isAllowed,
  isRequired,
  min,
  max,
});

export function itemRules(user: RuleSubject): ItemRules {
  const premium = isPremium(user);
  const company = isCompany(user);
  return {
    title: rule(true, true),
    description: rule(true, true),
    saleMethod: rule(true, true),
    condition: rule(true, true),
    // categoryId may name a category of any level; it sets the main category (so that one is
    // required) and, when it is deep enough, the section and subcategory.
    mainCategoryId: rule(true, true),
    sectionCategoryId: rule(true, false),
    subCategoryId: rule(true, false),
    // postalCode, unless isLocationAbroad is 1.
    location: rule(true, true),
    // Optional, as on the real service, which takes an item without any (issue 42): the item then
    // shows `deliveryMethods: []` and its delivery terms say the rest.
    deliveryMethods: rule(true, false),
    paymentMethods: rule(true, true),
    deliveryTerms: rule(true, false),
    paymentTerms: rule(true, false),
    offersAllowed: rule(true, false),
    image: bounded(true, false, 0, premium ? 20 : 10),
    // Required for buy-now; an auction always has quantity 1.
    quantity: bounded(true, true, 1, premium ? 1000 : 100),
    listTime: rule(true, false),
    closingTime: rule(true, false),
    // Required means: the item needs openDays, or closingTime instead.
    openDays: {
      auction: bounded(true, true, 1, premium ? 30 : 14),
      buyNow: bounded(true, true, 1, premium ? 90 : 30),
      // Listed for compatibility (9.); the hybrid sale method no longer exists.
      hybrid: bounded(false, false, 1, premium ? 30 : 14),
    },
    // Premium: required (for auctions only: it is meaningless for buy-now).
    minimumIncrease: rule(premium, premium),
    identificationRequired: rule(premium),
    minimumFeedback: rule(premium),
    republish: rule(premium),
    reservePrice: rule(premium),
    vat: rule(company),
    marginalTax: rule(company),
  };
}

export function openDaysRule(rules: ItemRules, method: SaleMethod): BoundedRule {
  return method === 'auction' ? rules.openDays.auction : rules.openDays.buyNow;
}

/**
 * Request parameters that some users may not send at all, with the settings key that allows
 * them. Sending one that the settings do not allow is a 400 `not_allowed` naming the field.
 */
export const RESTRICTED_FIELDS = {
  minimumIncrease: 'minimumIncrease',
  identificationRequired: 'identificationRequired',
  minimumFeedback: 'minimumFeedback',
  republish: 'republish',
  reservePrice: 'reservePrice',
  vat: 'vat',
  marginalTax: 'marginalTax',
} as const satisfies Partial<Record<keyof ItemInput, keyof ItemRules>>;

export type RestrictedField = keyof typeof RESTRICTED_FIELDS;

export function isFieldAllowed(rules: ItemRules, field: RestrictedField): boolean {
  return rules[RESTRICTED_FIELDS[field]].isAllowed;
}
