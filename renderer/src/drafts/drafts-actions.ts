// The drafts grid's bulk and file actions: bulk edit with its preview, undo, CSV import and
// export, and the notices they leave. Each talks to the core only through the bridge.
import { BridgeError, call, type Bridge } from '../bridge/bridge-types.ts';
import { placeholderWords } from '../templates/placeholder-words.ts';
import type { ColumnMapping, DraftsActions, DraftsState, Notice, SpreadsheetFile } from './drafts-state.ts';

type Set = (partial: Partial<DraftsState>) => void;
type Get = () => DraftsState & DraftsActions;
type BulkAndFileActions = Pick<DraftsActions, 'previewBulk' | 'applyBulk' | 'previewRules' | 'applyRules' | 'previewTemplate' | 'applyTemplate' | 'undo' | 'importCsv' | 'importFile' | 'confirmMapping' | 'cancelMapping' | 'exportCsv' | 'exportXlsx' | 'dismissNotice' | 'closeImportReport' | 'closePreview'>;

/** The notice a failed call leaves: the core's message, its field and the first refused item. */
export function noticeOf(error: unknown): Notice {
  if (error instanceof BridgeError) {
    const item = error.items[0];
    const problem = item?.problems[0];
    const text = item && error.items.length > 1 ? `${error.message} (first: item ${item.localId}: ${item.reason ?? problem?.message ?? ''})` : error.message;
    return { kind: 'error', text, ...(error.field ? { field: error.field } : {}), ...(item && item.localId > 0 ? { localId: item.localId } : {}) };
  }
  return { kind: 'error', text: error instanceof Error ? error.message : String(error) };
}

const changedNotice = (n: number): Notice => ({ kind: 'info', text: `Changed ${n} draft${n === 1 ? '' : 's'}. Undo with Ctrl+Z.` });

export function bulkAndFileActions(bridge: Bridge, set: Set, get: Get): BulkAndFileActions {
  const fail = (error: unknown) => set({ notice: noticeOf(error) });
  const importBytes = async (file: SpreadsheetFile, fileName: string, mapping: ColumnMapping) => {
    let report;
    set({ importProgress: { phase: 'reading', done: 0, total: 0 } });
    try {
      report = await call(bridge, 'csv.import', { ...file, fileName, mapping });
    } finally {
      set({ importProgress: null });
    }
    set({ importReport: report });
    await get().reload();
    return report;
  };
  return {
    async previewBulk(changes) {
      try {
        const preview = await call(bridge, 'drafts.bulkPreview', { localIds: [...get().selected], changes });
        set({ preview });
        return preview;
      } catch (error) {
        fail(error);
        set({ preview: null });
        return null;
      }
    },
    async applyBulk(changes) {
      try {
        const result = await call(bridge, 'drafts.bulkEdit', { localIds: [...get().selected], changes });
        set({ preview: null, notice: changedNotice(result.changed) });
        await get().reload();
        return true;
      } catch (error) {
        fail(error);
        return false;
      }
    },
    async previewRules(rules) {
      try {
        const rulesPreview = await call(bridge, 'drafts.rulesPreview', { localIds: [...get().selected], rules });
        set({ rulesPreview });
        return rulesPreview;
      } catch (error) {
        fail(error);
        set({ rulesPreview: null });
        return null;
      }
    },
    async applyRules(rules) {
      try {
        const result = await call(bridge, 'drafts.applyRules', { localIds: [...get().selected], rules });
        set({ rulesPreview: null, notice: changedNotice(result.changed) });
        await get().reload();
        return true;
      } catch (error) {
        fail(error);
        return false;
      }
    },
    async previewTemplate(id, mode) {
      try {
        const templatePreview = await call(bridge, 'templates.preview', { id, mode, selection: { localIds: [...get().selected] }, words: placeholderWords() });
        set({ templatePreview });
        return templatePreview;
      } catch (error) {
        fail(error);
        set({ templatePreview: null });
        return null;
      }
    },
    async applyTemplate(id, mode) {
      try {
        const result = await call(bridge, 'templates.apply', { id, mode, selection: { localIds: [...get().selected] }, words: placeholderWords() });
        set({ templatePreview: null, notice: changedNotice(result.changed) });
        await get().reload();
        return true;
      } catch (error) {
        fail(error);
        return false;
      }
    },
    async undo() {
      try {
        const result = await call(bridge, 'drafts.undo', {});
        const skipped = result.skipped.length > 0 ? `; ${result.skipped.length} left as they are (${result.skipped[0]?.reason})` : '';
        set({ notice: { kind: 'info', text: `Undone: ${result.restored} draft${result.restored === 1 ? '' : 's'} restored${skipped}.` } });
        await get().reload();
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
    async importFile(file, fileName) {
      try {
        const inspection = await call(bridge, 'csv.inspect', { ...file, fileName });
        // Headings that are no field: the seller maps them first (remembered or suggested ones
        // are filled in), unless every one is already mapped from an earlier import.
        if (inspection.unknown.length > 0 && !inspection.remembered) {
          set({ pendingImport: { file, fileName, inspection } });
          return null;
        }
        return await importBytes(file, fileName, inspection.mapping);
      } catch (error) {
        fail(error);
        return null;
      }
    },
    async confirmMapping(mapping) {
      const pending = get().pendingImport;
      if (!pending) return null;
      set({ pendingImport: null });
      try {
        return await importBytes(pending.file, pending.fileName, mapping);
      } catch (error) {
        fail(error);
        return null;
      }
    },
    cancelMapping: () => set({ pendingImport: null }),
    async exportXlsx() {
      try {
        const selected = [...get().selected];
        return await call(bridge, 'xlsx.export', selected.length > 0 ? { localIds: selected } : {});
      } catch (error) {
        fail(error);
        return null;
      }
    },
    async exportCsv() {
      try {
        const selected = [...get().selected];
        return await call(bridge, 'csv.export', selected.length > 0 ? { localIds: selected } : {});
      } catch (error) {
        fail(error);
        return null;
      }
    },
    dismissNotice: () => set({ notice: null }),
    closeImportReport: () => set({ importReport: null }),
    closePreview: () => set({ preview: null, rulesPreview: null, templatePreview: null }),
  };
}
