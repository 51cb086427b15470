// Typed errors inside the service, turned into the one error body at the HTTP boundary:
// {"errors":[{"field": <name or null>, "code": <machine code>, "messages": [<text>]}]}
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorEntry } from '../../shared/api/index.ts';
import { echoed } from '../../shared/http/echoed.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly entries: ErrorEntry[],
    readonly headers: Record<string, string> = {},
  ) {
    super(entries.map((e) => e.messages.join(' ')).join('; '));
  }
  get body(): ErrorBody {
    return { errors: this.entries };
  }
}

const entry = (code: string, message: string, field: string | null = null): ErrorEntry => ({
  field,
  code,
  messages: [message],
});

/** 400: one or more fields are invalid. */
export const validationError = (entries: ErrorEntry[]) => new ApiError(400, entries);
export const invalid = (field: string | null, code: string, message: string) =>
  new ApiError(400, [entry(code, message, field)]);
export const forbidden = (code: string, message: string) => new ApiError(403, [entry(code, message)]);
export const notFound = (what: string, field: string | null = null) =>
  new ApiError(404, [entry('not_found', `${what} not found`, field)]);
export const conflict = (code: string, message: string, field: string | null = null) =>
  new ApiError(409, [entry(code, message, field)]);
export const tooLarge = (field: string | null, message: string) =>
  new ApiError(413, [entry('too_large', message, field)]);

interface ZodLikeIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; code?: string; message?: string }; params?: { code?: unknown } };
}

/** Fastify's zod validation errors, one entry per bad top-level field. */
function entriesFromValidation(err: FastifyError, part: string | undefined): ErrorEntry[] {
  const byField = new Map<string, ErrorEntry>();
  for (const raw of (err.validation ?? []) as ZodLikeIssue[]) {
    const path = raw.params?.issue?.path ?? raw.instancePath?.split('/').filter(Boolean) ?? [];
    const field = path.length > 0 ? String(path[0]) : null;
    const key = field ?? '';
    const message = raw.params?.issue?.message ?? raw.message ?? 'invalid value';
    // A refinement may name its own code (unsafe characters: `invalid_characters`).
    const own = raw.params?.params?.code;
    const code = field === null && part === 'body' ? 'invalid_body' : typeof own === 'string' ? own : codeFor(raw.params?.issue?.code);
    const text = field ? `${field}: ${message}` : message;
    const existing = byField.get(key);
    if (existing) existing.messages.push(text);
    else byField.set(key, { field, code, messages: [text] });
  }
  if (byField.size === 0) return [entry('invalid_request', err.message)];
  return [...byField.values()];
}

function codeFor(zodCode: string | undefined): string {
  switch (zodCode) {
    case 'invalid_type':
      return 'invalid_type';
    case 'too_big':
      return 'too_long_or_large';
    case 'too_small':
      return 'too_short_or_small';
    case 'invalid_value':
    case 'invalid_union':
      return 'invalid_value';
    case 'invalid_format':
      return 'invalid_format';
    default:
      return 'invalid';
  }
}

/**
 * busboy throws plain Errors (no status, no code) for a body that is not valid multipart: a
 * missing boundary, a body cut short. They are the client's mistake, not a 500.
 */
function isMultipartParseError(err: FastifyError, request: FastifyRequest): boolean {
  return err.statusCode === undefined && err.code === undefined && request.isMultipart() && /[\\/]busboy[\\/]/.test(err.stack ?? '');
}

/**
 * Fastify's `frameworkErrors`: a URL that cannot be decoded (`/1.1/items/%E0%A4%A`) is refused
 * before routing, with the documented error body rather than Fastify's own.
 */
export function frameworkError(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = err.statusCode ?? 400;
  const code = err.code === 'FST_ERR_BAD_URL' ? 'invalid_url' : 'invalid_request';
  const message = err.code === 'FST_ERR_BAD_URL' ? 'the URL is not validly percent-encoded' : err.message;
  void reply.code(status).send({ errors: [entry(code, message)] });
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request (a body shorter than its
 * Content-Length, a malformed header, headers too large, a timeout). No route runs, so the error
 * body is written on the socket here, in the documented shape, and the connection closed.
 */
export function clientError(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, entry('timeout', 'the request did not arrive in time')]
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, entry('headers_too_large', 'the request headers are too large')]
        : [400, entry('malformed_request', 'malformed HTTP request: a bad header, or a body shorter than its Content-Length')];
  const text = JSON.stringify({ errors: [body] });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy();
}

/** Installs the error and not-found handlers: a client's mistake never answers 500. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof ApiError) {
      return reply.code(err.status).headers(err.headers).send(err.body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const part = (err as { validationContext?: string }).validationContext;
      // A bad path id is an unknown resource, not a validation failure.
      if (part === 'params') return reply.code(404).send({ errors: [entry('not_found', 'no such resource')] });
      return reply.code(400).send({ errors: entriesFromValidation(err, part) });
    }
    if (isMultipartParseError(err, request)) {
      return reply.code(400).send({ errors: [entry('invalid_multipart', `malformed multipart body: ${err.message}`)] });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ errors: [entry('rate_limited', err.message || 'too many requests')] });
    }
    // Only a route with a files limit of its own takes a file (the image upload; http/multipart.ts).
    const takesFile = (request.routeOptions.config.multipartOptions?.limits?.files ?? 0) > 0;
    if (err.code === 'FST_FILES_LIMIT' && !takesFile) {
      return reply.code(400).send({ errors: [entry('file_not_accepted', 'only the image upload takes a file; send form fields only')] });
    }
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_FILES_LIMIT') {
      return reply.code(413).send({ errors: [entry('too_large', err.message)] });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      // secure-json-parse refuses `__proto__` and `constructor.prototype` keys (prototype
      // pollution) with the same error as broken JSON: say both.
      const message = 'the body is not valid JSON, or it has a `__proto__` or `constructor.prototype` key (refused)';
      return reply.code(400).send({ errors: [entry('invalid_json', message)] });
    }
    if (status >= 400 && status < 500) {
      const code = err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'unsupported_media_type' : 'invalid_request';
      return reply.code(status).send({ errors: [entry(code, err.message)] });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ errors: [entry('internal', 'internal error')] });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ errors: [entry('not_found', `no route ${request.method} ${echoed(request.url.split('?')[0] ?? '')}`)] });
  });
}
