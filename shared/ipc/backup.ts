// The IPC contract's backup methods and events (shared/ipc/contract.ts spreads them into IPC_METHODS and
// IPC_EVENTS): backups of the active account, restore, the seller's backup folder, moving
// accounts to another computer, and the damaged caches set aside at start.
import { z } from 'zod';
import { ImageSourceSchema, ProblemParamsSchema } from './common.ts';

const Empty = z.object({}).strict();
const Place = z.enum(['data', 'folder']);
const Reason = z.enum(['daily', 'manual', 'before-migration', 'before-bulk-delete', 'before-undo', 'before-restore', 'before-import']);
/** An absolute path on this computer, typed by the seller in web mode (taken only there: Electron's core refuses it). */
const AbsolutePath = z.string().min(1).max(4096).refine((p) => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith('\\\\'), 'an absolute path');

export const BackupStatusSchema = z.object({
  /** The seller's own backup folder (a USB stick, a synced folder), or null. */
  folder: z.string().nullable(),
  running: z.boolean(),
  lastGood: z.object({ id: z.string(), created: z.number(), places: z.array(Place) }).nullable(),
  /** The last backup that failed, while no later one succeeded; reason: what the describer words ('disk-full'). */
  lastFailure: z.object({ at: z.number(), reason: z.string().optional(), params: ProblemParamsSchema.optional(), message: z.string(), location: z.string() }).nullable(),
  /** Damaged caches set aside at start (kept under keptAs in the account folder). */
  damage: z.array(z.object({ at: z.number(), keptAs: z.string(), problem: z.string() })),
});
export type BackupStatusView = z.infer<typeof BackupStatusSchema>;

export const BackupEntrySchema = z.object({
  id: z.string(),
  created: z.number(),
  reason: Reason,
  drafts: z.number().int(),
  items: z.number().int(),
  templates: z.number().int(),
  photos: z.number().int(),
  bytes: z.number().int(),
  places: z.array(Place),
});
export type BackupEntry = z.infer<typeof BackupEntrySchema>;

const Passphrase = z.string().min(8).max(1024).nullable();
const Handle = z.string().regex(/^[a-f0-9]{32}$/);

/**
 * Where an export goes, never a path the window writes: in Electron the file the seller named in
 * main's save dialog (the page holds only its handle); in web mode a download the page takes
 * (GET /download/<id>, once).
 */
export const ExportTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('handle'), id: Handle }),
  z.object({ kind: z.literal('download') }),
]);
export type ExportTarget = z.infer<typeof ExportTargetSchema>;

/**
 * The seller's backup folder: in Electron the folder chosen in main's folder dialog (the page holds
 * only its handle); in web mode (the browser cannot pick a folder) a typed path. Either is checked
 * by the core alike (a real, writable folder; never the app's data or a system place).
 */
export const FolderChoiceSchema = z.union([AbsolutePath, z.object({ kind: z.literal('handle'), id: Handle }).strict()]);
export type FolderChoice = z.infer<typeof FolderChoiceSchema>;

export const backupMethods = {
  'backups.status': { input: Empty, output: BackupStatusSchema },
  /** The active account's backups, newest first, with their counts and where copies are. */
  'backups.list': { input: Empty, output: z.array(BackupEntrySchema) },
  /** A backup now (to the data folder and the seller's folder); a failure is an error and stays in the status. */
  'backups.create': { input: Empty, output: BackupStatusSchema },
  /**
   * Restores a backup of the active account. The cache it replaces is kept beside it; queued
   * changes the replaced cache had sent since are not sent again (alreadySent), those of unknown
   * outcome are reconciled with the marketplace first (toReconcile).
   */
  'backups.restore': {
    input: z.object({ id: z.string().min(1).max(200) }).strict(),
    output: z.object({ alreadySent: z.number().int(), toReconcile: z.number().int(), adopted: z.number().int() }),
  },
  /** The folder backups are also copied to (null: the data folder only); a refused one is a 'folder-refused' error on the field folder. */
  'backups.setFolder': { input: z.object({ folder: FolderChoiceSchema.nullable() }).strict(), output: BackupStatusSchema },
  /** The notice of a damaged cache is put away (the file stays). */
  'backups.dismissDamage': { input: z.object({ keptAs: z.string().min(1).max(300) }).strict(), output: BackupStatusSchema },
  /** The active account (or every account) to one file; with a passphrase its password travels too, sealed. */
  'backups.export': {
    input: z.object({ target: ExportTargetSchema, all: z.boolean().default(false), passphrase: Passphrase.default(null) }).strict(),
    /** file: the written file's name (no folder); download: web mode's id to fetch it by (null in Electron). */
    output: z.object({ file: z.string(), download: Handle.nullable(), accounts: z.number().int(), drafts: z.number().int(), photos: z.number().int(), bytes: z.number().int() }),
  },
  /** Adds the accounts of an export file the seller picked (a handle) or uploaded (new ids when taken); a file from a newer app is refused. */
  'backups.import': {
    input: z.object({ source: ImageSourceSchema, name: z.string().max(300).default('the export file'), passphrase: z.string().max(1024).nullable().default(null) }).strict(),
    output: z.array(z.object({ id: z.string(), name: z.string(), drafts: z.number().int(), photos: z.number().int(), credentials: z.boolean() })),
  },
} as const;

export const backupEvents = {
  /** A backup or restore of this account started or ended: the screen reads the status again. */
  'backups.changed': z.object({ accountId: z.string() }),
} as const;
