// Web mode's server in a process of its own (issue 37): started, and started again when it dies,
// by the command line's supervisor (main.ts, server-supervisor.ts), which sends it the launch's
// options (port, secret, data folder) over the channel and stops it. A command line that is gone
// takes its server with it (the server's core follows its server the same way).
import { startWebServer, type WebServer } from './web-server.ts';
import type { FromServer, ToServer, WebServerStart } from './server-supervisor.ts';

const send = process.send?.bind(process);
if (!send) throw new Error('server-main runs as a child of web mode\'s command line (main.ts)');

const log = (message: string, error: unknown) => process.stderr.write(`${message}: ${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
let server: WebServer | null = null;
let stopping = false;

async function start(options: WebServerStart): Promise<void> {
  try {
    server = await startWebServer({
      root: options.root, vault: options.vault, rendererDir: options.rendererDir, port: options.port, secret: options.secret,
      restarts: options.restarts, ...(options.coreEntry ? { coreEntry: options.coreEntry } : {}), log,
    });
    send?.({ t: 'listening', url: server.url, port: Number(new URL(server.origin).port) } satisfies FromServer);
  } catch (error) {
    log('web mode\'s server could not start', error);
    process.exit(1);
  }
}

async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await server?.close();
  process.exit(0);
}

process.on('message', (message: ToServer) => {
  if (message.t === 'start') void start(message.options);
  else void stop();
});
process.on('disconnect', () => void stop());
