// Helpers for the app's tests: a fresh data root with an open core session and its bridge.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { IpcEventName, IpcEventPayload } from '../../shared/ipc.ts';
import { createBridge, type CoreBridge } from '../../electron/core/bridge/bridge.ts';
import { openCoreSession, type CoreSession } from '../../electron/core/bridge/core-session.ts';
import { coreHandlers } from '../../electron/core/bridge/handlers.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  while (cleanups.length > 0) cleanups.pop()?.();
});

export function tempRoot(prefix = 'app-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export interface TestCore {
  root: string;
  session: CoreSession;
  bridge: CoreBridge;
  events: Array<{ name: IpcEventName; payload: IpcEventPayload<IpcEventName> }>;
  opened: string[];
}

export function openTestCore(): TestCore {
  const root = tempRoot();
  const session = openCoreSession({ root });
  const opened: string[] = [];
  const bridge = createBridge(coreHandlers(session, async (url) => {
    opened.push(url);
  }));
  const events: TestCore['events'] = [];
  session.onEvent((name, payload) => events.push({ name, payload }));
  cleanups.push(() => session.close());
  return { root, session, bridge, events, opened };
}

/** A CSV of n complete buy-now drafts. */
export function draftsCsv(n: number): string {
  const header = 'title,saleMethod,buyNowPrice,quantity,condition,categoryId,deliveryMethods';
  const rows = Array.from({ length: n }, (_, i) => `"Vintage lamp no. ${i + 1}",buy-now,${(10 + i).toFixed(2)},1,good,,pickup;shipment`);
  return [header, ...rows].join('\r\n') + '\r\n';
}
