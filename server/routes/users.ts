// (being written)
import type { App } from '../http/app-types.ts';
import type { Service } from '../service.ts';

export function registerUsersRoutes(_app: App, _service: Service): void {}
