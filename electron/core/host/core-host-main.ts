// The core process's entry: Electron's utilityProcess (process.parentPort) or, in web mode and
// tests, a child_process.fork (process.send). Both speak protocol.ts; nothing else differs.
import { Socket } from 'node:net';
import type { FromCore, HostChannel, ToCore } from './protocol.ts';
import { runCoreHost } from './core-host.ts';

interface ParentPort {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
}

const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;
// Errors go to stderr (the shell's log): never into an answer to the window.
const log = (message: string, error: unknown) => process.stderr.write(`${message}: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);

let channel: HostChannel;
if (parentPort) {
  channel = {
    post: (message: FromCore) => parentPort.postMessage(message),
    onMessage: (listener) => parentPort.on('message', (event) => listener(event.data as ToCore)),
  };
} else if (process.send) {
  const send = process.send.bind(process);
  channel = {
    post: (message: FromCore) => {
      // The window's side gone mid-answer fails the write: reported here, not as an uncaught
      // error, so the 'disconnect' below still closes the cache cleanly.
      send(message, undefined, undefined, () => {});
    },
    onMessage: (listener) => process.on('message', (message, socket) => listener(message as ToCore, socket instanceof Socket ? socket : undefined)),
  };
  // The window's side is gone (killed, crashed): the core does not outlive it.
  process.on('disconnect', () => {
    host.close();
    process.exit(0);
  });
} else {
  throw new Error('core-host-main runs as a child process (utilityProcess.fork or child_process.fork)');
}

const host = runCoreHost(channel, () => process.exit(0), log);
