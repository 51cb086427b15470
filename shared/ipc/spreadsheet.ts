// The IPC contract's spreadsheet methods and events (shared/ipc/contract.ts merges them into IPC_METHODS
// and IPC_EVENTS): CSV and Excel imports and exports.
import { z } from 'zod';
import { ITEM_FIELD_NAMES, type ItemFieldName } from '../items/item-fields.ts';
import { PROBLEM_RULES } from '../screens/problem-rules.ts';
import { ImageSourceSchema, LocalId, ProblemParamsSchema } from './common.ts';
import { ImportIdSchema } from './import-cancel.ts';

// ---- Spreadsheets -------------------------------------------------------------------------

/** A word or a short phrase of the renderer's catalog. */
const Words = z.string().max(200);
/** A file's bytes, base64 (about 50 MB of file at most); the app sends a reference (source) instead. */
const SpreadsheetBytes = z.string().max(70_000_000);
export const ColumnMappingSchema = z.record(z.string().max(500), z.enum(ITEM_FIELD_NAMES as [ItemFieldName, ...ItemFieldName[]]).nullable());
const SpreadsheetFactsSchema = z.object({
  format: z.enum(['csv', 'xlsx']),
  encoding: z.enum(['UTF-8', 'UTF-8 with BOM', 'Windows-1252']).nullable(),
  separator: z.enum(['comma', 'semicolon', 'tab']).nullable(),
  rows: z.number().int(),
  headings: z.array(z.string()),
});
export type SpreadsheetFacts = z.infer<typeof SpreadsheetFactsSchema>;
/** One refused or flagged row of an import: the file's column, its cell and the reason. */
export const ImportProblemSchema = z.object({
  row: z.number().int(),
  field: z.string().nullable(),
  /** English, as in the saved report; the screen words rule and params. */
  message: z.string(),
  rule: z.enum(PROBLEM_RULES),
  params: ProblemParamsSchema.optional(),
  column: z.string().optional(),
  value: z.string().optional(),
  /**
   * flagged: imported with this value left empty; adjusted: imported with a value the import
   * supplied (a merged range's, a postal code's lost zeros); refused (or absent): not imported.
   */
  severity: z.enum(['refused', 'flagged', 'adjusted']).optional(),
});

export const spreadsheetMethods = {
  /** What a spreadsheet file is (format, encoding, separator) and the headings that need a field. */
  'csv.inspect': {
    input: z.object({ base64: SpreadsheetBytes.optional(), source: ImageSourceSchema.optional(), fileName: z.string().max(500).optional() })
      .refine((v) => (v.base64 === undefined) !== (v.source === undefined), 'give the file by reference (source) or its bytes'),
    output: SpreadsheetFactsSchema.extend({
      /** Headings that are no field name, in file order. */
      unknown: z.array(z.string()),
      /** For each unknown heading: the remembered or suggested field, null = left out. */
      mapping: ColumnMappingSchema,
      /**
       * How each offered field was found: the seller's earlier choice, the field's own words
       * (a label or a heading sellers use for it, either language), or a guess from a near
       * spelling for the seller to check. A heading left out has none.
       */
      recognition: z.record(z.string().max(500), z.enum(['remembered', 'known', 'guess'])),
      /** True when this header set was mapped before (the mapping is the seller's). */
      remembered: z.boolean(),
    }),
  },
  /** Imports a CSV (text, or bytes in any supported encoding) or an .xlsx workbook as new drafts. */
  'csv.import': {
    input: z.object({
      text: z.string().max(50_000_000).optional(),
      base64: SpreadsheetBytes.optional(),
      /** The file by reference, as photos: a path (Electron) or web mode's streamed upload, removed once read. */
      source: ImageSourceSchema.optional(),
      fileName: z.string().max(500).optional(),
      mapping: ColumnMappingSchema.optional(),
      /** The window's name for this import, for csv.cancelImport (shared/ipc/import-cancel.ts). */
      importId: ImportIdSchema.optional(),
    }).refine((v) => [v.text, v.base64, v.source].filter((x) => x !== undefined).length === 1, 'give the file by reference (source), its bytes or its text'),
    output: z.object({
      imported: z.number().int(),
      stepId: z.number().int().nullable(),
      errors: z.array(ImportProblemSchema),
      /** What was found in the file; null for text handed over as text. */
      file: SpreadsheetFactsSchema.nullable(),
      /** Cancelled by csv.cancelImport before its last step: nothing was imported. */
      cancelled: z.literal(true).optional(),
    }),
  },
  /**
   * An import's report as a CSV file for the seller to save: UTF-8 with a BOM, `;` in Finnish.
   * The words are the renderer's, from its catalog: the headings, the fields' labels, the
   * outcomes, and each problem's reason as the report's table says it.
   */
  'csv.importReport': {
    input: z.object({
      problems: z.array(ImportProblemSchema).max(200_000),
      locale: z.enum(['fi', 'en']),
      words: z.object({
        headings: z.object({ row: Words, column: Words, field: Words, value: Words, outcome: Words, reason: Words }),
        outcomes: z.object({ refused: Words, flagged: Words, adjusted: Words }),
        fields: z.record(z.string().max(100), Words),
        reasons: z.array(z.string().max(2000)).max(200_000),
      }),
    }).refine((v) => v.words.reasons.length === v.problems.length, 'one reason per problem'),
    output: z.object({ fileName: z.string(), text: z.string() }),
  },
  'csv.export': {
    /** `locale`: the seller's language, the file's separator and decimal mark (`;` and `12,5` in Finnish). */
    input: z.object({ localIds: z.array(LocalId).max(100_000).optional(), locale: z.enum(['fi', 'en']).optional() }),
    output: z.object({ fileName: z.string(), text: z.string(), rows: z.number().int() }),
  },
  /** The drafts (or the given items) as an Excel workbook, base64. */
  'xlsx.export': {
    input: z.object({ localIds: z.array(LocalId).max(100_000).optional() }),
    output: z.object({ fileName: z.string(), base64: z.string(), rows: z.number().int() }),
  },
} as const;

export const spreadsheetEvents = {
  /** How far a spreadsheet import got: read, its rows checked (done of total), written. */
  'csv.progress': z.object({ phase: z.enum(['reading', 'checking', 'writing']), done: z.number().int().min(0), total: z.number().int().min(0) }),
} as const;
