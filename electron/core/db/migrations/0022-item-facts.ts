// The account cache's schema, step 22 (issue 40: the marketplace behind its port). Frozen once
// shipped: never edited, and it imports no live code (every value is written out here), so
// today's code cannot change what it did (electron/core/db/README.md).
import type { Migration } from '../../../../shared/sqlite/migrations.ts';

export const migration: Migration = {
  version: 22,
  name: 'items, offers, bids: the facts the app reads, in columns of their own',
  sql: `
    -- What the marketplace last said of a listing, beside the field values the seller edits: the
    -- sales, the seller's reads, the rules and the grid read these columns, not the marketplace's
    -- record (server_copy), so no query above the adapter knows the /1.1 item JSON. NULL: not
    -- known (an item read from its summary lacks units, republish and what it was relisted from).
    -- closes_at (step 1's column, never written until now): when the listing closes, epoch ms.
    -- listed_at: its list time as the marketplace writes it (YYYY-MM-DDTHH:MM:SS+hhmm), as the
    -- scheduled listings show it. Neither is the editable list_time or closing_time of a draft.
    ALTER TABLE items ADD COLUMN listed_at TEXT;
    -- Units still for sale (0: a buy-now listing bought out).
    ALTER TABLE items ADD COLUMN units_left INTEGER;
    -- 1/0: the listing has a reserve price; the highest bid is over it.
    ALTER TABLE items ADD COLUMN has_reserve INTEGER;
    ALTER TABLE items ADD COLUMN reserve_met INTEGER;
    -- 1/0: the marketplace relists it by itself if it closes unsold.
    ALTER TABLE items ADD COLUMN relists_unsold INTEGER;
    -- The remote id of the closed listing this one relists.
    ALTER TABLE items ADD COLUMN relist_of INTEGER;
    -- How many photos the listing shows on the marketplace.
    ALTER TABLE items ADD COLUMN listed_photos INTEGER;
    -- The rules ask "is this listing relisted already?" of every closed candidate.
    CREATE INDEX items_relist_of ON items(relist_of) WHERE relist_of IS NOT NULL;
    -- Once, for the rows already cached: the facts from the copy each was read with.
    UPDATE items SET
      closes_at = (SELECT unixepoch(substr(t, 1, 22) || ':' || substr(t, 23)) * 1000
                     FROM (SELECT json_extract(server_copy, '$.closingTime') AS t)),
      listed_at = json_extract(server_copy, '$.listTime'),
      units_left = json_extract(server_copy, '$.quantity'),
      has_reserve = json_extract(server_copy, '$.hasReservePrice'),
      reserve_met = json_extract(server_copy, '$.hasReservePriceExceeded'),
      relists_unsold = json_extract(server_copy, '$.republish'),
      relist_of = json_extract(server_copy, '$.republishedFrom'),
      listed_photos = json_array_length(server_copy, '$.images')
    WHERE server_copy IS NOT NULL AND json_valid(server_copy);

    -- The trades' facts the Sales screen reads beside their records: when an offer last changed
    -- (an accepted one: its acceptance), as the marketplace writes it; how many units a bid bought
    -- (NULL: not told, one).
    ALTER TABLE offers ADD COLUMN changed_at TEXT;
    ALTER TABLE bids ADD COLUMN units INTEGER;
    UPDATE offers SET changed_at = json_extract(record, '$.updated') WHERE json_valid(record);
    UPDATE bids SET units = json_extract(record, '$.quantity') WHERE json_valid(record);
  `,
};
