// A seller signed in to the test service through the app's own stores: a core session on a
// temporary data root behind the memory transport, an account added, switched to and signed in.
// The seller screens' store tests start from here.
import { join } from 'node:path';
import { expect } from 'vitest';
import { createIpcDispatcher } from '../../electron/core/ipc/dispatcher.ts';
import { coreHandlers } from '../../electron/core/ipc/handlers.ts';
import { openCoreSession, type CoreSession } from '../../electron/core/session/core-session.ts';
import { fileCredentialVault } from '../../electron/core/session/credential-file.ts';
import { createAccountsStore } from '../../renderer/src/accounts/accounts-store.ts';
import { call as bridgeCall, typedBridge, type Bridge } from '../../renderer/src/bridge/bridge-types.ts';
import { TEST_PASSWORD, type TestServer } from '../support/server.ts';
import { memoryTransport } from './memory-transport.ts';
import { tempFolder } from './support.ts';

export interface SellerSession {
  username: string;
  userId: number;
  bridge: Bridge;
  session: CoreSession;
  syncNow(): Promise<unknown>;
}

export async function signedInSeller(server: TestServer, username: string): Promise<SellerSession> {
  const userId = await server.addUser(username);
  const root = tempFolder();
  const session = openCoreSession({ root, credentials: fileCredentialVault(join(root, 'credentials.json')), syncTiming: { debounceMs: 0, pollMs: 0 } });
  const bridge = typedBridge(memoryTransport(createIpcDispatcher(coreHandlers(session, async () => {})), session));
  const accounts = createAccountsStore(bridge);
  const added = await accounts.getState().add('Test market', server.url);
  expect(added).not.toBeNull();
  await accounts.getState().switchTo(added?.id ?? '');
  expect(await accounts.getState().signIn(added?.id ?? '', username, TEST_PASSWORD)).toBe(true);
  expect(accounts.getState().accounts.find((a) => a.active)).toMatchObject({ username, signedIn: true });
  return { username, userId, bridge, session, syncNow: () => bridgeCall(bridge, 'sync.now', {}) };
}
