import { z } from 'zod';
import { Timestamp, Url } from './common.ts';

/**
 * The device cookie a successful login is given (Set-Cookie) and a later one brings back (Cookie):
 * an extension (server/http/device-cookies.ts) that lets the owner's device past the waits that
 * wrong guesses from its address cause.
 */
export const DEVICE_COOKIE = 'market_device';

/** 4.2 parameters; read from urlencoded, multipart, JSON or the query string. */
export const AuthenticationInput = z.object({
  username: z.string().min(1).max(100),
  password: z.string().min(1).max(1000),
});
export type AuthenticationInput = z.infer<typeof AuthenticationInput>;

/** 2.1: the authentication result (also the shape of GET /1.1/). */
export const AuthenticationResult = z
  .object({
    authentication: z.object({
      token: z.object({
        id: z.string().regex(/^[0-9a-f]{32}$/),
        startTime: Timestamp,
        expires: Timestamp,
      }),
    }),
    links: z.object({ self: Url, user: Url }),
    updated: Timestamp,
  })
  .meta({ id: 'AuthenticationResult' });
export type AuthenticationResult = z.infer<typeof AuthenticationResult>;

/** 4.1: GET /1.1/ lists the resources; without a token the authentication part is null. */
export const RootResource = z.object({
  authentication: z
    .object({ token: z.object({ id: z.string(), startTime: Timestamp, expires: Timestamp }) })
    .nullable(),
  links: z.object({
    self: Url,
    user: Url.nullable(),
    authentication: Url,
    categories: Url,
    items: Url,
    openapi: Url,
  }),
  updated: Timestamp,
});
export type RootResource = z.infer<typeof RootResource>;

export const TOKEN_HEADER = 'x-marketapitoken';
export const TOKEN_LIFETIME_SECONDS = 3600;
