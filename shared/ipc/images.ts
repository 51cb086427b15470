// The IPC contract's photo methods and events (shared/ipc/contract.ts merges them into IPC_METHODS and
// IPC_EVENTS): a draft's photos, added by reference, edited, ordered, removed.
import { z } from 'zod';
import { PROBLEM_RULES } from '../screens/problem-rules.ts';
import { ImageSourceSchema, LocalId, Ok, ProblemParamsSchema } from './common.ts';

/** Why a photo was refused or failed: a rule of PROBLEM_RULES with its params (the file's name, a limit). */
const PhotoIssueSchema = z.object({ rule: z.enum(PROBLEM_RULES), params: ProblemParamsSchema });

/** The seller's non-destructive edits of a photo: a clockwise turn, then a crop in fractions of the turned picture. */
const Fraction = z.number().min(0).max(1);
export const ImageEditsSchema = z.object({
  rotate: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]),
  crop: z.object({ x: Fraction, y: Fraction, width: z.number().gt(0).max(1), height: z.number().gt(0).max(1) })
    .refine((c) => c.x + c.width <= 1.000001 && c.y + c.height <= 1.000001, { message: 'the crop must lie inside the photo' })
    .nullable(),
});
export type ImageEdits = z.infer<typeof ImageEditsSchema>;

const ImageSchema = z.object({
  /** Local image id; negative for a photo only the marketplace holds (pulled items): -(its remote id). */
  id: z.number().int(),
  position: z.number().int(),
  state: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  /** A data: URL of the 256 px thumbnail (the renderer loads nothing from disk or network). */
  thumbnail: z.string().nullable(),
  error: z.string().nullable(),
  /** local: added here (editable); remote: a photo of a pulled item, shown from the service's thumbnail. */
  origin: z.enum(['local', 'remote']),
  edits: ImageEditsSchema,
});

export const imageMethods = {
  /**
   * Files by reference, never their bytes: a path (Electron) or a streamed upload (web mode). A
   * file that is no photo, or one over the draft's photo limit, comes back 'refused' with a
   * sentence for the seller and takes no slot. key: the caller's, echoed in results and events.
   */
  'images.add': {
    input: z.object({
      localId: LocalId,
      files: z.array(z.object({ name: z.string().min(1).max(255), key: z.string().max(64).optional(), source: ImageSourceSchema })).min(1).max(100),
    }),
    output: z.array(z.object({
      file: z.string(), key: z.string().optional(), outcome: z.enum(['added', 'duplicate', 'failed', 'refused']), imageId: z.number().int().nullable(), error: z.string().optional(), issue: PhotoIssueSchema.optional(),
    })),
  },
  /** Sets a photo's rotation and crop (non-destructive: the prepared photo is kept, the upload is made from it). */
  'images.edit': { input: z.object({ imageId: z.number().int().positive(), edits: ImageEditsSchema }), output: ImageSchema },
  /** The photo turned by the seller's rotation, not cropped (what the crop view draws on): a data: URL, at most 1024 px. */
  'images.original': { input: z.object({ imageId: z.number().int().positive() }), output: z.object({ dataUrl: z.string(), width: z.number().int(), height: z.number().int() }) },
  'images.list': { input: z.object({ localId: LocalId }), output: z.array(ImageSchema) },
  'images.reorder': { input: z.object({ localId: LocalId, imageIds: z.array(z.number().int().positive()).max(100) }), output: Ok },
  'images.remove': { input: z.object({ imageId: z.number().int().positive() }), output: Ok },
} as const;

export const imageEvents = {
  'images.progress': z.object({
    localId: z.number().int(),
    file: z.string(),
    key: z.string().optional(),
    phase: z.enum(['reading', 'preparing', 'added', 'duplicate', 'failed', 'refused']),
    done: z.number().int(),
    total: z.number().int(),
    /** English, for logs; the seller reads `issue` in words. */
    error: z.string().optional(),
    issue: PhotoIssueSchema.optional(),
  }),
} as const;
