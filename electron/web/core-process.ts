// Web mode's (and the tests') way to start the core's process: child_process.fork of the same
// entry Electron starts with utilityProcess.fork (electron/core/host/core-host-main.ts), over
// Node's IPC channel. Web mode forks the bundled core (core-bundle.ts); given the TypeScript entry
// (the window-thread bench) it loads the sources through tsx.
import { fork } from 'node:child_process';
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
  return {
    pid: child.pid,
    post(message) {
      // A core that has just died still looks connected until its exit is read, and the write
      // fails (EPIPE). Given a callback, send reports that to it instead of as an 'error' event,
      // which nothing handles and which would take the server down. Nothing is lost: the exit
      // that follows answers the call 'core-restarted' and logs the restart (core-supervisor.ts).
      if (child.connected) child.send(message, () => {});
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
