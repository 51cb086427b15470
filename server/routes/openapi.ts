// GET /1.1/openapi.json: the OpenAPI 3.1 document, generated from the same zod schemas.
import { z } from 'zod';
import type { App } from '../http/app-types.ts';

export function registerOpenApiRoutes(app: App): void {
  app.get('/1.1/openapi.json', {
    schema: { hide: true, response: { 200: z.record(z.string(), z.unknown()) } },
    handler: () => app.swagger() as unknown as Record<string, unknown>,
  });
}
