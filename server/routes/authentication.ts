// 4.2 POST /1.1/authentication: username and password from urlencoded, multipart, JSON or the
// query string; 201 with a token valid one hour, 400 for missing or wrong credentials.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AuthenticationInput, AuthenticationResult, ErrorBody } from '../../shared/api/index.ts';
import { authenticate, revokeToken } from '../domain/users.ts';
import { TOKEN_SECURITY, type App } from '../http/app-types.ts';
import { requireUser, tokenOf } from '../http/auth.ts';
import { ApiError, validationError, invalid } from '../http/errors.ts';
import { linksFor } from '../http/links.ts';
import { deviceCookieKey, deviceCookies } from '../http/device-cookies.ts';
import { createLoginLimiter, DEFAULT_KNOWN_FOR_MS } from '../http/login-limits.ts';
import type { Service } from '../service.ts';

export function registerAuthenticationRoutes(app: App, service: Service): void {
  const limiter = createLoginLimiter(service.config.loginLimits);
  const devices = deviceCookies(deviceCookieKey(service.config.dataDir), service.config.loginLimits?.knownForMs ?? DEFAULT_KNOWN_FOR_MS);
  app.post('/1.1/authentication', {
    schema: {
      summary: 'Obtain a token',
      description:
        'Reads `username` and `password` from a urlencoded, multipart or JSON body, or the query string. ' +
        'Decisions: the token is 32 lowercase hex characters, valid one hour; a wrong username or password answers 400 with code `invalid_credentials` (the document lists 400 for both). ' +
        'Failed logins are slowed per account and client address pair: the first 5 failures of a pair cost nothing, then each failure makes the pair wait before its next attempt, twice as long as the last (1 s, 2 s, 4 s ... at most 5 minutes); ' +
        'an attempt inside the wait answers 429 `rate_limited` with Retry-After (seconds), checks no password and does not lengthen the wait; a success clears the pair. ' +
        'Beyond that, failures are counted per account and per address (service settings, default 1000 per account and 100 per address in 15 minutes): past one, logins answer 429 for the rest of the window, ' +
        'except an account\'s logins from an address it signed in from successfully before (within 30 days), which no window limit refuses. So nobody locks an owner out of their account by failing on purpose. ' +
        'Extension, device cookies (OWASP): a successful login answers `Set-Cookie: market_device=...` (Path=/1.1/authentication, HttpOnly, SameSite=Strict, 30 days), signed for its account; ' +
        'a login that sends it back (`Cookie`) for the same account is judged by that device\'s own failures only (10 in a window): neither the pair\'s wait nor a window limit refuses it, ' +
        'so wrong guesses from the same address by someone else never keep the owner\'s right password waiting; a device cookie past its failures counts as none for the rest of the window. ' +
        'Tokens already issued are never revoked by a limit. ' +
        'A login whose request carries an `Origin` header naming another site than the service (a cross-site form post from a web page) is refused with 403 `foreign_origin` before any password check; requests without `Origin` (apps, scripts) are not affected. ' +
        'A login is never stored or replayed under an Idempotency-Key.',
      tags: ['authentication'],
      // Any body shape is accepted here; the handler validates the merged parameters.
      body: z.unknown().optional(),
      querystring: z.unknown().optional(),
      response: { 201: AuthenticationResult, 400: ErrorBody, 403: ErrorBody, 429: ErrorBody },
    },
    handler: async (request, reply) => {
      refuseForeignOrigin(request);
      const merged = { ...asRecord(request.query), ...asRecord(request.body) };
      const parsed = AuthenticationInput.safeParse(merged);
      if (!parsed.success) {
        const fields = new Set(parsed.error.issues.map((i) => String(i.path[0] ?? 'username')));
        throw validationError(
          [...fields].map((field) => ({ field, code: 'required', messages: [`${field} is required`] })),
        );
      }
      const { username, password } = parsed.data;
      const device = devices.check(request.headers.cookie, username, service.clock.now());
      limiter.attempt(request, username, service.clock.now(), device);
      const issued = await authenticate(service.db, username, password, service.clock.now());
      if (!issued) throw invalid(null, 'invalid_credentials', 'username or password is invalid');
      limiter.succeeded(request, username, service.clock.now(), device);
      reply.header('set-cookie', devices.issue(username, service.clock.now()));
      const links = linksFor(request, service);
      const { tz } = service;
      reply.code(201);
      return {
        authentication: {
          token: { id: issued.token, startTime: tz.format(issued.startTime), expires: tz.format(issued.expires) },
        },
        links: { self: links.api('/authentication'), user: links.api(`/users/${issued.user.id}`) },
        updated: tz.format(issued.startTime),
      };
    },
  });

  app.delete('/1.1/authentication', {
    schema: {
      summary: 'Revoke the token (logout; extension)',
      description:
        'Extension: revokes the token sent in X-MarketApiToken at once (logout); any later request with it is a 403 `token_invalid`. ' +
        '204 on success; a missing, unknown or expired token is a 403 like everywhere else. Other tokens of the same user stay valid.',
      tags: ['authentication'],
      security: TOKEN_SECURITY,
      response: { 204: z.null().describe('token revoked'), 403: ErrorBody },
    },
    handler: async (request, reply) => {
      requireUser(request, service);
      revokeToken(service.db, tokenOf(request)!, service.clock.now());
      return reply.code(204).send(null);
    },
  });

  // The resource links.self points at; a GET explains how to use it rather than 404.
  app.get('/1.1/authentication', {
    schema: {
      summary: 'Describe the authentication resource',
      tags: ['authentication'],
      response: { 200: z.object({ description: z.string(), links: z.object({ self: z.string() }) }) },
    },
    handler: (request) => ({
      description: 'POST username and password here to obtain a token for the X-MarketApiToken header; DELETE with the token revokes it (logout).',
      links: { self: linksFor(request, service).api('/authentication') },
    }),
  });
}

function asRecord(value: unknown): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    // Multipart fields arrive as { value } objects unless attached as key values.
    out[k] = v && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : v;
  }
  return out;
}

/**
 * A browser tells where a request comes from in `Origin`, also for a "simple" cross-site form post
 * that needs no preflight. A login from a page of another site (which found the embedded
 * sandbox's port, say) must not count failures against the app's own account, so an Origin that
 * is not the service's own (its scheme, host and port as the request's Host names them) is
 * refused before any password is checked. `Origin: null` (a sandboxed or opaque page) is foreign.
 */
function refuseForeignOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const host = request.headers.host;
  let same = false;
  try {
    same = host !== undefined && new URL(origin).host.toLowerCase() === host.toLowerCase();
  } catch {
    same = false;
  }
  if (!same) throw new ApiError(403, [{ field: 'Origin', code: 'foreign_origin', messages: ['a login from another site is refused'] }]);
}
