// Keeps the core's process running for the window's side (Electron main, web mode's server): starts
// it, forwards calls and events, and when it dies starts it again and says so ('core.restarted').
// A call in flight when it died answers 'core-restarted' (retryable: the core may or may not have
// committed it; every change answered before is committed, SQLite synchronous=FULL). Calls made
// while it restarts wait for it. In web mode it also hands the page's call socket over to the
// core (adoptSocket), which then serves its calls without this process in between; that socket
// closes with the core, and the page opens another. Electron-free: the shell passes in how to
// start the process.
import type { Socket } from 'node:net';
import type { IpcEventName, IpcResult } from '../../../shared/ipc/contract.ts';
import type { Credentials } from '../api/session.ts';
import type { FromCore, HostInit, ShellRequest, ToCore } from './protocol.ts';
import type { UpgradeRequest } from './socket-calls.ts';

/** The started process, whatever started it (utilityProcess.fork, child_process.fork). */
export interface CoreProcess {
  readonly pid: number | undefined;
  /** False when the message could not be sent (its channel cannot carry it); a process that has gone takes it silently (its exit answers). */
  post(message: ToCore): boolean;
  /**
   * Sends a message with a connection beside it (child_process.fork only; the connection is the
   * process's alone once sent). False, the socket untouched, when the process has gone.
   */
  postWithSocket?(message: ToCore, socket: Socket): boolean;
  onMessage(listener: (message: FromCore) => void): void;
  onExit(listener: (detail: string) => void): void;
  kill(): void;
}

export interface SupervisorOptions {
  spawn(): CoreProcess;
  /** Asked at every start (Electron's passwords may have changed since the last). */
  init: HostInit | (() => HostInit);
  onEvent(name: IpcEventName, payload: unknown): void;
  /** What only the shell may do (open a link, a desktop notification); web mode refuses links. */
  shell?(request: ShellRequest): Promise<void>;
  /** Electron: a password changed in the core, for main to encrypt and keep. */
  onVault?(accountId: string, credentials: Credentials | null): void;
  log?(message: string, error: unknown): void;
}

export interface CoreSupervisor {
  invoke(name: string, input: unknown): Promise<IpcResult<unknown>>;
  /** A file the seller handed over (a folder: 'folder'), named by a new handle (null: refused). */
  handOver(path: string, save?: boolean | 'folder'): Promise<string | null>;
  /**
   * Web mode: hands the page's call socket (its handshake checked) to the core once it runs.
   * The socket dies with that core; the page opens a new one (renderer/src/bridge/web-bridge.ts).
   */
  adoptSocket(request: UpgradeRequest, socket: Socket, head: Buffer): void;
  /** The running core's process id (tests kill it). */
  pid(): number | undefined;
  restarts(): number;
  /** Calls and page sockets waiting for a core that is starting (what tests wait on instead of sleeping). */
  waiting(): number;
  /** Page sockets handed to a core so far (a test waits on it instead of sleeping). */
  handedOver(): number;
  /** Resolves once the core answers (after a start or restart). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

const RESTARTED: IpcResult<never> = {
  ok: false,
  error: { code: 'core-restarted', message: 'the core stopped during this call and was started again: try again' },
};

/** A call whose message the channel to the core could not carry (the caller sent something no call is). */
const UNSENDABLE: IpcResult<never> = { ok: false, error: { code: 'invalid-input', message: 'the call could not be handed to the core' } };

export function startCoreSupervisor(options: SupervisorOptions): CoreSupervisor {
  let child: CoreProcess;
  let isReady = false;
  let closing = false;
  let restarts = 0;
  let crashesInARow = 0;
  let nextId = 0;
  const pending = new Map<number, (message: FromCore) => void>();
  const waiting: Array<{ go(): void; fail(): void }> = [];
  const readyWaiters: Array<() => void> = [];
  let handed = 0;
  let onStopped: (() => void) | null = null;

  function start(): void {
    isReady = false;
    const current = options.spawn();
    child = current;
    current.onMessage((message) => {
      if (current !== child) return;
      switch (message.t) {
        case 'ready': {
          isReady = true;
          crashesInARow = 0;
          if (restarts > 0) options.onEvent('core.restarted', { restarts });
          for (const call of waiting.splice(0)) call.go();
          for (const resolve of readyWaiters.splice(0)) resolve();
          return;
        }
        case 'result':
        case 'handle': {
          const settle = pending.get(message.id);
          pending.delete(message.id);
          settle?.(message);
          return;
        }
        case 'event':
          options.onEvent(message.name, message.payload);
          return;
        case 'shell': {
          const run = options.shell?.(message.request) ?? Promise.reject(new Error('no shell'));
          run.then(() => current.post({ t: 'shell-done', id: message.id }), (error: unknown) => current.post({ t: 'shell-done', id: message.id, error: error instanceof Error ? error.message : String(error) }));
          return;
        }
        case 'vault':
          options.onVault?.(message.accountId, message.credentials);
          return;
        case 'stopped':
          onStopped?.();
          return;
        default: {
          const never: never = message;
          options.log?.('core supervisor: unknown message', never);
        }
      }
    });
    current.onExit((detail) => {
      if (current !== child) return;
      isReady = false;
      // Whatever was in flight gets its answer now: retry, never a hang.
      for (const settle of pending.values()) settle({ t: 'result', id: -1, result: RESTARTED });
      pending.clear();
      if (closing) {
        onStopped?.();
        return;
      }
      options.log?.(`the core process stopped (${detail}); starting it again`, null);
      restarts++;
      crashesInARow++;
      // One that cannot even start answers the calls waiting for it rather than holding them.
      if (crashesInARow >= 3) for (const call of waiting.splice(0)) call.fail();
      // A core that dies at once again and again is restarted more and more slowly (to 10 s).
      const delay = crashesInARow <= 1 ? 0 : Math.min(10_000, 250 * 2 ** (crashesInARow - 2));
      setTimeout(() => {
        if (!closing) start();
      }, delay).unref();
    });
    current.post({ t: 'init', init: typeof options.init === 'function' ? options.init() : options.init });
  }

  function send(message: (id: number) => ToCore): Promise<FromCore> {
    return new Promise((resolve) => {
      // Runs now, or when a starting core is ready (from its 'ready' message): it must not throw.
      const go = () => {
        const id = ++nextId;
        pending.set(id, resolve);
        if (!child.post(message(id))) {
          pending.delete(id);
          resolve({ t: 'result', id, result: UNSENDABLE });
        }
      };
      if (isReady) go();
      else waiting.push({ go, fail: () => resolve({ t: 'result', id: -1, result: RESTARTED }) });
    });
  }

  start();

  return {
    async invoke(name, input) {
      if (closing) return RESTARTED;
      const answer = await send((id) => ({ t: 'invoke', id, name, input }));
      return answer.t === 'result' ? answer.result : RESTARTED;
    },
    async handOver(path, save = false) {
      const answer = await send((id) => ({ t: 'hand-over', id, path, ...(save === 'folder' ? { folder: true } : save ? { save } : {}) }));
      return answer.t === 'handle' ? answer.handle : null;
    },
    adoptSocket(request, socket, head) {
      if (closing) return void socket.destroy();
      const message: ToCore = { t: 'socket', request, head: new Uint8Array(head) };
      const later = { go, fail: () => socket.destroy() };
      // A page that gives up on a waiting socket (closed, reset) leaves the queue at once.
      const wait = () => {
        waiting.push(later);
        socket.once('close', () => {
          const at = waiting.indexOf(later);
          if (at >= 0) waiting.splice(at, 1);
        });
      };
      function go(): void {
        // The page gave up on it meanwhile.
        if (socket.destroyed) return;
        if (!child.postWithSocket) return void socket.destroy();
        // A core that died, its exit not read yet: the socket waits for the one started next.
        if (!child.postWithSocket(message, socket)) wait();
        else handed++;
      }
      // While the core starts, the page's calls go as requests; the socket waits for it.
      if (isReady) go();
      else wait();
    },
    pid: () => child.pid,
    restarts: () => restarts,
    waiting: () => waiting.length,
    handedOver: () => handed,
    ready: () => (isReady ? Promise.resolve() : new Promise<void>((resolve) => readyWaiters.push(resolve))),
    async close() {
      if (closing) return;
      closing = true;
      for (const call of waiting.splice(0)) call.fail();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          child.kill();
          resolve();
        }, 5000);
        timer.unref();
        onStopped = () => {
          clearTimeout(timer);
          resolve();
        };
        child.post({ t: 'stop' });
      });
    },
  };
}
