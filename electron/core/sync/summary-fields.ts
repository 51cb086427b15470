// A listing summary (an element of the seller's list, 500 a page) as the cache keeps an item it
// has read only from there: what the summary tells, and nothing it does not. Beside
// server-fields.ts (the whole listing): the two readings of the marketplace's records into the cache.
import { DRAFT_FIELDS, isLocalOnly, parseFieldValue, type DraftField, type DraftFields } from '../drafts/fields.ts';
import { SUMMARY_FIELDS, type MarketListingSummary } from './market-listing.ts';

/**
 * The item fields a summary tells (market-listing.ts SUMMARY_FIELDS). Every other field of an
 * item read only from its summary is unknown (its column NULL, its detail 'summary'), never an
 * empty value: the grid, the editor and every export say so, and nothing copies or sends it before
 * the item is read in full. The list and closing times of a listed item are facts of the listing,
 * not field values (server-fields.ts); the summary of a draft or preview is never kept (those are
 * read in full).
 */
export { SUMMARY_FIELDS };

/** The fields an item read from its summary lacks: the marketplace's fields a summary does not tell. */
export const FIELDS_NOT_IN_SUMMARY: readonly DraftField[] = DRAFT_FIELDS.filter(
  (f) => !isLocalOnly(f) && !(SUMMARY_FIELDS as readonly string[]).includes(f),
);

/**
 * The field values a summary tells, normalised as a pull's (server-fields.ts): what `base` holds
 * for it. The summary itself is the cache's copy of it (server_copy): the keys it does not tell
 * are absent, so nothing reads a made-up value from it, and it is compared with the next
 * summaries as a whole copy is (summary-rows.ts).
 */
export function fieldsOfSummary(summary: MarketListingSummary): DraftFields {
  const fields: Record<string, unknown> = {};
  for (const field of SUMMARY_FIELDS) {
    const parsed = parseFieldValue(field, summary.fields[field]);
    const value = parsed.ok ? parsed.value : summary.fields[field];
    if (value !== null && value !== undefined) fields[field] = value;
  }
  return fields as DraftFields;
}
