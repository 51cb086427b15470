// GET /media/images/{imageid}/{rendition}: the files every image record links to. Outside /1.1
// because it serves bytes, not JSON, and browsers load it in <img> without a token.
import { createReadStream, statSync } from 'node:fs';
import { z } from 'zod';
import { ErrorBody, ImageRendition, PathId, type ItemStatus } from '../../shared/api/index.ts';
import { CONTENT_TYPES, IMAGE_FORMATS, type ImageFormat } from '../domain/images/image-limits.ts';
import { renditionPath } from '../domain/images/image-row.ts';
import { findImage, IMAGE_PUBLIC_STATUSES } from '../domain/images/image-store.ts';
import { optionalUser } from '../http/auth.ts';
import type { App } from '../http/app-types.ts';
import { notFound } from '../http/errors.ts';
import type { Service } from '../service.ts';

// Safe because image ids are never reused (migration 3) and a stored file never changes.
const CACHE_CONTROL = 'public, max-age=31536000, immutable';
// A draft's files are the seller's alone: no shared cache may keep them (issue 9, finding 5).
const PRIVATE_CACHE_CONTROL = 'private, no-store';

const isImageFormat = (format: string): format is ImageFormat => (IMAGE_FORMATS as readonly string[]).includes(format);

export function registerMediaRoutes(app: App, service: Service): void {
  app.get('/media/images/:imageid/:rendition', {
    schema: {
      summary: 'Image file of one rendition',
      description:
        'Extension: the file behind `links.thumbnail`, `links.medium` and `links.original` of an image record. ' +
        'thumbnail and medium are JPEG; original is full size in the uploaded format, with its own Content-Type (image/jpeg, image/png, image/webp, image/gif or image/avif). ' +
        'Decisions: no token needed (browsers load these in <img>); files of draft items are reachable by anyone who has the URL. ' +
        '`Cache-Control: public, max-age=31536000, immutable` with a strong ETag (If-None-Match answers 304): image ids are never reused and files never change. ' +
        '404 with the error body for an unknown image or rendition.',
      tags: ['images'],
      produces: Object.values(CONTENT_TYPES),
      params: z.object({ imageid: PathId, rendition: ImageRendition }),
      response: {
        200: z.unknown().meta({ description: 'the image file', type: 'string', format: 'binary' }),
        304: z.null().meta({ description: 'not modified' }),
        403: ErrorBody,
        404: ErrorBody,
      },
    },
    // (A close that waited 72 s after this route was a response still streaming when the close
    // began, not this handler: see server/http/graceful-close.ts.)
    handler: async (request, reply) => {
      const { imageid, rendition } = request.params;
      const image = findImage(service.db, imageid);
      if (!image || !isImageFormat(image.format)) throw notFound('image');
      const item = service.db.prepare('SELECT seller_id, status FROM items WHERE id = ?').get(image.item_id) as
        | { seller_id: number; status: ItemStatus }
        | undefined;
      const isPublic = item !== undefined && IMAGE_PUBLIC_STATUSES.includes(item.status);
      if (!isPublic && (item === undefined || optionalUser(request, service)?.id !== item.seller_id)) throw notFound('image');
      const path = renditionPath(service.imagesDir, image, rendition);
      let size: number;
      try {
        size = statSync(path).size;
      } catch {
        // The row exists but its files are gone: a broken store, still not the client's fault.
        request.log.error({ imageid, rendition }, 'image file missing');
        throw notFound('image file');
      }
      const etag = `"${image.sha256.slice(0, 32)}-${rendition}"`;
      reply.header('cache-control', isPublic ? CACHE_CONTROL : PRIVATE_CACHE_CONTROL).header('etag', etag);
      if (!isPublic) reply.header('vary', 'X-MarketApiToken');
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        return reply.code(304).send(null);
      }
      const type = rendition === 'original' ? CONTENT_TYPES[image.format] : 'image/jpeg';
      return reply
        .header('content-type', type)
        .header('content-length', size)
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(path));
    },
  });
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
