// Starts the real service on 127.0.0.1, port 0, with a temporary data folder, for one test file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type BuildOptions } from '../../server/app.ts';
import { createUser, type NewUser } from '../../server/domain/users.ts';
import type { App } from '../../server/http/app-types.ts';
import type { Service } from '../../server/service.ts';
import type { UserRole } from '../../shared/api/index.ts';

export interface TestServer {
  url: string;
  /** URL of a path under /1.1, e.g. api('/items/1'). */
  api(path: string): string;
  app: App;
  service: Service;
  dataDir: string;
  /** Adds a user straight into the database (accounts are not registered through the API). */
  addUser(username: string, roles?: UserRole[], extra?: Partial<NewUser>): Promise<number>;
  /** Adds a user if needed and returns a fresh token for them. */
  login(username: string, roles?: UserRole[]): Promise<{ token: string; userId: number }>;
  close(): Promise<void>;
}

export const TEST_PASSWORD = 'test-pass-1';

export async function startTestServer(options: Partial<BuildOptions> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'market-test-'));
  const { app, service } = await buildApp({ rateLimitPerMinute: null, schedulerIntervalMs: null, ...options, dataDir });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const url = address.replace('localhost', '127.0.0.1');
  const users = new Map<string, number>();

  const addUser: TestServer['addUser'] = async (username, roles = ['private'], extra = {}) => {
    const id = await createUser(service.db, { username, password: TEST_PASSWORD, roles, ...extra }, service.clock.now());
    users.set(username, id);
    return id;
  };

  return {
    url,
    api: (path) => `${url}/1.1${path}`,
    app,
    service,
    dataDir,
    addUser,
    async login(username, roles) {
      const userId = users.get(username) ?? (await addUser(username, roles));
      const res = await fetch(`${url}/1.1/authentication`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: TEST_PASSWORD }),
      });
      if (res.status !== 201) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { authentication: { token: { id: string } } };
      return { token: body.authentication.token.id, userId };
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** fetch with JSON in and out; `token` goes in X-MarketApiToken. */
export async function call(
  url: string,
  init: { method?: string; token?: string; json?: unknown; form?: Record<string, string | string[]>; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown; headers: Headers; text: string }> {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | undefined;
  if (init.token) headers['x-marketapitoken'] = init.token;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(init.form)) for (const one of [v].flat()) params.append(k, one);
    body = params.toString();
  }
  const res = await fetch(url, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON; keep the text
  }
  return { status: res.status, body: parsed, headers: res.headers, text };
}
