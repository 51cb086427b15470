// Requests are answered only for the host the service is meant to be reached at, when it knows
// it: the host of --public-url, or the embedded sandbox's own 127.0.0.1:port. Links are built from
// that base too, so a foreign Host header can neither read the service (DNS rebinding) nor make
// it hand out links to another site. Without either, links follow the request's Host.
import { HOST_PROBLEM_WORDS, hostHeaderProblem, isExpectedHost } from '../../shared/http/host-check.ts';
import type { App } from './app-types.ts';
import { ApiError } from './errors.ts';

/** `expectedHost()` is `host:port`, or null when any Host is answered. */
export function installHostCheck(app: App, expectedHost: () => string | null): void {
  app.addHook('onRequest', async (request) => {
    // HTTP/1.1 requires exactly one Host (RFC 9112, 3.2), and the same is asked of HTTP/1.0 (issue
    // 37: one without Host was answered with links to no host): none, an empty one or two is a
    // malformed request, answered in the documented shape (Node's own answer would be an empty 400).
    const problem = hostHeaderProblem(request.raw.rawHeaders);
    if (problem !== null) {
      throw new ApiError(400, [{ field: 'Host', code: 'malformed_request', messages: [HOST_PROBLEM_WORDS[problem]] }]);
    }
    const expected = expectedHost();
    if (expected === null || isExpectedHost(request.headers.host, expected)) return;
    throw new ApiError(421, [
      { field: 'Host', code: 'wrong_host', messages: [`this service answers only for host ${expected}`] },
    ]);
  });
}
