// Multipart bodies are read by @fastify/multipart before validation. Two rules keep an anonymous
// client from making the service buffer them (issue 9, finding 7): a multipart body is read only
// once the request's token is known to be valid (login, which has no token yet, reads fields
// only and small ones), and only the image route takes a file.
import { LIMITS } from '../../shared/api/index.ts';
import type { Service } from '../service.ts';
import type { App } from './app-types.ts';
import { requireUser } from './auth.ts';
import { API_PREFIX } from './links.ts';

/** Routes that read a multipart body without a token. */
const WITHOUT_TOKEN = new Set([`${API_PREFIX}/authentication`]);

/** Form fields only: no file part (a file is a 400 `file_not_accepted`). */
export const MULTIPART_FIELD_LIMITS = {
  files: 0,
  fileSize: 0,
  fields: 50,
  fieldSize: 64 * 1024,
  fieldNameSize: 100,
  parts: 50,
  headerPairs: 100,
} as const;

/** The image route: one file of at most 8 MB and a few small fields. */
export const MULTIPART_IMAGE_LIMITS = {
  ...MULTIPART_FIELD_LIMITS,
  files: 1,
  fileSize: LIMITS.imageBytes,
  fields: 5,
  fieldSize: 1024,
  parts: 6,
} as const;

/** A multipart request to a route that needs a token is refused (403) before its body is read. */
export function installMultipartTokenCheck(app: App, service: Service): void {
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    // By the header: isMultipart() is known only once the body parser has run, after this hook.
    const multipart = /^multipart\//i.test(request.headers['content-type'] ?? '');
    if (route === undefined || WITHOUT_TOKEN.has(route) || !multipart) return;
    requireUser(request, service);
  });
}
