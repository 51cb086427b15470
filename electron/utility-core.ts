// Electron's way to start the core's process: utilityProcess.fork of the core host (out/main/
// core-host.js, built from electron/core/host/core-host-main.ts), the same entry and protocol web
// mode forks with child_process (electron/web/core-process.ts). Its port carries the messages.
import { utilityProcess } from 'electron';
import type { CoreProcess } from './core/host/core-supervisor.ts';
import type { FromCore } from './core/host/protocol.ts';

export function forkUtilityCore(entry: string): CoreProcess {
  // --expose-gc as web mode's core: memory a file's reading needed is given back at once.
  // Two malloc arenas, as web mode's core (CORE_ENV of web/core-process.ts says why).
  const child = utilityProcess.fork(entry, [], { serviceName: 'Market Desk core', stdio: 'inherit', execArgv: ['--expose-gc'], env: { ...process.env, MALLOC_ARENA_MAX: '2' } });
  return {
    get pid() {
      return child.pid;
    },
    post: (message) => {
      try {
        child.postMessage(message);
        return true;
      } catch {
        // A message structured clone cannot carry: the supervisor answers the call (issue 37).
        return false;
      }
    },
    onMessage: (listener) => {
      child.on('message', (message: unknown) => listener(message as FromCore));
    },
    onExit: (listener) => {
      child.once('exit', (code: number) => listener(`exit code ${code}`));
    },
    kill: () => {
      child.kill();
    },
  };
}
