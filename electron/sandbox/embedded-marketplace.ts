// The embedded sandbox marketplace: the service of server/ started in this process on a free
// loopback port, its data under the app's data folder, seeded with the demo on first run, so a
// first-time user sees a working shop. This folder is the ONE place where the app imports the
// service (the shell and the core never do).
import { join } from 'node:path';
import { buildApp } from '../../server/app.ts';
import { DEMO_PASSWORD, seedDemo } from '../../server/seed/demo.ts';
import { seedMarketHistory } from '../../server/seed/market-history.ts';
import { hostOf } from '../../shared/http/host-check.ts';
import { SANDBOX_ACCOUNT_ID, sandboxAccountName } from '../../shared/sandbox-account.ts';
import type { AppRegistry } from '../core/session/accounts.ts';
import type { CredentialVault } from '../core/session/credential-file.ts';

export { SANDBOX_ACCOUNT_ID, sandboxAccountName };
/**
 * Other sellers' closed sales in the sandbox, for market research (issue 39): written once, after
 * the first start that knows of it is listening, in slices of 100 with the event loop free
 * between them, so the start is no slower and the shop answers meanwhile.
 */
export const SANDBOX_MARKET_HISTORY = 10_000;

/** The demo power seller the app signs in as. */
export const SANDBOX_USER = 'pekka';

export interface Sandbox {
  /** The marketplace root, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** Settles once the market history is written (at once when it was there already). */
  history: Promise<void>;
  close(): Promise<void>;
}

export async function startSandbox(dataRoot: string): Promise<Sandbox> {
  // Only its own 127.0.0.1:port is answered (known once it listens; nothing is before): a page
  // of any site that rebinds its name to 127.0.0.1 is refused, so it cannot sign in with the
  // public demo password (issue 9, finding 6). The same check as web mode's bridge.
  let ownHost = '';
  const { app, service } = await buildApp({
    dataDir: join(dataRoot, 'sandbox'),
    logger: false,
    // No rate limit: one local user, and every sync run's pull reads each of the seller's items
    // (130 for pekka), which a per-minute limit meant for the public would throttle.
    rateLimitPerMinute: null,
    expectedHost: () => ownHost,
  });
  await seedDemo(service, { onlyIfEmpty: true });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${new URL(address).port}`;
  ownHost = hostOf(baseUrl);
  // Stopped by close between two slices; the next start writes the rest.
  const stop = new AbortController();
  const history = seedMarketHistory(service, { count: SANDBOX_MARKET_HISTORY, sliceSize: 100, signal: stop.signal }).then(
    () => undefined,
    () => undefined, // a sandbox without a history still serves the shop
  );
  return {
    baseUrl,
    history,
    async close() {
      stop.abort();
      await history;
      await app.close();
    },
  };
}

/**
 * Keeps the sandbox account pointing at this launch's port, signed in as the demo seller; on a
 * fresh data folder it becomes the active account.
 */
export function registerSandboxAccount(registry: AppRegistry, vault: CredentialVault, baseUrl: string): void {
  const wasFresh = registry.fresh;
  // Stored in English; the screens name it in their language (renderer/src/accounts/account-name.ts).
  registry.upsert({ id: SANDBOX_ACCOUNT_ID, name: sandboxAccountName(SANDBOX_USER), baseUrl, username: SANDBOX_USER });
  if (!vault.get(SANDBOX_ACCOUNT_ID)) vault.set(SANDBOX_ACCOUNT_ID, { username: SANDBOX_USER, password: DEMO_PASSWORD });
  if (wasFresh) registry.setActive(SANDBOX_ACCOUNT_ID);
}
