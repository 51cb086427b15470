// 4.1 GET /1.1/: the resources of the service; with a valid token, also that token.
import { RootResource } from '../../shared/api/index.ts';
import { optionalSession } from '../http/auth.ts';
import type { App } from '../http/app-types.ts';
import { linksFor } from '../http/links.ts';
import type { Service } from '../service.ts';

export function registerRootRoutes(app: App, service: Service): void {
  app.get('/1.1/', {
    schema: {
      summary: 'List the resources of the service',
      description:
        'Has the shape of the authentication result (2.1). Decision: `authentication` is the caller\'s token when a valid X-MarketApiToken is sent, null otherwise.',
      tags: ['root'],
      response: { 200: RootResource },
    },
    handler: (request) => {
      const links = linksFor(request, service);
      const session = optionalSession(request, service);
      const { tz } = service;
      return {
        authentication: session
          ? { token: { id: String(request.headers['x-marketapitoken']), startTime: tz.format(session.startTime), expires: tz.format(session.expires) } }
          : null,
        links: {
          self: links.api('/'),
          user: session ? links.api(`/users/${session.user.id}`) : null,
          authentication: links.api('/authentication'),
          categories: links.api('/categories'),
          items: links.api('/items'),
          openapi: links.api('/openapi.json'),
        },
        updated: tz.format(service.clock.now()),
      };
    },
  });
}
