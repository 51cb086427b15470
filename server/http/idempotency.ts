// Idempotency-Key (extension). A POST under /1.1 carrying `Idempotency-Key` is done once per caller
// and key: a repeat gets the first response (status and body, with `Idempotent-Replayed: true`)
// and has no second effect. The caller is the token's user, or for requests without a valid token
// the client address. Decisions:
// - Only successful (2xx) responses are kept: a refused request had no effect, so a retry with the
//   same key simply runs again (a corrected body can reuse the key).
// - The same key on another method or path is a 422 `idempotency_key_reused`; the body is not
//   compared. A repeat while the first is still running is a 409 `idempotency_in_progress`.
// - Keys are kept 24 hours. The key row is written after the response is produced, not in the
//   transaction of the effect: a crash between the two lets one retry run again.
import { createHash } from 'node:crypto';
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
    if (!methods.includes('POST') || !route.url.startsWith(`${API_PREFIX}/`)) return;
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

/** The token's user; without a valid token, the client (its address, or a hash of the bad token). */
function callerKey(request: FastifyRequest, service: Service, now: number): string {
  const token = request.headers[TOKEN_HEADER];
  if (typeof token === 'string' && token) {
    const session = userForToken(service.db, token, now);
    if (session) return `user:${session.user.id}`;
    return `token:${createHash('sha256').update(token).digest('hex')}`;
  }
  return `client:${request.ip}`;
}
