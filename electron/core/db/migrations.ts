// The desktop cache's schema as numbered steps, one file each in migrations/ (NNNN-name.ts, as
// Signal keeps its own), bundled statically. Each step runs in its own transaction and bumps
// PRAGMA user_version (see open-account-db.ts). Never edit a shipped step: add a new file with the
// next number and list it here (see README.md). Times are epoch milliseconds unless a column says
// otherwise.
import type { Migration } from '../../../shared/sqlite/migrations.ts';
import { migration as step1 } from './migrations/0001-items-images-outbox.ts';
import { migration as step2 } from './migrations/0002-trading-caches.ts';
import { migration as step3 } from './migrations/0003-search-indexes.ts';
import { migration as step4 } from './migrations/0004-undo-journal.ts';
import { migration as step5 } from './migrations/0005-canned-answers.ts';
import { migration as step6 } from './migrations/0006-item-sku.ts';
import { migration as step7 } from './migrations/0007-photo-edits.ts';
import { migration as step8 } from './migrations/0008-import-mappings.ts';
import { migration as step9 } from './migrations/0009-item-note.ts';
import { migration as step10 } from './migrations/0010-sync-marks.ts';
import { migration as step11 } from './migrations/0011-grid-sort-indexes.ts';
import { migration as step12 } from './migrations/0012-reject-code.ts';
import { migration as step13 } from './migrations/0013-listing-templates.ts';
import { migration as step14 } from './migrations/0014-automation-rules.ts';
import { migration as step15 } from './migrations/0015-import-pending.ts';
import { migration as step16 } from './migrations/0016-finnish-sort.ts';
import { migration as step17 } from './migrations/0017-template-rules.ts';
import { migration as step18 } from './migrations/0018-category-names-en.ts';
import { migration as step19 } from './migrations/0019-category-sort-en.ts';
import { migration as step20 } from './migrations/0020-market-research.ts';
import { migration as step21 } from './migrations/0021-item-details.ts';
import { migration as step22 } from './migrations/0022-item-facts.ts';
import { migration as step23 } from './migrations/0023-grid-price-index.ts';
import { migration as step24 } from './migrations/0024-bulk-step-pieces.ts';
import { migration as step25 } from './migrations/0025-title-key-given.ts';

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
  step9,
  step10,
  step11,
  step12,
  step13,
  step14,
  step15,
  step16,
  step17,
  step18,
  step19,
  step20,
  step21,
  step22,
  step23,
  step24,
  step25,
];
