// Web mode's (and the tests') way to start the core's process: child_process.fork of the same
// entry Electron starts with utilityProcess.fork (electron/core/host/core-host-main.ts), over
// Node's IPC channel. Web mode forks the bundled core (core-bundle.ts); given the TypeScript entry
// (the window-thread bench) it loads the sources through tsx.
import { fork } from 'node:child_process';
import type { Socket } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CoreProcess } from '../core/host/core-supervisor.ts';
import type { FromCore } from '../core/host/protocol.ts';

export const CORE_HOST_ENTRY = join(import.meta.dirname, '..', 'core', 'host', 'core-host-main.ts');

/**
 * The core's process environment. glibc gives each thread that allocates at once an arena of its
 * own (up to 8 per core) and keeps what a thread freed in its arena: after a file's reading worker
 * or the photo workers end, their arenas stayed resident (~25-40 MB after a hostile file, issue
 * 19). Two arenas are plenty for one core thread and its short-lived workers.
 */
export const CORE_ENV = { MALLOC_ARENA_MAX: '2' } as const;

/** A connection sent to the core, and its libuv handle (Node's internal TCP wrap) once Node took it. */
interface InFlight {
  socket: Socket;
  handle: { close(): void } | null;
}

export function forkCore(entry = CORE_HOST_ENTRY): CoreProcess {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child = fork(entry, [], {
    // --expose-gc: after a file's reading worker ends, the core gives its memory back at once
    // (spreadsheet-worker-host.ts), so one big or hostile file does not leave the app holding it.
    execArgv: entry.endsWith('.ts') ? ['--expose-gc', '--import', tsx] : ['--expose-gc'],
    env: { ...process.env, ...CORE_ENV },
    // The core logs to stderr (the server's log); it reads nothing from stdin.
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  // Connections sent and not yet acknowledged by the core, oldest first (Node passes one at a time
  // and queues the next until the core acknowledges). A core that dies before it acknowledges one:
  // Node 20 puts off the channel's disconnect until the acknowledgement, which never comes, and so
  // never closes its copy of that connection, nor sends the queued ones: the page's handshake would
  // wait for good. All of them are closed here when the core exits (closing twice does nothing).
  const unacknowledged: InFlight[] = [];
  child.on('internalMessage', (message: { cmd?: string }) => {
    if (message.cmd === 'NODE_HANDLE_ACK') unacknowledged.shift();
  });
  child.once('exit', () => {
    for (const { socket, handle } of unacknowledged.splice(0)) {
      socket.destroy();
      handle?.close();
    }
  });
  return {
    pid: child.pid,
    post(message) {
      // A core that has just died still looks connected until its exit is read, and the write
      // fails (EPIPE). Given a callback, send reports that to it instead of as an 'error' event,
      // which nothing handles and which would take the server down. Nothing is lost: the exit
      // that follows answers the call 'core-restarted' and logs the restart (core-supervisor.ts).
      if (!child.connected) return true;
      try {
        child.send(message, () => {});
        return true;
      } catch {
        // A message the channel cannot carry (its serializer throws, e.g. RangeError on a value
        // nested too deep): the caller answers it; the server goes on (issue 37).
        return false;
      }
    },
    postWithSocket(message, socket) {
      // A core that has just died, its exit not read yet: the supervisor keeps the socket for the next.
      if (!child.connected) return false;
      // Sent as a plain connection, not as one of the server's: Node counts a server's socket sent
      // to a child as that child's (net.Server's _setupWorker), and once every such child has
      // exited, server.close() waits for good (Node 20 polls no child and never drains).
      (socket as Socket & { server: unknown }).server = null;
      // Once sent, the connection is the core's alone: keepOpen false takes the handle out of this
      // side's socket (Node closes it once the core has it), and the empty socket is destroyed
      // then, which counts it out of the server's connections. Not before: one sent while another
      // awaits its acknowledgement waits in Node's queue with its handle. One that could not be
      // sent is closed with it, and the page goes on with requests until it opens another.
      const inFlight: InFlight = { socket, handle: (socket as Socket & { _handle: InFlight['handle'] })._handle };
      try {
        child.send(message, socket, { keepOpen: false }, () => socket.destroy());
      } catch {
        // Not sent: the page's socket is closed (it goes on with requests and opens another).
        socket.destroy();
        return true;
      }
      unacknowledged.push(inFlight);
      return true;
    },
    onMessage(listener) {
      child.on('message', (message) => listener(message as FromCore));
    },
    onExit(listener) {
      child.once('exit', (code, signal) => listener(signal ? `signal ${signal}` : `exit code ${code}`));
    },
    kill() {
      child.kill('SIGKILL');
    },
  };
}
