// Builds the marketplace service as a Fastify app, with no listen: main.ts owns the process and
// tests build their own. Routes are one file per resource; this file is the table of contents.
import { join } from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { hostOf } from '../shared/http/host-check.ts';
import { ensurePrivateDir } from '../shared/sqlite/private-files.ts';
import { DATABASE_FILE, openDatabase, type Db } from './db/open.ts';
import { systemClock, timeZone, type Clock } from './domain/time.ts';
import type { App } from './http/app-types.ts';
import { optionalSession } from './http/auth.ts';
import { clientError, frameworkError, installErrorHandling } from './http/errors.ts';
import { installMultipartTokenCheck, MULTIPART_FIELD_LIMITS } from './http/multipart.ts';
import { installHostCheck } from './http/host-check.ts';
import { installIdempotency } from './http/idempotency.ts';
import { closeConnectionsAfterLastResponse } from './http/graceful-close.ts';
import { documentComponents } from './http/openapi-components.ts';
import { OPENAPI_INFO } from './http/openapi-info.ts';
import { registerRoutes } from './routes/index.ts';
import { startScheduler } from './scheduler.ts';
import { DEFAULT_CONFIG, type Service, type ServiceConfig } from './service.ts';

export interface BuildOptions extends Partial<ServiceConfig> {
  dataDir: string;
  clock?: Clock;
  /** An already open database (tests); otherwise <dataDir>/market.sqlite is opened. */
  db?: Db;
  logger?: FastifyServerOptions['logger'];
  /**
   * The only Host (`host:port`) answered, asked per request; null answers any. Default: the host
   * of `publicUrl` when set. Embedders that learn their port at listen (the sandbox) pass their own.
   */
  expectedHost?: () => string | null;
}

export { DATABASE_FILE };

export async function buildApp(options: BuildOptions): Promise<{ app: App; service: Service }> {
  const config: ServiceConfig = { ...DEFAULT_CONFIG, ...stripUndefined(options), dataDir: options.dataDir };
  ensurePrivateDir(config.dataDir);
  const imagesDir = join(config.dataDir, 'images');
  ensurePrivateDir(imagesDir);
  const db = options.db ?? openDatabase(join(config.dataDir, DATABASE_FILE));
  const service: Service = { db, clock: options.clock ?? systemClock, tz: timeZone(config.timeZone), config, imagesDir };

  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // JSON bodies; multipart has its own limits below (it is outside bodyLimit).
    bodyLimit: 2 * 1024 * 1024,
    // Behind a reverse proxy (--trust-proxy) the client's address comes from X-Forwarded-For, so
    // the rate and login limits count clients, not the proxy.
    trustProxy: config.trustProxy ?? false,
    // Node answers a request without Host with an empty 400 of its own; the host check answers it
    // with the documented error body instead (http/host-check.ts).
    http: { requireHostHeader: false },
    // Errors before any route runs answer with the documented error body too (issue 9, finding 7).
    frameworkErrors: frameworkError,
    clientErrorHandler: clientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  const publicHost = config.publicUrl === null ? null : hostOf(config.publicUrl);
  installHostCheck(app, options.expectedHost ?? (() => publicHost));

  await app.register(formbody, { bodyLimit: 2 * 1024 * 1024 });
  await app.register(multipart, {
    // Every limit set. These are for the routes that take form fields as multipart (login, items):
    // fields only, no file; the image route allows its one file (routes/images.ts). Bodies are
    // read only after the token check (below), login aside (issue 9, finding 7).
    limits: MULTIPART_FIELD_LIMITS,
    attachFieldsToBody: 'keyValues',
  });
  installMultipartTokenCheck(app, service);
  if (config.rateLimitPerMinute !== null) {
    await app.register(rateLimit, {
      max: config.rateLimitPerMinute,
      timeWindow: 60_000,
      // On loopback every client is 127.0.0.1: key on the user where a valid token says who it
      // is. A missing or invalid token counts against the address, so made-up tokens, one per
      // request, are limited like no token at all (issue 9, finding 4).
      // Logins have a bucket of their own per address (the login limits guard them too), so
      // anonymous reads, thousands of them from a page or a crawler on the same address, never
      // turn a seller's login into a 429.
      keyGenerator: (request) => {
        const session = optionalSession(request, service);
        if (session) return `u:${session.user.id}`;
        return request.method === 'POST' && request.routeOptions.url === '/1.1/authentication' ? `login:${request.ip}` : `ip:${request.ip}`;
      },
    });
  }
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: OPENAPI_INFO,
      components: {
        securitySchemes: { marketApiToken: { type: 'apiKey', in: 'header', name: 'X-MarketApiToken' } },
      },
    },
    transform: jsonSchemaTransform,
    // The schemas with an id (`.meta({ id })`) go into components.schemas, where the routes' $refs point.
    transformObject: documentComponents,
  });

  installIdempotency(app, service);
  closeConnectionsAfterLastResponse(app);
  registerRoutes(app, service);

  const scheduler = config.schedulerIntervalMs === null ? null : startScheduler(service, config.schedulerIntervalMs, app.log);
  app.addHook('onClose', async () => {
    scheduler?.stop();
    if (!options.db) db.close();
  });
  return { app, service };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
