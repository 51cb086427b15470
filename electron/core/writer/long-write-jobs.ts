// The long writes the writer thread runs (issue 41), each named by a job: plain data that crosses
// to the thread (structured cloning), and there becomes the same work the core's thread ran
// before, over the writer's own connection. One entry per kind of long write; a new kind is a
// new entry here and a call of `writes.long({ kind, ... })` where it starts.
import type { Db } from '../db/open-account-db.ts';
import type { Slices } from '../db/sliced-transaction.ts';
import { perConnection } from '../db/per-connection.ts';
import { bulkWrites } from '../bulk/bulk-edit.ts';
import { bulkActions } from '../bulk/bulk-actions.ts';
import { applyBulkRulesSlices, type BulkRules } from '../bulk/bulk-rules.ts';
import { itemReads } from '../drafts/item-rows.ts';
import { researchStore } from '../research/research-store.ts';
import { marketPrices } from '../research/market-prices.ts';
import { applyCategoriesSlices } from '../research/category-from-market.ts';
import { templateLinks } from '../rules/template-links.ts';
import { rulesPass } from '../rules/rules-pass.ts';
import { applyTemplateSlices, type ApplyMode, type PlaceholderWords } from '../templates/apply-template.ts';
import type { ListingTemplate } from '../templates/listing-templates.ts';
import { importWrites } from '../csv/batched-import.ts';
import type { RowSource } from '../csv/row-stream.ts';
import type { BulkAction } from '../../../shared/ipc/common.ts';

/** Each kind of long write, as the data that starts it. */
export interface LongWriteJobs {
  'bulk-edit': { localIds: readonly number[]; changes: Readonly<Record<string, unknown>> };
  'apply-rules': { localIds: readonly number[]; rules: BulkRules };
  undo: { stepId?: number | undefined };
  'apply-template': { localIds: readonly number[]; template: ListingTemplate; mode: ApplyMode; words: PlaceholderWords; categoryTitles: ReadonlyArray<readonly [number, string]> };
  'rules-pass': { now: number };
  'bulk-action': { action: BulkAction; localIds: readonly number[]; listTime?: string | undefined };
  'apply-categories': { choices: ReadonlyArray<{ localId: number; categoryId: number }> };
  /** An import: its rows come to the thread as they are checked (writer-client.ts). */
  import: { now: number; batchRows: number };
}

export type LongWriteKind = keyof LongWriteJobs;
export type LongWriteJob = { [K in LongWriteKind]: { kind: K } & LongWriteJobs[K] }[LongWriteKind];

/** What the thread has beside the job: an import's rows, and where its batch reports go. */
export interface JobContext {
  rows(): RowSource;
  onBatch(written: number, total: number): void;
}

const repositories = perConnection((db: Db) => ({
  reads: itemReads(db), bulk: bulkWrites(db), research: researchStore(db), links: templateLinks(db), actions: bulkActions(db), rules: rulesPass(db),
}));

/** How each job is worked over the writer's connection. */
const WORKS = {
  'bulk-edit': (db: Db, job: LongWriteJobs['bulk-edit']) => repositories(db).bulk.bulkEditSlices(job.localIds, job.changes),
  // The market's figures read on the writer's connection, like the drafts they price.
  'apply-rules': (db: Db, job: LongWriteJobs['apply-rules']) => {
    const repo = repositories(db);
    return applyBulkRulesSlices(repo, job.localIds, job.rules, undefined, marketPrices(repo.research));
  },
  undo: (db: Db, job: LongWriteJobs['undo']) => repositories(db).bulk.undoSlices(job.stepId),
  'apply-template': (db: Db, job: LongWriteJobs['apply-template']) => {
    const titles = new Map(job.categoryTitles);
    return applyTemplateSlices(repositories(db), job.localIds, { template: job.template, mode: job.mode, words: job.words, categoryTitle: (id) => titles.get(id) });
  },
  'rules-pass': (db: Db, job: LongWriteJobs['rules-pass']) => repositories(db).rules.slices(job.now),
  'bulk-action': (db: Db, job: LongWriteJobs['bulk-action']) => repositories(db).actions.runSlices(job.action, job.localIds, job.listTime),
  'apply-categories': (db: Db, job: LongWriteJobs['apply-categories']) => applyCategoriesSlices(repositories(db), job.choices),
  import: (db: Db, job: LongWriteJobs['import'], context: JobContext) => importWrites(db, context.rows(), job.now, job.batchRows, context.onBatch),
} satisfies { [K in LongWriteKind]: (db: Db, job: LongWriteJobs[K], context: JobContext) => Slices<unknown> };

/** What a job of kind K returns. */
export type LongWriteResult<K extends LongWriteKind> = ReturnType<(typeof WORKS)[K]> extends Slices<infer R> ? R : never;

/** The work of `job` over `db`. */
export function workOf(db: Db, job: LongWriteJob, context: JobContext): Slices<unknown> {
  const work = WORKS[job.kind] as (db: Db, job: LongWriteJob, context: JobContext) => Slices<unknown>;
  return work(db, job, context);
}
