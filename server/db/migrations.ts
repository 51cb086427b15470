// The service's schema as numbered steps, one file each in migrations/ (NNNN-name.ts), bundled
// statically. Each runs in its own transaction and bumps PRAGMA user_version; never edit a shipped
// step: add a file with the next number and list it here (db/README.md). Times are integer
// milliseconds since the epoch (UTC); the HTTP layer formats them in the service's time zone.
// Money is stored in euros as REAL rounded to cents.
import type { Migration } from '../../shared/sqlite/migrations.ts';
import { migration as step1 } from './migrations/0001-users-categories-items.ts';
import { migration as step2 } from './migrations/0002-trading.ts';
import { migration as step3 } from './migrations/0003-image-ids.ts';
import { migration as step4 } from './migrations/0004-search-indexes.ts';
import { migration as step5 } from './migrations/0005-item-version.ts';
import { migration as step6 } from './migrations/0006-hits-not-versions.ts';
import { migration as step7 } from './migrations/0007-real-service-ids.ts';
import { migration as step8 } from './migrations/0008-category-names-en.ts';

export type { Migration };

export const MIGRATIONS: readonly Migration[] = [
  step1,
  step2,
  step3,
  step4,
  step5,
  step6,
  step7,
  step8,
];
