// The ONE typed contract between the renderer and the core: every method with its input and
// output schema, every push event with its payload schema. Electron main, the preload, web mode
// and the renderer's bridge are all derived from it. Inputs and outputs are parsed by the core's
// dispatcher (electron/core/ipc/dispatcher.ts), in the core's own process, for calls from
// Electron's main and from web mode alike: never trusted because the types compile.
import type { z } from 'zod';
import type { CoreErrorReason, ProblemParams } from '../screens/problem-rules.ts';
import { IPC_EVENT_NAMES, IPC_METHOD_NAMES, type IpcEventName, type IpcMethodName } from './names.ts';
import { FieldValuesSchema, GridQueryInput, LocalId, LocalIds, mergeDomains, ProblemSchema, RefusedItem, type ErrorDetailSchema, type IpcProblem } from './common.ts';
import { draftEvents, draftMethods } from './drafts.ts';
import { bulkActionMethods } from './bulk-actions.ts';
import { editorMethods } from './editor.ts';
import { ColumnMappingSchema, spreadsheetEvents, spreadsheetMethods } from './spreadsheet.ts';
import { imageEvents, imageMethods } from './images.ts';
import { accountEvents, accountMethods } from './accounts.ts';
import { sellerMethods } from './seller.ts';
import { syncEvents, syncMethods } from './sync.ts';
import { importMappingMethods } from './import-mappings.ts';
import { ruleEvents, rulesMethods } from './rules.ts';
import { templateMethods } from './templates.ts';
import { backupEvents, backupMethods } from './backup.ts';
import { importCancelMethods } from './import-cancel.ts';
import { writeCancelMethods } from './write-cancel.ts';
import { researchEvents, researchMethods } from './research.ts';

export { IPC_EVENT_NAMES, IPC_METHOD_NAMES, isIpcEventName, isIpcMethodName, type IpcEventName, type IpcMethodName } from './names.ts';
// Each domain's schemas live in its own file (shared/ipc/<domain>.ts; the pieces several use in
// shared/ipc/common.ts); every name is exported from here too, so importers need not know where.
export {
  SyncStateSchema, ProblemSchema, type IpcProblem, ErrorDetailSchema, FieldValuesSchema, GridSortSchema,
  BulkActionSchema, type BulkAction, ImageSourceSchema, type ImageSource, type GridQueryInput,
} from './common.ts';
export { DraftRowSchema, type DraftRow, UndoSkipSchema, type UndoSkip, BulkRulesSchema, type BulkRulesInput } from './drafts.ts';
export { ActionRefusalSchema, type ActionRefusal, type BulkActionInput } from './bulk-actions.ts';
export { ImageEditsSchema, type ImageEdits } from './images.ts';
export type { Preferences } from './accounts.ts';
export {
  type ItemFacts, QuestionRowSchema, type QuestionRow, OfferRowSchema, type OfferRow, CannedListSchema, type CannedList,
  SalesFilterSchema, type SalesFilter, SalesRowSchema, type SalesRow, DashboardSchema, type Dashboard,
  SaleKindSchema, type SaleKind, SoldRowSchema, type SoldRow,
} from './seller.ts';
export { SyncStatusSchema, type SyncStatus, SyncProblemsSchema, type SyncProblems, SyncNewsSchema, type SyncNews, type PhotoRun, ShopReadingSchema, type ShopReading } from './sync.ts';
export { ColumnMappingSchema, type SpreadsheetFacts, ImportProblemSchema } from './spreadsheet.ts';
export { ResearchResultSchema, type ResearchResult, type BulkResearchProgress, type CategorySuggestion } from './research.ts';

// ---- Methods ------------------------------------------------------------------------------

/** Every domain's methods, merged: a name defined twice throws (mergeDomains). */
export const IPC_METHODS = mergeDomains(
  draftMethods,
  writeCancelMethods,
  bulkActionMethods,
  editorMethods,
  spreadsheetMethods,
  importCancelMethods,
  imageMethods,
  accountMethods,
  sellerMethods,
  importMappingMethods({ columnMapping: ColumnMappingSchema }),
  templateMethods({
    localId: LocalId, localIds: LocalIds, gridFilter: GridQueryInput.omit({ offset: true, limit: true }), fieldValues: FieldValuesSchema, problem: ProblemSchema, refusedItem: RefusedItem,
  }),
  rulesMethods({ localIds: LocalIds, gridFilter: GridQueryInput.omit({ offset: true, limit: true }) }),
  syncMethods,
  backupMethods,
  researchMethods,
) satisfies Record<IpcMethodName, { input: z.ZodType; output: z.ZodType }>;

// ---- Push events --------------------------------------------------------------------------

export const IPC_EVENTS = mergeDomains(
  draftEvents,
  imageEvents,
  syncEvents,
  spreadsheetEvents,
  accountEvents,
  backupEvents,
  ruleEvents,
  researchEvents,
) satisfies Record<IpcEventName, z.ZodType>;

// ---- Derived types --------------------------------------------------------------------------

export type IpcInput<K extends IpcMethodName> = z.input<(typeof IPC_METHODS)[K]['input']>;
export type IpcParsedInput<K extends IpcMethodName> = z.output<(typeof IPC_METHODS)[K]['input']>;
export type IpcOutput<K extends IpcMethodName> = z.output<(typeof IPC_METHODS)[K]['output']>;
export type IpcEventPayload<E extends IpcEventName> = z.output<(typeof IPC_EVENTS)[E]>;

export interface IpcError {
  /** A CORE_ERROR_CODES code (shared/screens/problem-rules.ts). */
  code: string;
  /** English, for logs: the renderer words the error from its code, reason, params and field. */
  message: string;
  field?: string;
  reason?: CoreErrorReason;
  params?: ProblemParams;
  /** Per item problems of a refused draft, bulk or import change. */
  items?: Array<{ localId: number; reason?: string; detail?: z.infer<typeof ErrorDetailSchema>; problems: IpcProblem[] }>;
}
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

// The name lists of ipc-names.ts and the schema tables above must hold the same names.
for (const name of IPC_METHOD_NAMES) if (!(name in IPC_METHODS)) throw new Error(`IPC method ${name} has no schema`);
for (const name of IPC_EVENT_NAMES) if (!(name in IPC_EVENTS)) throw new Error(`IPC event ${name} has no schema`);
if (Object.keys(IPC_METHODS).length !== IPC_METHOD_NAMES.length || Object.keys(IPC_EVENTS).length !== IPC_EVENT_NAMES.length) {
  throw new Error('shared/ipc/contract.ts and shared/ipc/names.ts list different names');
}
