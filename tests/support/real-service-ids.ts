// The first id of each table in a new service database: where the real marketplace's ids lie
// (users 7 digits, items 9, images 8). Written here, apart from the migration that sets them
// (server/db/migrations/0007-real-service-ids.ts), so a change to either fails a test.
export const FIRST_IDS = {
  users: 1_000_001,
  items: 600_000_001,
  images: 40_000_001,
} as const;
