// Requests are answered only for the host the service is meant to be reached at, when it knows
// it: the host of --public-url, or the embedded sandbox's own 127.0.0.1:port. Links are built from
// that base too, so a foreign Host header can neither read the service (DNS rebinding) nor make
// it hand out links to another site. Without either, links follow the request's Host.
import { isExpectedHost } from '../../shared/host-check.ts';
import type { App } from './app-types.ts';
import { ApiError } from './errors.ts';

/** `expectedHost()` is `host:port`, or null when any Host is answered. */
export function installHostCheck(app: App, expectedHost: () => string | null): void {
  app.addHook('onRequest', async (request) => {
    // HTTP/1.1 requires Host (RFC 9112, 3.2): its absence is a malformed request, answered in the
    // documented shape (Node's own answer would be an empty 400).
    if (request.headers.host === undefined && request.raw.httpVersion === '1.1') {
      throw new ApiError(400, [{ field: 'Host', code: 'malformed_request', messages: ['the request has no Host header'] }]);
    }
    const expected = expectedHost();
    if (expected === null || isExpectedHost(request.headers.host, expected)) return;
    throw new ApiError(421, [
      { field: 'Host', code: 'wrong_host', messages: [`this service answers only for host ${expected}`] },
    ]);
  });
}
