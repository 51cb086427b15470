// bench:core's responsiveness figure (issue 41): the core (session, handler table, dispatcher: what
// the core's process runs) over a cache of 100,000 drafts, asked for the grid's rows of each
// keystroke of a typed search while it takes a backup, bulk-edits 100,000 drafts, applies a
// template to 100,000 drafts and imports a 100,000-row Finnish CSV (core-probes.ts: the longest
// stretch its event loop was blocked, each keystroke's answer). Baseline: the same probes with no
// work, in the same run. With `busy`, a child process spins on one core the whole time.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { Readable } from 'node:stream';
import { settingsCache } from '../electron/core/cache/settings-cache.ts';
import { sourceWorkerFile } from '../electron/core/host/source-worker.ts';
import { stageUpload } from '../electron/core/images/staged-uploads.ts';
import { createIpcDispatcher } from '../electron/core/ipc/dispatcher.ts';
import { coreHandlers } from '../electron/core/ipc/handlers.ts';
import { openCoreSession } from '../electron/core/session/core-session.ts';
import { privateSellerRules } from '../tests/core/fixtures/sellers.ts';
import { insertManyDrafts } from '../tests/support/many-drafts.ts';
import { idle, probed, round, type ProbeFigures } from './core-probes.ts';
import { finnishExcelFile } from './spreadsheet-bench.ts';

type Answer = { ok: boolean; value?: unknown; error?: unknown };

const QUERY = { status: ['draft'] };
const load = () => round(loadavg()[0] ?? 0, 2);

function checked<T>(answer: Answer, what: string): T {
  if (!answer.ok) throw new Error(`${what} failed: ${JSON.stringify(answer.error).slice(0, 500)}`);
  return answer.value as T;
}

/** A figure of one kind of work: its time, the probes during it, and their ratio to the idle core's. */
function figure(ms: number, probes: ProbeFigures, base: ProbeFigures, extra: Record<string, unknown> = {}) {
  return {
    ms, ...extra, ...probes,
    keystrokeP95Ratio: round(probes.keystrokes.p95Ms / base.keystrokes.p95Ms, 2),
    targets: { keystrokeP95Ms: 50, keystrokeMaxMs: 150, longestBlockMs: 50 },
    met: probes.keystrokes.p95Ms < 50 && probes.keystrokes.maxMs < 150 && probes.longestBlockMs < 50,
    loadAverage1m: load(),
  };
}

/** The kinds of work the figure runs (--responsive-work), in this order. */
export const RESPONSIVE_WORK = ['backup', 'bulk', 'template', 'import'] as const;
export type ResponsiveWork = (typeof RESPONSIVE_WORK)[number];

async function run(root: string, drafts: number, rows: number, work: ReadonlySet<ResponsiveWork>) {
  const session = openCoreSession({ root });
  try {
    const db = session.db();
    settingsCache(db).saveRules(privateSellerRules(), Date.now());
    const seedMs = insertManyDrafts(db, drafts);
    const dispatcher = createIpcDispatcher(coreHandlers(session, async () => {}));
    const invoke = (name: string, input: unknown) => dispatcher.invoke(name, input) as Promise<Answer>;
    const ids = checked<number[]>(await invoke('drafts.ids', QUERY), 'drafts.ids');
    // The shipped app starts its workers from built files: from the sources they are bundled on
    // their first start (host/source-worker.ts), which is no part of the figures.
    for (const worker of ['spreadsheet/spreadsheet-worker.ts', 'db/checkpoint-worker.ts', 'writer/writer-thread.ts']) sourceWorkerFile(join(import.meta.dirname, '..', 'electron', 'core', worker));
    // Warm: the idle figure is the baseline, with the statements compiled.
    await idle(invoke, QUERY, 500);
    const base = await idle(invoke, QUERY);
    const figures: Record<string, unknown> = { drafts, seedMs: Math.round(seedMs), idle: { ...base, loadAverage1m: load() } };

    if (work.has('backup')) {
      const backup = await probed(invoke, QUERY, async () => checked(await invoke('backups.create', {}), 'backups.create'));
      figures.backup = figure(backup.ms, backup.probes, base, { stages: backup.stages });
    }

    if (work.has('bulk')) {
      const edit = await probed(invoke, QUERY, async () => checked<{ changed: number }>(await invoke('drafts.bulkEdit', { localIds: ids, changes: { buyNowPrice: 7 } }), 'drafts.bulkEdit'));
      figures.bulkEdit = figure(edit.ms, edit.probes, base, { changed: edit.value.changed, stages: edit.stages });
    }

    if (work.has('template')) {
      const template = checked<{ id: number }>(await invoke('templates.save', { name: 'Bench terms', fields: { deliveryTerms: 'Posti 2-3 päivää', paymentTerms: 'Tilisiirto' } }), 'templates.save');
      const words = { locale: 'fi', conditions: {} };
      const applied = await probed(invoke, QUERY, async () => checked<{ changed: number }>(await invoke('templates.apply', { id: template.id, selection: { localIds: ids }, words }), 'templates.apply'));
      figures.templateApply = figure(applied.ms, applied.probes, base, { changed: applied.value.changed, stages: applied.stages });
    }

    if (!work.has('import')) return figures;
    const file = finnishExcelFile(rows);
    const { id } = await stageUpload(root, Readable.from([file]));
    const imported = await probed(invoke, QUERY, async () => checked<{ imported: number }>(
      await invoke('csv.import', { source: { kind: 'upload', id }, fileName: 'tuotteet.csv', mapping: { Otsikko: 'title' } }), 'csv.import'));
    if (imported.value.imported !== rows) throw new Error(`imported ${imported.value.imported} of ${rows}`);
    figures.import = figure(imported.ms, imported.probes, base, { rows, bytes: file.length, rowsPerSecond: Math.round(rows / (imported.ms / 1000)), stages: imported.stages });
    return figures;
  } finally {
    session.close();
  }
}

/** busy: beside a child process spinning on one core (the "beside a busy core"). */
export async function benchResponsiveCore(root: string, drafts: number, rows: number, busy: boolean, work: ReadonlySet<ResponsiveWork> = new Set(RESPONSIVE_WORK)) {
  const spinner = busy ? spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }) : null;
  try {
    const figures = await run(mkdtempSync(join(root, 'responsive-')), drafts, rows, work);
    return {
      ...figures, busyCore: busy,
      note: 'in the core\'s own event loop (session, handler table, dispatcher): longestBlockMs = the longest gap of a 1 ms timer chain (wall time), longestBlockCpuMs = the core thread\'s CPU time in that gap, mostCpuInAGapMs = the most CPU time of any gap (the work itself, which load does not stretch; Linux schedstat); stages = the long write\'s traced slices, pieces, merges, undo record and commit, wall and CPU; keystrokes = drafts.page of each keystroke of bench:ui\'s searches (status draft, 40 rows), one after another 30 ms apart, timed from the call to its answer',
    };
  } finally {
    spinner?.kill('SIGKILL');
  }
}
