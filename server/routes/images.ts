// 4.5 Images of an item: list, read one, upload (multipart field `image`), delete, and reorder
// (an extension for the desktop sync). Rules: part 3 rule 3 (draft or preview only), part 8
// (8 MB; per-user image max of the settings resource).
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ErrorBody,
  formArray,
  FormInt,
  ImageIdParams,
  ImageList,
  ImageRecord,
  ImageUploadResult,
  ItemIdParams,
  LIMITS,
} from '../../shared/api/index.ts';
import type { ImageRow } from '../domain/images/image-row.ts';
import { MAX_IMAGE_PIXELS } from '../domain/images/image-limits.ts';
import {
  addImage,
  assertMayAddImage,
  deleteImage,
  findImage,
  imagesOfItem,
  itemForImageRead,
  removeStaleUploads,
  reorderImages,
} from '../domain/images/image-store.ts';
import { processImage } from '../domain/images/process-image.ts';
import type { ItemWithSeller } from '../domain/items/item-row.ts';
import { TOKEN_SECURITY, type App } from '../http/app-types.ts';
import { optionalUser, requireUser } from '../http/auth.ts';
import { ApiError, invalid, notFound } from '../http/errors.ts';
import { linksFor } from '../http/links.ts';
import { MULTIPART_IMAGE_LIMITS } from '../http/multipart.ts';
import { imageRecord } from '../views/item-views.ts';
import type { Service } from '../service.ts';

const TAGS = ['images'];

const READ_RULES =
  'Decision: images of `published` and `closed` items are public; those of `draft`, `preview`, `waiting` and `disabled` items only to the seller (others get 404, so a draft\'s existence is not revealed). ' +
  'An invalid token is a 403 even here.';

const CHANGE_RULES =
  "Only the item's seller (403 otherwise, also for a missing or invalid token). " +
  'Decision: like adding, deleting and reordering are allowed only while the item is `draft` or `preview` (part 3 rule 3 extended): 409 `item_state` otherwise, since a buyer may already have seen the images. ' +
  "Every change sets the item's `updated`.";

const UPLOAD_DESCRIPTION =
  'Multipart form (`multipart/form-data`) with one file field `image`. ' +
  "Checks, in order: token (403), item exists (404), caller is the item's seller (403), item is `draft` or `preview` (409 `item_state`), " +
  `the item has fewer images than the seller's \`image.max\` of the settings resource (409 \`image_limit\`), ` +
  `the file is at most ${LIMITS.imageBytes} bytes (8 MB; 413 \`too_large\`; exactly 8 MB is accepted). ` +
  'These checks run before the body is read where possible, so a refused upload costs little. ' +
  'Decisions: the image is checked by decoding it (metadata and every pixel), never by file name or Content-Type: a non-image or a truncated file is 400 `invalid_image`. ' +
  'Accepted formats: JPEG, PNG, WebP, GIF (first frame for renditions) and AVIF; others (SVG, TIFF, HEIC, ...) are 400 `unsupported_image_format`. ' +
  `At most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels (400 \`too_many_pixels\`), against decompression bombs. ` +
  'A body that is not multipart is 415 `unsupported_media_type`; a multipart body or empty request without the file field is 400 naming `image`; a malformed multipart body is 400 `invalid_multipart`; a second file part is 413 (the multipart files limit is 1). ' +
  'Stored renditions: `original` (full size, the uploaded format re-encoded; an animated GIF or WebP keeps its frames), `medium` (JPEG inside 800x800) and `thumbnail` (JPEG inside 200x200), all three with the EXIF orientation applied and all metadata (EXIF, GPS, XMP, IPTC, comments) stripped; medium and thumbnail never enlarged, transparency on white. ' +
  'The files of a draft, preview, waiting or disabled item are served only to the seller (see GET /media/images/{imageid}/{rendition}). ' +
  'The new image goes last. 201 with `links.image` (also in `Location`). A refused or failed upload leaves no row and no file.';

export function registerImagesRoutes(app: App, service: Service): void {
  // Start-up, before any upload can be under way: folders of uploads cut short by a crash.
  removeStaleUploads(service.imagesDir);

  app.get('/1.1/items/:itemid/images', {
    schema: {
      summary: "List an item's images",
      description: `The image list of 2.5, in display order. \`updated\` is the item's \`updated\`. ${READ_RULES}`,
      tags: TAGS,
      params: ItemIdParams,
      response: { 200: ImageList, 403: ErrorBody, 404: ErrorBody },
    },
    handler: (request) => {
      const viewer = optionalUser(request, service);
      const item = itemForImageRead(service.db, viewer?.id ?? null, request.params.itemid);
      return imageListView(service, request, item, imagesOfItem(service.db, item.id));
    },
  });

  app.get('/1.1/items/:itemid/images/:imageid', {
    schema: {
      summary: 'Read one image record',
      description: `Extension: the resource \`links.self\` of an image record (2.5) points at. 404 when the image is not this item's. ${READ_RULES}`,
      tags: TAGS,
      params: ImageIdParams,
      response: { 200: ImageRecord, 403: ErrorBody, 404: ErrorBody },
    },
    handler: (request) => {
      const viewer = optionalUser(request, service);
      const item = itemForImageRead(service.db, viewer?.id ?? null, request.params.itemid);
      const image = findImage(service.db, request.params.imageid);
      if (!image || image.item_id !== item.id) throw notFound('image');
      return imageRecord(linksFor(request, service), image);
    },
  });

  app.post('/1.1/items/:itemid/images', {
    schema: {
      summary: 'Add an image to an item',
      description: UPLOAD_DESCRIPTION,
      tags: TAGS,
      security: TOKEN_SECURITY,
      consumes: ['multipart/form-data'],
      params: ItemIdParams,
      // Validated by hand below (a file, not JSON); the meta documents the form for OpenAPI.
      body: z
        .unknown()
        .meta({ type: 'object', required: ['image'], properties: { image: { type: 'string', format: 'binary' } } }),
      response: {
        201: ImageUploadResult,
        400: ErrorBody,
        403: ErrorBody,
        404: ErrorBody,
        409: ErrorBody,
        413: ErrorBody,
        415: ErrorBody,
      },
    },
    // The only route that takes a file: one, of at most 8 MB (the others take fields only).
    config: { multipartOptions: { limits: MULTIPART_IMAGE_LIMITS } },
    // Refuse before the multipart body is buffered: token, owner, state and count need no bytes.
    onRequest: async (request) => {
      const user = requireUser(request, service);
      const params = ItemIdParams.safeParse(request.params);
      if (!params.success) throw notFound('item');
      assertMayAddImage(service.db, user, params.data.itemid);
    },
    handler: async (request, reply) => {
      const user = requireUser(request, service);
      const { itemid } = request.params;
      assertMayAddImage(service.db, user, itemid);
      const processed = await processImage(uploadedFile(request));
      const row = await addImage(service, user, itemid, processed, service.clock.now());
      const url = linksFor(request, service).api(`/items/${itemid}/images/${row.id}`);
      reply.code(201).header('location', url);
      return { links: { image: url } };
    },
  });

  app.delete('/1.1/items/:itemid/images/:imageid', {
    schema: {
      summary: 'Delete an image',
      description: `204 on success; later images move up one position and the files are removed after the row. 404 for an unknown item or an image not of this item. ${CHANGE_RULES}`,
      tags: TAGS,
      security: TOKEN_SECURITY,
      params: ImageIdParams,
      response: { 204: z.null().meta({ description: 'image deleted' }), 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    handler: (request, reply) => {
      const user = requireUser(request, service);
      const { itemid, imageid } = request.params;
      const filesRemoved = deleteImage(service, user, itemid, imageid, service.clock.now());
      if (!filesRemoved) request.log.warn({ imageid }, 'image row deleted but its files could not be removed');
      reply.code(204);
      return null;
    },
  });

  app.put('/1.1/items/:itemid/images', {
    schema: {
      summary: "Reorder an item's images (extension)",
      description:
        'Extension for the desktop sync: JSON or form body `{"order": [imageId, ...]}` listing each of the item\'s image ids exactly once, first shown first; 400 `invalid_order` otherwise. ' +
        `Answers 200 with the image list in the new order. ${CHANGE_RULES}`,
      tags: TAGS,
      security: TOKEN_SECURITY,
      params: ItemIdParams,
      body: z.object({ order: formArray(FormInt.pipe(z.number().int().positive().max(2 ** 53 - 1))) }),
      response: { 200: ImageList, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    handler: (request) => {
      const user = requireUser(request, service);
      const { itemid } = request.params;
      const rows = reorderImages(service, user, itemid, request.body.order, service.clock.now());
      // Read after the commit: the list's `updated` is the item's new one.
      const item = itemForImageRead(service.db, user.id, itemid);
      return imageListView(service, request, item, rows);
    },
  });
}

function imageListView(service: Service, request: FastifyRequest, item: ItemWithSeller, rows: ImageRow[]): ImageList {
  const links = linksFor(request, service);
  return {
    images: rows.map((row) => imageRecord(links, row)),
    links: { self: links.api(`/items/${item.id}/images`) },
    updated: service.tz.format(item.updated),
  };
}

/** The bytes of the multipart file field `image` (attached to the body as a Buffer by app.ts). */
function uploadedFile(request: FastifyRequest): Buffer {
  const missing = () => invalid('image', 'required', 'image: a file in the multipart form field `image` is required');
  if (!request.isMultipart()) {
    if (request.body === undefined || request.body === null) throw missing();
    throw new ApiError(415, [
      {
        field: 'image',
        code: 'unsupported_media_type',
        messages: ['image: send the image as a multipart/form-data file field named `image`'],
      },
    ]);
  }
  const body = request.body;
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>).image : undefined;
  if (Buffer.isBuffer(value)) return value;
  if (Array.isArray(value)) throw invalid('image', 'invalid_image', 'image: send exactly one `image` field');
  // Absent, or sent as a text field rather than a file.
  throw missing();
}
