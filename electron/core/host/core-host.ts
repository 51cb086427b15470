// The core in its own process (issue 19): the session, the handler table and the dispatcher (which
// checks every input and output against shared/ipc/contract.ts) live here, off the window's thread. The
// other side only makes windows or serves HTTP, checks who is asking and forwards: a workbook
// that takes a minute, or a crash, costs this process, never the window (core-supervisor.ts
// restarts it). Every committed change is in SQLite (synchronous=FULL) before its answer leaves.
import { join } from 'node:path';
import { launchPageInput } from '../../../shared/screens/grid-first-page.ts';
import type { IpcResult } from '../../../shared/ipc/contract.ts';
import { createIpcDispatcher } from '../ipc/dispatcher.ts';
import { coreHandlers } from '../ipc/handlers.ts';
import { openCoreSession, type CoreSession } from '../session/core-session.ts';
import { fileCredentialVault, type CredentialVault } from '../session/credential-file.ts';
import type { Credentials } from '../api/session.ts';
import type { FromCore, HostChannel, HostInit, ShellRequest } from './protocol.ts';
import { socketCalls, type SocketCalls } from './socket-calls.ts';
import { giveBackMemory } from './give-back-memory.ts';
import { LARGE_CALLS } from '../../../shared/ipc/web-socket.ts';

export interface CoreHost {
  /** Closes the session (the caches' last writes are already committed). */
  close(): void;
}

/** The answer to a call that comes before the session is open (the supervisor waits for 'ready', so rarely). */
const STARTING: IpcResult<never> = { ok: false, error: { code: 'core-restarted', message: 'the core is starting' } };

/** Serves the contract over `channel` once an init message arrives; `exit` ends the process after a stop. */
export function runCoreHost(channel: HostChannel, exit: () => void, log: (message: string, error: unknown) => void): CoreHost {
  let session: CoreSession | null = null;
  let dispatcher: ReturnType<typeof createIpcDispatcher> | null = null;
  /** Web mode's call sockets, handed over by the server (made at the first). */
  let sockets: SocketCalls | null = null;
  let shellCalls = 0;
  const shellWaits = new Map<number, { resolve(): void; reject(error: Error): void }>();
  const post = (message: FromCore) => channel.post(message);

  const shell = (request: ShellRequest): Promise<void> => new Promise((resolve, reject) => {
    const id = ++shellCalls;
    shellWaits.set(id, { resolve, reject });
    post({ t: 'shell', id, request });
  });

  function open(init: HostInit): void {
    const credentials = vaultOf(init, post);
    session = openCoreSession({
      root: init.root,
      ...(credentials ? { credentials } : {}),
      ...(init.syncTiming ? { syncTiming: init.syncTiming } : {}),
      typedFolders: init.typedFolders === true,
    });
    session.onEvent((name, payload) => post({ t: 'event', name, payload }));
    dispatcher = createIpcDispatcher(coreHandlers(
      session,
      (url) => shell({ op: 'openExternal', url }),
      (notice) => void shell({ op: 'notify', notice }).catch(() => {}),
    ), log);
    post({ t: 'ready' });
    // The window's first request is known (shared/screens/grid-first-page.ts): read once now, it finds
    // everything warm when it comes, while the window's own start takes the machine's cores. Its
    // first read took 300 ms on a quiet 2-core machine, and 850 ms beside a busy core, for 60 ms
    // of work (issue 19). Read-only: nothing changes.
    setImmediate(() => void dispatcher?.invoke('drafts.page', launchPageInput()));
  }

  channel.onMessage((message, socket) => {
    switch (message.t) {
      case 'init':
        open(message.init);
        return;
      case 'invoke': {
        const { id } = message;
        if (!dispatcher) {
          post({ t: 'result', id, result: STARTING });
          return;
        }
        void dispatcher.invoke(message.name, message.input).then((result) => {
          post({ t: 'result', id, result });
          // A spreadsheet given as its content (up to 80 MB, as a POST): its copies go now.
          if (LARGE_CALLS.has(message.name)) giveBackMemory();
        });
        return;
      }
      case 'socket': {
        if (!dispatcher || !socket) {
          socket?.destroy();
          return;
        }
        sockets ??= socketCalls((method, input) => dispatcher?.invoke(method, input) ?? Promise.resolve(STARTING), log);
        sockets.adopt(message.request, socket, message.head);
        return;
      }
      case 'hand-over': {
        let handle: string | null = null;
        try {
          handle = session ? (message.folder ? session.files.handOverFolder(message.path) : message.save ? session.files.handOverTarget(message.path) : session.files.handOver(message.path)) : null;
        } catch {
          handle = null;
        }
        post({ t: 'handle', id: message.id, handle });
        return;
      }
      case 'shell-done': {
        const wait = shellWaits.get(message.id);
        shellWaits.delete(message.id);
        if (message.error === undefined) wait?.resolve();
        else wait?.reject(new Error(message.error));
        return;
      }
      case 'stop':
        sockets?.close();
        session?.close();
        session = null;
        post({ t: 'stopped' });
        exit();
        return;
      default: {
        const never: never = message;
        log('core host: unknown message', never);
      }
    }
  });

  return {
    close() {
      sockets?.close();
      session?.close();
      session = null;
    },
  };
}

function vaultOf(init: HostInit, post: (message: FromCore) => void): CredentialVault | null {
  switch (init.vault) {
    case 'file': return fileCredentialVault(join(init.root, 'credentials.json'));
    case 'shell': return mirroredVault(init.credentials ?? {}, (accountId, credentials) => post({ t: 'vault', accountId, credentials }));
    case 'none': return null;
    default: {
      const never: never = init.vault;
      throw new Error(`unknown vault ${String(never)}`);
    }
  }
}

/** Electron: the decrypted copy main gave at start; each change goes back to main to encrypt and keep. */
function mirroredVault(initial: Record<string, Credentials>, changed: (accountId: string, credentials: Credentials | null) => void): CredentialVault {
  const entries = new Map(Object.entries(initial));
  const vault: CredentialVault = {
    get: (accountId) => entries.get(accountId) ?? null,
    set(accountId, credentials) {
      entries.set(accountId, credentials);
      changed(accountId, credentials);
    },
    remove(accountId) {
      entries.delete(accountId);
      changed(accountId, null);
    },
    storeFor: (accountId) => ({ getCredentials: async () => vault.get(accountId) }),
  };
  return vault;
}
