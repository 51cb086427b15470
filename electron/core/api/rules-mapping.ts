// The seller's settings document of /1.1 (GET /users/{id}/settings, keyed by REST parameters)
// mapped onto the app's ListingRules (keyed by the item-field registry's names), and a cached copy
// read back in either shape. Caches written before (cache step 25 and older) hold the /1.1
// document: it is read here rather than dropped, so a seller who opens the app offline keeps
// validating against their rules until the next sync stores the new shape.
import { ITEM_FIELDS } from '../../../shared/items/item-fields.ts';
import { ListingRules, SIMPLE_RULE_FIELDS, type BoundedFieldRule, type FieldRule, type SimpleRuleField } from '../../../shared/items/listing-rules.ts';
import { UserSettings, type BoundedRule, type ParameterRule } from '../../../shared/api/users.ts';

type SettingsItem = UserSettings['item'];

/** Fields whose settings parameter is not their REST parameter; every other one is the registry's `rest`. */
const PARAMETER_OF = { categoryId: 'mainCategoryId', postalCode: 'location' } as const satisfies Partial<Record<SimpleRuleField, keyof SettingsItem>>;
type ParameterOf<F extends SimpleRuleField> = F extends keyof typeof PARAMETER_OF ? (typeof PARAMETER_OF)[F] : (typeof ITEM_FIELDS)[F]['rest'];
// A registry field whose parameter the settings document lacks is named here by the compiler: give
// it a PARAMETER_OF entry or list it in UNRULED_FIELDS (shared/items/listing-rules.ts).
type Unmapped = Exclude<ParameterOf<SimpleRuleField>, keyof SettingsItem>;
const everyFieldMapped: [Unmapped] extends [never] ? true : Unmapped = true;
void everyFieldMapped;

const parameterOf = (field: SimpleRuleField): keyof SettingsItem =>
  (field in PARAMETER_OF ? PARAMETER_OF[field as keyof typeof PARAMETER_OF] : ITEM_FIELDS[field].rest) as keyof SettingsItem;

const ruleOf = (r: ParameterRule): FieldRule => ({ allowed: r.isAllowed, required: r.isRequired });
const boundedOf = (r: BoundedRule): BoundedFieldRule => ({ ...ruleOf(r), min: r.min, max: r.max });

/** The seller's listing rules from the /1.1 settings document. */
export function listingRulesOf(settings: UserSettings): ListingRules {
  const item = settings.item;
  const simple = Object.fromEntries(SIMPLE_RULE_FIELDS.map((f) => [f, ruleOf(item[parameterOf(f)] as ParameterRule)]));
  return ListingRules.parse({
    ...simple,
    quantity: boundedOf(item.quantity),
    openDays: { auction: boundedOf(item.openDays.auction), 'buy-now': boundedOf(item.openDays.buyNow) },
    images: boundedOf(item.image),
    sectionCategory: ruleOf(item.sectionCategoryId),
    subCategory: ruleOf(item.subCategoryId),
  });
}

/** A cached copy, stored as ListingRules or (written before) as the /1.1 document; null when neither parses. */
export function readListingRules(value: unknown): ListingRules | null {
  const rules = ListingRules.safeParse(value);
  if (rules.success) return rules.data;
  const old = UserSettings.safeParse(value);
  return old.success ? listingRulesOf(old.data) : null;
}
