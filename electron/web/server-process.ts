// The command line's way to start web mode's server in a process of its own (server-main.ts),
// for its supervisor (server-supervisor.ts): child_process.fork of the same folder's entry, its
// TypeScript through tsx (`npm run web`) or its bundle (the e2e tests' build, beside main.js).
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FromServer, ServerProcess, ToServer } from './server-supervisor.ts';

export function forkServer(): ServerProcess {
  // import.meta.url, not dirname: a bundle keeps its own place in its URL.
  const here = fileURLToPath(import.meta.url);
  const fromSource = here.endsWith('.ts');
  const entry = join(dirname(here), fromSource ? 'server-main.ts' : 'server-main.js');
  const tsx = fromSource ? pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href : null;
  const child = fork(entry, [], {
    execArgv: tsx ? ['--import', tsx] : [],
    // The server logs to stderr (the command line's); it reads nothing from stdin.
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const post = (message: ToServer) => {
    if (!child.connected) return;
    try {
      child.send(message, () => {});
    } catch {
      // Gone meanwhile: its exit is what the supervisor answers.
    }
  };
  return {
    pid: child.pid,
    start: (options) => post({ t: 'start', options }),
    onListening(listener) {
      child.on('message', (message: FromServer) => {
        if (message.t === 'listening') listener(message.url, message.port);
      });
    },
    onExit(listener) {
      child.once('exit', (code, signal) => listener(signal ? `signal ${signal}` : `exit code ${code}`));
    },
    stop: () => post({ t: 'stop' }),
    kill: () => child.kill('SIGKILL'),
  };
}
