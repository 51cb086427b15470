// The drafts grid's state and the actions on it, as types (the store, drafts-store.ts, and the
// bulk and file actions, drafts-actions.ts, both implement them).
import type { DraftRow, ImageSource, IpcEventPayload, IpcInput, IpcOutput } from '../../../shared/ipc/contract.ts';
import type { Msg } from '../i18n/messages.ts';
import type { GridQuery } from './drafts-query.ts';

export type BulkPreview = IpcOutput<'drafts.bulkPreview'>;
export type RulesPreview = IpcOutput<'drafts.rulesPreview'>;
export type BulkRules = IpcInput<'drafts.applyRules'>['rules'];
export type TemplatePreview = IpcOutput<'templates.preview'>;
export type TemplateMode = NonNullable<IpcInput<'templates.apply'>['mode']>;
export type ImportReport = IpcOutput<'csv.import'>;
/** The words of a saved import report (csv.importReport): the screen's language's. */
export type ImportReportWords = IpcInput<'csv.importReport'>['words'];
export type LastStep = IpcOutput<'drafts.lastStep'>;
export type FileInspection = IpcOutput<'csv.inspect'>;
/** How far an import got (csv.progress), and the file's name from the moment it was picked. */
export type ImportProgress = IpcEventPayload<'csv.progress'> & { fileName?: string };
/** How far a bulk change got (drafts.writeProgress): done of total drafts, planned then written. */
export type WriteProgress = IpcEventPayload<'drafts.writeProgress'>;
export type ColumnMapping = FileInspection['mapping'];
/** A spreadsheet as the core reads it: by reference (the app's way) or as bytes. */
export type SpreadsheetFile = { source: ImageSource } | { base64: string };
/** A file waiting for the seller to map its unknown headings to fields. */
export interface PendingImport {
  file: SpreadsheetFile;
  fileName: string;
  inspection: FileInspection;
}

/** The column mapping an import used: the file's headings, the ones mapped, and whether it was remembered. */
export interface UsedMapping {
  headings: string[];
  unknown: string[];
  mapping: ColumnMapping;
  remembered: boolean;
}

/** A category of the cached tree as the grid offers it: its id and its names from the top. */
export interface CategoryChoice {
  id: number;
  path: readonly string[];
  /** The same path in English screens' names (the English name where the tree has one). */
  pathEn: readonly string[];
}

export interface Notice {
  kind: 'info' | 'error';
  /** Put into words by the component, in the language in use (a switch re-words it). */
  message: Msg;
  /** The field the message is about (highlighted in the grid). */
  field?: string;
  localId?: number;
}

export interface DraftsState {
  query: GridQuery;
  total: number;
  /** Sparse: index → row; undefined while its page is not loaded. */
  rows: Array<DraftRow | undefined>;
  /** Bumped on every reload so late pages of an older query are dropped. */
  generation: number;
  loading: boolean;
  selected: ReadonlySet<number>;
  /** Index of the row shift-selection extends from. */
  anchor: number | null;
  focusRow: number;
  focusColumn: number;
  editing: { localId: number; field: string } | null;
  /** Rows were refreshed where they stood: the order may no longer match the sort or search. */
  orderStale: boolean;
  lastStep: LastStep;
  notice: Notice | null;
  preview: BulkPreview | null;
  rulesPreview: RulesPreview | null;
  templatePreview: TemplatePreview | null;
  importReport: ImportReport | null;
  pendingImport: PendingImport | null;
  /** The mapping the last import used (its report offers to change it when it was remembered). */
  importMapping: UsedMapping | null;
  /** A failed preview or apply of the bulk dialogs: shown inside the open dialog, cleared by a good preview. */
  dialogError: Msg | null;
  /** An undo that removes more drafts than a screen shows, waiting for the seller's yes. */
  pendingUndo: LastStep;
  /** The cached category tree, loaded when a category cell is first edited. */
  categories: readonly CategoryChoice[];
  /** How far the import under way got (null: none running). */
  importProgress: ImportProgress | null;
  /** How far the bulk change under way got (a bulk edit, rules, a template, categories from the market; null: none running). */
  writeProgress: WriteProgress | null;
  /** The import under way by its name for csv.cancelImport, and whether its cancel was asked. */
  runningImport: { id: string; cancelling: boolean } | null;
  /** The bulk change under way (a bulk edit, rules, a template, categories from the market) by its name for drafts.cancelWrite, and whether its cancel was asked. */
  runningWrite: { id: string; cancelling: boolean } | null;
  /** What the open bulk dialog says of its last apply (it was cancelled): cleared by the next preview or a change of the form. */
  dialogNotice: Msg | null;
}

export interface DraftsActions {
  setQuery(changes: Partial<GridQuery>): Promise<void>;
  toggleSort(sort: NonNullable<GridQuery['sort']>): Promise<void>;
  /** Reloads the rows in view; the keyboard focus and the shift anchor stay on their drafts. */
  reload(): Promise<void>;
  /** Fetches these drafts again and shows them where they are (no re-sort under the user). */
  refreshRows(localIds: number[]): Promise<void>;
  /** Loads the pages that cover rows start..end (inclusive). */
  ensureRange(start: number, end: number): Promise<void>;
  clickRow(index: number, modifiers?: { shift?: boolean; toggle?: boolean }): Promise<void>;
  toggleFocused(): void;
  selectAll(): Promise<void>;
  /**
   * Resolves once a Select all in flight has its ids (at once when none is): an action chosen
   * right after Ctrl+A acts on everything, not on the selection as it was before.
   */
  selectionSettled(): Promise<void>;
  clearSelection(): void;
  moveFocus(rows: number, columns?: number, extend?: boolean): Promise<void>;
  setFocusColumn(column: number): void;
  /** The grid shows this many columns now (the seller picked others): the focus stays inside. */
  setColumnCount(count: number): void;
  /** Starts the inline edit of a cell (a category cell loads the tree to choose from). */
  startEdit(localId: number, field: string): void;
  cancelEdit(): void;
  commitEdit(localId: number, field: string, raw: unknown): Promise<boolean>;
  previewBulk(changes: Record<string, unknown>): Promise<BulkPreview | null>;
  /** True: applied (its dialog closes); false: refused, failed or cancelled (said in the dialog). */
  applyBulk(changes: Record<string, unknown>): Promise<boolean>;
  /** Price rules and text changes on the selection: the preview, then apply (one undo step). */
  previewRules(rules: BulkRules): Promise<RulesPreview | null>;
  applyRules(rules: BulkRules): Promise<boolean>;
  /** A listing template on the selection: the preview, then apply (one undo step; drafts and previews only). */
  previewTemplate(id: number, mode: TemplateMode): Promise<TemplatePreview | null>;
  applyTemplate(id: number, mode: TemplateMode): Promise<boolean>;
  /** Undoes the last step; an import of more than a screenful asks first (pendingUndo). */
  undo(): Promise<void>;
  /** The seller's answer to pendingUndo: undo it, or keep the drafts. */
  confirmUndo(yes: boolean): Promise<void>;
  importCsv(text: string, fileName?: string): Promise<ImportReport | null>;
  /**
   * A file was picked: the progress shows it being read from this moment, before it is handed
   * to the core (a large file's upload and first reading take seconds).
   */
  startReading(fileName: string): void;
  /** A CSV or .xlsx file, by reference: inspected first; unknown headings open the mapping step. */
  importFile(file: SpreadsheetFile, fileName: string): Promise<ImportReport | null>;
  /** Imports the pending file with the seller's mapping (heading -> field, null = left out). */
  confirmMapping(mapping: ColumnMapping): Promise<ImportReport | null>;
  cancelMapping(): void;
  /** Cancels the import under way: none of its drafts is left, or (it had ended) it stays one undo step. */
  cancelImport(): Promise<void>;
  /**
   * Cancels the bulk change under way: nothing of it is saved (its apply answers false and the
   * dialog says so), or (it had been saved) it stays one undo step and the notice says so.
   */
  cancelWrite(): Promise<void>;
  /**
   * A bulk change another screen's dialog starts (categories from the market), run as the drafts'
   * own are: named for cancelWrite, its progress in writeProgress. Null: it was cancelled and
   * nothing was saved (dialogNotice says so), or `run` answered null (its own failure, said by its
   * store). A cancel that came too late leaves the change and the notice says it stands, one undo step.
   */
  runNamedWrite<T extends { changed: number; cancelled?: true | undefined }>(kind: WriteProgress['kind'], run: (writeId: string) => Promise<T | null>): Promise<T | null>;
  /** The import report shown as a CSV file in the seller's words (the table's reasons, the fields' labels). */
  importReportFile(words: ImportReportWords): Promise<{ fileName: string; text: string } | null>;
  exportXlsx(): Promise<{ fileName: string; base64: string } | null>;
  exportCsv(): Promise<{ fileName: string; text: string } | null>;
  dismissNotice(): void;
  closeImportReport(): void;
  closePreview(): void;
  dispose(): void;
}
