// The drafts grid's bulk and file actions: bulk edit with its preview, undo, CSV import and
// export, and the notices they leave (as Msg: words in the language in use). Each talks to the
// core only through the bridge.
import { BridgeError, call, type Bridge } from '../bridge/bridge-types.ts';
import { undoneMessage } from './bulk-action-messages.ts';
import { describeError, describeRefusedItem } from '../i18n/describe-error.ts';
import { localeStore } from '../i18n/locale-store.ts';
import { msg, type Msg } from '../i18n/messages.ts';
import { placeholderWords } from '../templates/placeholder-words.ts';
import type { ColumnMapping, DraftsActions, DraftsState, LastStep, Notice, SpreadsheetFile, WriteProgress } from './drafts-state.ts';

type Set = (partial: Partial<DraftsState>) => void;
type Get = () => DraftsState & DraftsActions;
type BulkAndFileActions = Pick<DraftsActions, 'previewBulk' | 'applyBulk' | 'previewRules' | 'applyRules' | 'previewTemplate' | 'applyTemplate' | 'undo' | 'confirmUndo' | 'importCsv' | 'importFile' | 'confirmMapping' | 'cancelMapping' | 'startReading' | 'cancelImport' | 'cancelWrite' | 'runNamedWrite' | 'importReportFile' | 'exportCsv' | 'exportXlsx' | 'dismissNotice' | 'closeImportReport' | 'closePreview'>;

/**
 * An undo that removes more imported drafts than one screen of the grid shows asks first: the
 * seller cannot see what goes, and Ctrl+Z is easy to press by mistake.
 */
export const UNDO_ASKS_OVER = 30;

/** What a failed call says: the core's error in the seller's words, its field and the first refused item. */
export function errorMessageOf(error: unknown): Msg {
  const message = describeError(error);
  if (error instanceof BridgeError && error.items.length > 1) {
    const item = error.items[0];
    if (item && item.localId > 0) return msg('app.notice.refusedFirst', { message, id: item.localId, first: describeRefusedItem(item) });
  }
  return message;
}

/** The notice a failed call leaves. */
export function noticeOf(error: unknown): Notice {
  const item = error instanceof BridgeError ? error.items[0] : undefined;
  const field = error instanceof BridgeError ? error.field : undefined;
  return { kind: 'error', message: errorMessageOf(error), ...(field ? { field } : {}), ...(item && item.localId > 0 ? { localId: item.localId } : {}) };
}

const changedNotice = (count: number): Notice => ({ kind: 'info', message: msg('app.notice.changed', { count }) });

/**
 * The notice of a bulk change that answered: what it changed, or (the seller cancelled it, but it
 * had been saved first) that it was too late and Undo takes it back.
 */
const appliedNotice = (changed: number, tooLate: boolean): Notice =>
  tooLate ? { kind: 'info', message: msg('bulk.cancelTooLate', { count: changed }) } : changedNotice(changed);

/** Whether a file's headings, with this mapping, give the title a column. */
export function mapsTitle(headings: readonly string[], mapping: ColumnMapping): boolean {
  return headings.includes('title') || Object.values(mapping).includes('title');
}

export function bulkAndFileActions(bridge: Bridge, set: Set, get: Get): BulkAndFileActions {
  const fail = (error: unknown) => set({ notice: noticeOf(error) });
  const importBytes = async (file: SpreadsheetFile, fileName: string, mapping: ColumnMapping) => {
    let report;
    // The import's name, for its Cancel (csv.cancelImport).
    const importId = crypto.randomUUID();
    set({ importProgress: { phase: 'reading', done: 0, total: 0, fileName }, runningImport: { id: importId, cancelling: false } });
    try {
      report = await call(bridge, 'csv.import', { ...file, fileName, mapping, importId });
    } finally {
      set({ importProgress: null, runningImport: null });
    }
    if (report.cancelled) {
      set({ notice: { kind: 'info', message: msg('mappings.importCancelled') } });
      return null;
    }
    set({ importReport: report });
    await get().reload();
    return report;
  };
  /** The answers of the cancels asked (cancelWrite), by the change's name; null: the cancel itself failed. */
  const cancelsAsked = new Map<string, Promise<'cancelled' | 'already-done' | null>>();
  /**
   * Runs a bulk change named for its Cancel (drafts.cancelWrite) with its progress shown
   * (drafts.writeProgress) until it answers. tooLate: a cancel was asked but the change had been
   * saved first (it stands, one undo step).
   */
  const writing = async <T>(kind: WriteProgress['kind'], run: (writeId: string) => Promise<T>): Promise<{ result: T; tooLate: boolean }> => {
    const writeId = crypto.randomUUID();
    set({ writeProgress: { kind, done: 0, total: 0 }, runningWrite: { id: writeId, cancelling: false }, dialogNotice: null });
    try {
      const result = await run(writeId);
      return { result, tooLate: (await cancelsAsked.get(writeId)) === 'already-done' };
    } finally {
      cancelsAsked.delete(writeId);
      set({ writeProgress: null, runningWrite: null });
    }
  };
  /** A cancelled change: nothing was saved; the dialog stays open with its preview (still true) and says so. */
  const cancelled = () => {
    set({ dialogError: null, dialogNotice: msg('bulk.cancelled') });
    return false;
  };
  /** The selection, once a Select all in flight has its ids (an action right after Ctrl+A). */
  const selectedIds = async (): Promise<number[]> => {
    await get().selectionSettled();
    return [...get().selected];
  };
  /**
   * A bulk dialog's apply to the selection (a bulk edit, rules, a template), named for its Cancel:
   * true once it answered (`closes` the dialog's preview, the grid reloaded, the notice says what
   * changed); false and the dialog stays: cancelled, or its error said in the dialog.
   */
  const applyNamed = async (
    kind: WriteProgress['kind'], run: (localIds: number[], writeId: string) => Promise<{ changed: number; cancelled?: true | undefined }>, closes: Partial<DraftsState>,
  ): Promise<boolean> => {
    try {
      const localIds = await selectedIds();
      const { result, tooLate } = await writing(kind, (writeId) => run(localIds, writeId));
      if (result.cancelled) return cancelled();
      set({ ...closes, dialogError: null, notice: appliedNotice(result.changed, tooLate) });
      await get().reload();
      return true;
    } catch (error) {
      set({ dialogError: errorMessageOf(error) });
      return false;
    }
  };
  return {
    // The bulk dialogs are modal: their errors show inside them (the grid's notice would sit
    // behind the backdrop), and a good preview clears them.
    async previewBulk(changes) {
      try {
        const preview = await call(bridge, 'drafts.bulkPreview', { localIds: await selectedIds(), changes });
        set({ preview, dialogError: null, dialogNotice: null });
        return preview;
      } catch (error) {
        set({ preview: null, dialogError: errorMessageOf(error) });
        return null;
      }
    },
    applyBulk: (changes) => applyNamed('bulk-edit', (localIds, writeId) => call(bridge, 'drafts.bulkEdit', { localIds, changes, writeId }), { preview: null }),
    async previewRules(rules) {
      try {
        const rulesPreview = await call(bridge, 'drafts.rulesPreview', { localIds: await selectedIds(), rules });
        set({ rulesPreview, dialogError: null, dialogNotice: null });
        return rulesPreview;
      } catch (error) {
        set({ rulesPreview: null, dialogError: errorMessageOf(error) });
        return null;
      }
    },
    applyRules: (rules) => applyNamed('apply-rules', (localIds, writeId) => call(bridge, 'drafts.applyRules', { localIds, rules, writeId }), { rulesPreview: null }),
    async previewTemplate(id, mode) {
      try {
        const templatePreview = await call(bridge, 'templates.preview', { id, mode, selection: { localIds: await selectedIds() }, words: placeholderWords() });
        set({ templatePreview, dialogError: null, dialogNotice: null });
        return templatePreview;
      } catch (error) {
        set({ templatePreview: null, dialogError: errorMessageOf(error) });
        return null;
      }
    },
    applyTemplate: (id, mode) => applyNamed('apply-template', (localIds, writeId) => call(bridge, 'templates.apply', { id, mode, selection: { localIds }, words: placeholderWords(), writeId }), { templatePreview: null }),
    async undo() {
      try {
        // The step as the core has it now (the grid's copy may be a reload old).
        const step = await call(bridge, 'drafts.lastStep', {});
        if (step?.kind === 'csv-import' && step.itemCount > UNDO_ASKS_OVER) {
          set({ pendingUndo: step });
          return;
        }
        await runUndo(step);
      } catch (error) {
        fail(error);
      }
    },
    async confirmUndo(yes) {
      const step = get().pendingUndo;
      set({ pendingUndo: null });
      if (!yes || !step) return;
      try {
        await runUndo(step);
      } catch (error) {
        fail(error);
      }
    },
    async importCsv(text, fileName) {
      try {
        const report = await call(bridge, 'csv.import', { text, ...(fileName ? { fileName } : {}) });
        set({ importReport: report });
        await get().reload();
        return report;
      } catch (error) {
        fail(error);
        return null;
      }
    },
    startReading(fileName) {
      if (get().runningImport === null) set({ importProgress: { phase: 'reading', done: 0, total: 0, fileName } });
    },
    async importFile(file, fileName) {
      // Shown from the moment the file was picked (startReading), or from here.
      if (get().runningImport === null) set({ importProgress: { phase: 'reading', done: 0, total: 0, fileName } });
      try {
        const inspection = await call(bridge, 'csv.inspect', { ...file, fileName });
        // Headings that are no field: the seller maps them first (remembered or suggested ones
        // are filled in), unless every one is already mapped from an earlier import that gave
        // the title a column (a remembered mapping without one would only be refused).
        if (inspection.unknown.length > 0 && (!inspection.remembered || !mapsTitle(inspection.headings, inspection.mapping))) {
          set({ pendingImport: { file, fileName, inspection }, importProgress: null });
          return null;
        }
        set({ importMapping: inspection.unknown.length > 0 ? { headings: inspection.headings, unknown: inspection.unknown, mapping: inspection.mapping, remembered: inspection.remembered } : null });
        return await importBytes(file, fileName, inspection.mapping);
      } catch (error) {
        if (get().runningImport === null) set({ importProgress: null });
        fail(error);
        return null;
      }
    },
    async confirmMapping(mapping) {
      const pending = get().pendingImport;
      if (!pending) return null;
      set({ pendingImport: null, importMapping: { headings: pending.inspection.headings, unknown: pending.inspection.unknown, mapping, remembered: false } });
      try {
        return await importBytes(pending.file, pending.fileName, mapping);
      } catch (error) {
        fail(error);
        return null;
      }
    },
    cancelMapping: () => set({ pendingImport: null }),
    async cancelImport() {
      const running = get().runningImport;
      if (!running || running.cancelling) return;
      set({ runningImport: { ...running, cancelling: true } });
      try {
        const { outcome } = await call(bridge, 'csv.cancelImport', { importId: running.id });
        // Its last step had run: its report shows, and Undo takes it back as one step.
        if (outcome === 'already-done') set({ notice: { kind: 'info', message: msg('mappings.importAlreadyDone') } });
      } catch (error) {
        fail(error);
      }
    },
    async cancelWrite() {
      const running = get().runningWrite;
      if (!running || running.cancelling) return;
      set({ runningWrite: { ...running, cancelling: true } });
      // Asked before any await: the change's answer waits for this one (writing above).
      const answer = call(bridge, 'drafts.cancelWrite', { writeId: running.id }).then(({ outcome }) => outcome, (error: unknown) => {
        set({ dialogError: errorMessageOf(error) });
        return null;
      });
      cancelsAsked.set(running.id, answer);
      await answer;
    },
    async runNamedWrite(kind, run) {
      const { result, tooLate } = await writing(kind, run);
      if (!result) return null;
      if (result.cancelled) {
        cancelled();
        return null;
      }
      if (tooLate) set({ notice: appliedNotice(result.changed, true) });
      return result;
    },
    async exportXlsx() {
      try {
        const selected = await selectedIds();
        return await call(bridge, 'xlsx.export', selected.length > 0 ? { localIds: selected } : {});
      } catch (error) {
        fail(error);
        return null;
      }
    },
    async importReportFile(words) {
      const report = get().importReport;
      if (!report) return null;
      try {
        return await call(bridge, 'csv.importReport', { problems: report.errors, locale: localeStore.getState().locale, words });
      } catch (error) {
        fail(error);
        return null;
      }
    },
    async exportCsv() {
      try {
        const selected = await selectedIds();
        return await call(bridge, 'csv.export', { ...(selected.length > 0 ? { localIds: selected } : {}), locale: localeStore.getState().locale });
      } catch (error) {
        fail(error);
        return null;
      }
    },
    dismissNotice: () => set({ notice: null }),
    closeImportReport: () => set({ importReport: null }),
    closePreview: () => set({ preview: null, rulesPreview: null, templatePreview: null, dialogError: null, dialogNotice: null }),
  };

  async function runUndo(step: LastStep): Promise<void> {
    const result = await call(bridge, 'drafts.undo', step ? { stepId: step.id } : {});
    if (result.action) {
      // A bulk status action: what came back, and plainly what had already gone live.
      set({ notice: { kind: 'info', message: undoneMessage(result) } });
      await get().reload();
      return;
    }
    const skipped = result.skipped.length;
    const message = step?.kind === 'csv-import' && skipped === 0
      ? msg('app.notice.importUndone', { count: result.restored })
      : skipped > 0 ? msg('app.notice.undoneSkipped', { restored: result.restored, skipped }) : msg('app.notice.undone', { restored: result.restored });
    set({ notice: { kind: 'info', message } });
    await get().reload();
  }
}
