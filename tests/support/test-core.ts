// The desktop core as the renderer sees it: a session on a fresh data root, its handler table
// behind the real bridge (contract checks included), the events it emits and the links it opened.
import type { IpcEventName, IpcEventPayload, IpcMethodName, IpcOutput } from '../../shared/ipc/contract.ts';
import { createIpcDispatcher, type IpcDispatcher } from '../../electron/core/ipc/dispatcher.ts';
import { openCoreSession, type CoreSession, type SessionOptions } from '../../electron/core/session/core-session.ts';
import { coreHandlers } from '../../electron/core/ipc/handlers.ts';
import { afterThisTest, tempFolder } from './temp-folder.ts';

export interface TestCore {
  root: string;
  session: CoreSession;
  bridge: IpcDispatcher;
  events: Array<{ name: IpcEventName; payload: IpcEventPayload<IpcEventName> }>;
  opened: string[];
}

/** Closed after the test. `options` as openCoreSession takes them (root: a new temporary folder). */
export function openTestCore(options: Partial<SessionOptions> = {}): TestCore {
  const root = options.root ?? tempFolder('app-test-');
  const session = openCoreSession({ ...options, root });
  const opened: string[] = [];
  const bridge = createIpcDispatcher(coreHandlers(session, async (url) => {
    opened.push(url);
  }));
  const events: TestCore['events'] = [];
  session.onEvent((name, payload) => events.push({ name, payload }));
  afterThisTest(() => session.close());
  return { root, session, bridge, events, opened };
}

/** Calls a method through the bridge and returns its value; a refusal fails the test with its code. */
export async function invokeOk<K extends IpcMethodName>(bridge: IpcDispatcher, name: K, input: unknown = {}): Promise<IpcOutput<K>> {
  const result = await bridge.invoke(name, input);
  if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`);
  return result.value as IpcOutput<K>;
}
