// The HTTP layer under every API function: ky for the request, one typed error for every failure,
// per-call timeouts (size-aware for uploads), a global concurrency cap, and retries with
// exponential backoff and jitter ONLY for reads (GET, HEAD). A write (POST, PUT, DELETE) is never
// repeated here: its outcome may be unknown, and its caller owns its retries with one policy
// (the sync's outbox: `next_attempt_at`, reconciliation, the same Idempotency-Key), or shows the
// failure to the seller. Only a write the service refused for its token is repeated, once, by the
// client (client.ts): that refusal had no effect.
import { randomUUID } from 'node:crypto';
import ky from 'ky';
import type { z } from 'zod';
import { ApiError, errorFromResponse, errorFromThrown } from './api-error.ts';
import { createSemaphore, type Semaphore } from './semaphore.ts';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';

export interface HttpOptions {
  /** e.g. http://127.0.0.1:8080 — the /1.1 prefix is added here. */
  baseUrl: string;
  /** Default per-call timeout. */
  timeoutMs?: number;
  /** Uploads get timeoutMs plus bytes at this (pessimistic) rate. */
  uploadBytesPerSecond?: number;
  /** Requests in flight at once, all calls together. */
  concurrency?: number;
  /** Repeats of a read after a retryable failure. */
  maxRetries?: number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** A Retry-After longer than this is not waited for: the error goes to the caller. */
  maxRetryAfterMs?: number;
  fetch?: typeof fetch;
  /**
   * The marketplace asked every request to wait (a 429 or 503 with a Retry-After this client
   * waits for): until when (epoch ms), and the status that asked. For the seller's words.
   */
  onWait?: (info: { until: number; status: number }) => void;
  /** Test hook and audit: called once per attempt that got an answer or failed. */
  onAttempt?: (info: { method: Method; path: string; attempt: number; status: number; error?: ApiError }) => void;
  random?: () => number;
}

export interface RequestOptions<S extends z.ZodType | null> {
  schema: S;
  token?: string | null;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  form?: FormData;
  /** Only for POST; a fresh one when absent. */
  idempotencyKey?: string;
  /** Size of the upload in bytes: stretches the timeout. */
  uploadBytes?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Overrides `maxRetries` for a read (0: never repeated here, e.g. a probe). Writes are never repeated here. */
  retries?: number;
  /** A Cookie header (the login's device cookie: session.ts). */
  cookie?: string;
  /** The answer's headers, once it came (the login's Set-Cookie). */
  onHeaders?: (headers: Headers) => void;
}

export type Result<S extends z.ZodType | null> = S extends z.ZodType ? z.infer<S> : null;

export interface Http {
  request<S extends z.ZodType | null>(method: Method, path: string, options: RequestOptions<S>): Promise<Result<S>>;
  readonly semaphore: Semaphore;
  readonly baseUrl: string;
}

/** The only methods the HTTP layer repeats: reads. */
export const SAFE_TO_REPEAT: ReadonlySet<Method> = new Set<Method>(['GET', 'HEAD']);

export function backoffDelay(attempt: number, baseMs: number, capMs: number, random: () => number): number {
  // "Full jitter": uniform in [0, min(cap, base * 2^attempt)], at least a small floor.
  const ceiling = Math.min(capMs, baseMs * 2 ** attempt);
  return Math.max(baseMs / 4, Math.round(random() * ceiling));
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });

export function createHttp(options: HttpOptions): Http {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const uploadRate = options.uploadBytesPerSecond ?? 256 * 1024;
  const maxRetries = options.maxRetries ?? 3;
  const backoffBase = options.backoffBaseMs ?? 250;
  const backoffCap = options.backoffCapMs ?? 8_000;
  const maxRetryAfter = options.maxRetryAfterMs ?? 30_000;
  const random = options.random ?? Math.random;
  const semaphore = createSemaphore(options.concurrency ?? 6);
  // A Retry-After this client waits for holds back every request, not only the one refused: the
  // others would meet the same limit (and count against it). Longer ones go to the caller, which
  // asks nothing before then (the sync: session/engine-sync.ts).
  let notBefore = 0;
  const gate = async (signal?: AbortSignal) => {
    for (let wait = notBefore - Date.now(); wait > 0; wait = notBefore - Date.now()) await sleep(wait, signal);
  };

  async function once<S extends z.ZodType | null>(method: Method, path: string, o: RequestOptions<S>, key: string | undefined): Promise<Result<S>> {
    const callTimeout = (o.timeoutMs ?? timeoutMs) + (o.uploadBytes ? Math.ceil((o.uploadBytes / uploadRate) * 1000) : 0);
    const url = new URL(`${baseUrl}/1.1${path}`);
    for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (o.token) headers['x-marketapitoken'] = o.token;
    if (key) headers['idempotency-key'] = key;
    if (o.cookie) headers.cookie = o.cookie;
    let response: Response;
    let text: string;
    try {
      response = await ky(url, {
        method,
        headers,
        ...(o.json !== undefined ? { json: o.json } : {}),
        ...(o.form ? { body: o.form } : {}),
        timeout: callTimeout,
        retry: 0,
        throwHttpErrors: false,
        ...(o.signal ? { signal: o.signal } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      // The body is part of the answer: a connection lost while reading it is a network error.
      text = await response.text();
    } catch (error) {
      throw errorFromThrown(error, callTimeout);
    }
    o.onHeaders?.(response.headers);
    if (!response.ok) throw errorFromResponse(response.status, text, response.headers.get('retry-after'));
    if (o.schema === null) return null as Result<S>;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ApiError({ status: response.status, code: 'bad_response', field: null, message: `${method} ${path}: the answer is not JSON`, retryable: false, mayHaveReached: true });
    }
    const parsed = o.schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ApiError({
        status: response.status,
        code: 'bad_response',
        field: null,
        message: `${method} ${path}: unexpected answer at ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? 'invalid'}`,
        retryable: false,
        mayHaveReached: true,
      });
    }
    return parsed.data as Result<S>;
  }

  return {
    semaphore,
    baseUrl,
    async request(method, path, o) {
      const key = method === 'POST' ? (o.idempotencyKey ?? randomUUID()) : undefined;
      for (let attempt = 0; ; attempt++) {
        try {
          await gate(o.signal);
          const result = await semaphore.run(async () => {
            // Asked to wait while this one waited for its slot: it waits too.
            await gate(o.signal);
            return once(method, path, o, key);
          });
          options.onAttempt?.({ method, path, attempt, status: 200 });
          return result;
        } catch (thrown) {
          const error = errorFromThrown(thrown, timeoutMs);
          options.onAttempt?.({ method, path, attempt, status: error.status, error });
          const asked = error.waitAskedMs;
          if (asked !== null && asked > 0 && asked <= maxRetryAfter && Date.now() + asked > notBefore) {
            notBefore = Date.now() + asked;
            options.onWait?.({ until: notBefore, status: error.status });
          }
          const canRepeat = SAFE_TO_REPEAT.has(method) && error.retryable && attempt < (o.retries ?? maxRetries) && !o.signal?.aborted;
          if (!canRepeat) throw error;
          if (error.retryAfterMs !== null && error.retryAfterMs > maxRetryAfter) throw error;
          const wait = Math.max(error.retryAfterMs ?? 0, backoffDelay(attempt, backoffBase, backoffCap, random));
          await sleep(wait, o.signal);
        }
      }
    },
  };
}
