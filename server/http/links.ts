// Absolute URLs for `links` objects. Every URL built here must resolve to a 200 on this service.
import type { FastifyRequest } from 'fastify';
import type { Service } from '../service.ts';

export const API_PREFIX = '/1.1';

export type QueryValue = string | number | undefined | null;

export interface LinkBuilder {
  /** `path` is under /1.1, e.g. `/items/5`. Undefined or null query values are left out. */
  api(path: string, query?: Record<string, QueryValue>): string;
  /** Public web page of a resource (served by this service too). */
  page(path: string): string;
  /** Any absolute path on this service. */
  absolute(path: string): string;
}

export function linksFor(request: FastifyRequest, service: Service): LinkBuilder {
  const base = service.config.publicUrl ?? `${request.protocol}://${request.host}`;
  return {
    api: (path, query) => base + API_PREFIX + path + queryString(query),
    page: (path) => `${base}/web${path}`,
    absolute: (path) => base + path,
  };
}

export function queryString(query?: Record<string, QueryValue>): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
