// Idempotency-Key (extension). A POST under /1.1 carrying `Idempotency-Key` is done once per caller
// and key: a repeat gets the first response (status and body, with `Idempotent-Replayed: true`)
// and has no second effect. Keys belong to the token's user (issue 9, finding 3): a POST without
// a valid token is never stored or replayed (it runs as if it had no key: on loopback or behind
// NAT an address is shared by many callers), and the login route never is either, with or
// without a token, so no stored response ever holds a token. Decisions:
// - Only successful (2xx) responses are kept: a refused request had no effect, so a retry with the
//   same key simply runs again (a corrected body can reuse the key).
// - The same key on another method or path is a 422 `idempotency_key_reused`; the body is not
//   compared. A repeat while the first is still running is a 409 `idempotency_in_progress`.
// - Keys are kept 24 hours. The key row is written after the response is produced, not in the
//   transaction of the effect: a crash between the two lets one retry run again.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TOKEN_HEADER } from '../../shared/api/index.ts';
import { userForToken } from '../domain/users.ts';
import type { Service } from '../service.ts';
import type { App } from './app-types.ts';
import { ApiError } from './errors.ts';
import { API_PREFIX } from './links.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_KEY_LENGTH = 255;
const PURGE_EVERY_MS = 60_000;
/** Routes whose responses are never stored: a login's answer is a credential. */
const NEVER_STORED = new Set([`${API_PREFIX}/authentication`]);

interface Claim {
  userKey: string;
  key: string;
  method: string;
  path: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim?: Claim;
  }
}

interface StoredResponse {
  method: string;
  path: string;
  status: number;
  body: string;
}

export function installIdempotency(app: App, service: Service): void {
  const { db } = service;
  const inFlight = new Set<string>();
  let lastPurge = 0;
  const find = db.prepare('SELECT method, path, status, body FROM idempotency_keys WHERE user_key = ? AND key = ? AND created > ?');
  const store = db.prepare(
    'INSERT OR REPLACE INTO idempotency_keys (user_key, key, method, path, status, body, created) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const purge = db.prepare('DELETE FROM idempotency_keys WHERE created <= ?');
  // Rows an older version stored: logins (with their tokens) and keys of token-less callers.
  db.prepare(`DELETE FROM idempotency_keys WHERE user_key NOT LIKE 'user:%' OR path IN (${[...NEVER_STORED].map(() => '?').join(', ')})`).run(
    ...NEVER_STORED,
  );
  const release = (request: FastifyRequest) => {
    const claim = request.idempotencyClaim;
    if (claim) inFlight.delete(`${claim.userKey}\n${claim.key}`);
  };

  app.decorateRequest('idempotencyClaim', undefined);

  const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (request.method !== 'POST' || header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || key.length > MAX_KEY_LENGTH) {
      throw new ApiError(400, [
        { field: 'Idempotency-Key', code: 'invalid_idempotency_key', messages: [`Idempotency-Key: 1 to ${MAX_KEY_LENGTH} characters`] },
      ]);
    }
    const now = service.clock.now();
    const userKey = callerKey(request, service, now);
    if (userKey === null) return;
    const path = request.url.split('?')[0] ?? request.url;
    const stored = find.get(userKey, key, now - IDEMPOTENCY_TTL_MS) as StoredResponse | undefined;
    if (stored) {
      if (stored.method !== request.method || stored.path !== path) {
        throw new ApiError(422, [
          { field: 'Idempotency-Key', code: 'idempotency_key_reused', messages: ['Idempotency-Key was already used for another request'] },
        ]);
      }
      return reply
        .code(stored.status)
        .header('content-type', 'application/json; charset=utf-8')
        .header('idempotent-replayed', 'true')
        .send(stored.body);
    }
    const slot = `${userKey}\n${key}`;
    if (inFlight.has(slot)) {
      throw new ApiError(409, [
        { field: 'Idempotency-Key', code: 'idempotency_in_progress', messages: ['a request with this Idempotency-Key is still running'] },
      ]);
    }
    inFlight.add(slot);
    request.idempotencyClaim = { userKey, key, method: request.method, path };
  };

  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = request.idempotencyClaim;
    if (!claim || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    const now = service.clock.now();
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
    store.run(claim.userKey, claim.key, claim.method, claim.path, reply.statusCode, body, now);
    if (now - lastPurge > PURGE_EVERY_MS) {
      lastPurge = now;
      purge.run(now - IDEMPOTENCY_TTL_MS);
    }
    return payload;
  };
  const onDone = async (request: FastifyRequest) => release(request);

  // Only POST routes under /1.1 carry the hooks, so reads pay nothing for them. They run before
  // the route's own hooks: a replay must not be checked or executed again.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.includes('POST') || !route.url.startsWith(`${API_PREFIX}/`) || NEVER_STORED.has(route.url)) return;
    const hooks = route as unknown as Record<'onRequest' | 'onSend' | 'onResponse' | 'onRequestAbort', unknown>;
    const prepend = (name: keyof typeof hooks, hook: unknown) => {
      hooks[name] = [hook, ...[hooks[name] ?? []].flat()];
    };
    prepend('onRequest', onRequest);
    prepend('onSend', onSend);
    prepend('onResponse', onDone);
    prepend('onRequestAbort', onDone);
  });
}

/** The token's user; null without a valid token (such a request is neither stored nor replayed). */
function callerKey(request: FastifyRequest, service: Service, now: number): string | null {
  const token = request.headers[TOKEN_HEADER];
  if (typeof token !== 'string' || !token) return null;
  const session = userForToken(service.db, token, now);
  return session ? `user:${session.user.id}` : null;
}
