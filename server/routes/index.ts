// Every route of the service, one file per resource.
import type { App } from '../http/app-types.ts';
import type { Service } from '../service.ts';
import { registerAuthenticationRoutes } from './authentication.ts';
import { registerOpenApiRoutes } from './openapi.ts';
import { registerRootRoutes } from './root.ts';

export function registerRoutes(app: App, service: Service): void {
  registerRootRoutes(app, service);
  registerAuthenticationRoutes(app, service);
  registerOpenApiRoutes(app);
}
