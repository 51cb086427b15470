// Reading the caller from X-MarketApiToken. A missing or invalid token where one is required: 403.
import type { FastifyRequest } from 'fastify';
import { TOKEN_HEADER } from '../../shared/api/index.ts';
import { userForToken, type AuthUser, type TokenLookup } from '../domain/users.ts';
import type { Service } from '../service.ts';
import { ApiError } from './errors.ts';

export function tokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers[TOKEN_HEADER];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

export function optionalSession(request: FastifyRequest, service: Service): TokenLookup | null {
  const token = tokenOf(request);
  return token ? userForToken(service.db, token, service.clock.now()) : null;
}

/** The caller, or null when no token was sent. A token that was sent but is invalid is a 403. */
export function optionalUser(request: FastifyRequest, service: Service): AuthUser | null {
  const token = tokenOf(request);
  if (!token) return null;
  const session = userForToken(service.db, token, service.clock.now());
  if (!session) throw invalidToken();
  return session.user;
}

export function requireUser(request: FastifyRequest, service: Service): AuthUser {
  const token = tokenOf(request);
  if (!token) {
    throw new ApiError(403, [{ field: null, code: 'token_missing', messages: ['X-MarketApiToken header is required'] }]);
  }
  const session = userForToken(service.db, token, service.clock.now());
  if (!session) throw invalidToken();
  return session.user;
}

/** Only the user themself: 403 for anyone else. */
export function requireSelf(request: FastifyRequest, service: Service, userId: number): AuthUser {
  const user = requireUser(request, service);
  if (user.id !== userId) {
    throw new ApiError(403, [{ field: null, code: 'not_owner', messages: ['only the user themself may read this'] }]);
  }
  return user;
}

const invalidToken = () =>
  new ApiError(403, [{ field: null, code: 'token_invalid', messages: ['X-MarketApiToken is invalid or expired'] }]);
