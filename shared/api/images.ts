import { z } from 'zod';
import { PathId, Timestamp, Url } from './common.ts';

/** 2.5: an image of an item, in three renditions. */
export const ImageRecord = z
  .object({
    id: z.number().int(),
    links: z.object({ thumbnail: Url, medium: Url, original: Url, self: Url }),
  })
  .meta({ id: 'ImageRecord' });
export type ImageRecord = z.infer<typeof ImageRecord>;

export const ImageList = z.object({
  images: z.array(ImageRecord),
  links: z.object({ self: Url }),
  updated: Timestamp,
});
export type ImageList = z.infer<typeof ImageList>;

export const ImageUploadResult = z.object({ links: z.object({ image: Url }) });
export type ImageUploadResult = z.infer<typeof ImageUploadResult>;

export const ImageIdParams = z.object({
  itemid: PathId,
  imageid: PathId,
});

/** Renditions the service stores for every image. */
export const ImageRendition = z.enum(['thumbnail', 'medium', 'original']);
export type ImageRendition = z.infer<typeof ImageRendition>;
