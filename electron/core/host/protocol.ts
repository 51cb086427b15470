// The messages between the window's side (Electron main, or web mode's HTTP server) and the core's
// own process (core-host.ts). Plain data only: they cross a process boundary (utilityProcess's
// port in Electron, child_process IPC in web mode). The contract itself (shared/ipc/contract.ts) is not
// restated here: an invoke carries a method name and its raw input, and the core checks both.
import type { Socket } from 'node:net';
import type { IpcEventName, IpcResult } from '../../../shared/ipc/contract.ts';
import type { Credentials } from '../api/session.ts';
import type { UpgradeRequest } from './socket-calls.ts';

/** What the core process needs to open the app's data: serialisable, no functions. */
export interface HostInit {
  /** The app's data root. */
  root: string;
  /**
   * Where passwords are: 'file' (web mode's 0600 file in the data root), 'none' (tests without
   * a marketplace), 'shell' (Electron: main holds safeStorage; the core gets the decrypted copy
   * at start and hands every change back to main to encrypt and keep).
   */
  vault: 'file' | 'none' | 'shell';
  credentials?: Record<string, Credentials>;
  /** Engine timing (tests); the session's default otherwise. */
  syncTiming?: { debounceMs: number; pollMs: number };
  /** Web mode: a typed backup folder is taken (checked); absent in Electron, where only main's folder dialog names one. */
  typedFolders?: boolean;
}

export type ShellRequest =
  | { op: 'openExternal'; url: string }
  | { op: 'notify'; notice: { title: string; body: string } };

/** To the core. */
export type ToCore =
  | { t: 'init'; init: HostInit }
  | { t: 'invoke'; id: number; name: string; input: unknown }
  /** A file the seller picked or dropped (Electron main, after its sender check): answered with a handle. */
  | { t: 'hand-over'; id: number; path: string; /** A save dialog's answer (a file to write), not a file to read. */ save?: boolean; /** A folder dialog's answer (a folder to write into). */ folder?: boolean }
  | { t: 'shell-done'; id: number; error?: string }
  /**
   * Web mode: the page's call socket, its handshake checked by the server (origin, host, secret).
   * The connection itself comes beside the message (child_process's handle passing).
   */
  | { t: 'socket'; request: UpgradeRequest; head: Uint8Array }
  | { t: 'stop' };

/** From the core. */
export type FromCore =
  | { t: 'ready' }
  | { t: 'result'; id: number; result: IpcResult<unknown> }
  | { t: 'handle'; id: number; handle: string | null }
  | { t: 'event'; name: IpcEventName; payload: unknown }
  | { t: 'shell'; id: number; request: ShellRequest }
  | { t: 'vault'; accountId: string; credentials: Credentials | null }
  | { t: 'stopped' };

/** One end of the link, whatever carries it. */
export interface HostChannel {
  post(message: FromCore): void;
  /** `socket`: the connection a 'socket' message hands over (child_process only). */
  onMessage(listener: (message: ToCore, socket?: Socket) => void): void;
}
