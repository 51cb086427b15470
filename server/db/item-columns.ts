// The service's item columns as the registry (shared/items/item-fields.ts) makes them: the data
// columns create, edit, copy and republish write, and the column list of the items_version
// trigger. A leaf module: migrations and domain code both import it.
import { SERVER_FIELD_COLUMNS } from '../../shared/items/item-fields.ts';

/** Columns the service derives from the fields (category path, town, whether times were given). */
export const DERIVED_COLUMNS = ['main_category_id', 'section_category_id', 'list_time_requested', 'location'] as const;

/** The item data columns: every REST field of the registry and the derived ones. */
export const DATA_COLUMNS = [...SERVER_FIELD_COLUMNS, ...DERIVED_COLUMNS];

/** The columns that are not item data, each also part of what an item's response shows. */
const RECORD_COLUMNS = [
  'id', 'seller_id', 'status', 'current_price', 'quantity_left', 'upgrades', 'original_id', 'republished_from',
  'bidder_count', 'offer_count', 'sold_quantity', 'closed_at', 'created', 'updated',
] as const;

/**
 * Every column whose change is a new item version: all but `hits` (flushed often, not in the
 * item's JSON) and `version` itself. A migration that adds an item column ends with the trigger
 * written out in full: the text `itemsVersionTriggerSql()` gives today, printed by
 * `npx tsx tests/support/schema-snapshots.ts version-trigger`. A step never calls it (it reads
 * today's registry, so the step would change when a field is added; see db/README.md);
 * tests/server/item-response-cache.test.ts checks the trigger names every column.
 */
export const ITEM_VERSION_COLUMNS: readonly string[] = [...RECORD_COLUMNS, ...DATA_COLUMNS];

export function itemsVersionTriggerSql(): string {
  return `
    DROP TRIGGER IF EXISTS items_version;
    CREATE TRIGGER items_version AFTER UPDATE OF ${ITEM_VERSION_COLUMNS.join(', ')}
    ON items WHEN new.version = old.version BEGIN
      UPDATE items SET version = old.version + 1 WHERE id = new.id;
    END;`;
}
