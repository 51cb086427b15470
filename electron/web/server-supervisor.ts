// Web mode's server is supervised as its core is (issue 37: a page could stop it for good, and
// nobody started it again). The command line's process (main.ts) only starts the server's
// process (server-main.ts), hands it the launch's port and secret, and starts it again when it
// dies: on the same port with the same secret, so the page that was open goes on where it was
// (its calls in flight answer 'core-restarted', its event stream comes back and is told
// 'core.restarted': event-stream.ts). One that dies again at once is started more and more
// slowly (to 10 s), as the core is (core-supervisor.ts).

/** What the server's process is started with (server-main.ts): plain data, sent over its channel (the secret never on its command line). */
export interface WebServerStart {
  root: string;
  vault: 'file' | 'none';
  rendererDir: string;
  port: number;
  secret: string;
  /** The bundled core host, when made beforehand (the tests); bundled at start otherwise. */
  coreEntry?: string;
  /** How many times the server was started again before this start. */
  restarts: number;
}

/** The supervisor's messages to the server's process, and its answer. */
export type ToServer = { t: 'start'; options: WebServerStart } | { t: 'stop' };
export type FromServer = { t: 'listening'; url: string; port: number };

/** The server's process, whatever started it (child_process.fork in main.ts; tests alike). */
export interface ServerProcess {
  readonly pid: number | undefined;
  start(options: WebServerStart): void;
  /** The server listens: its page's URL (with the secret) and its port. */
  onListening(listener: (url: string, port: number) => void): void;
  onExit(listener: (detail: string) => void): void;
  /** Asks it to close (its core too) and exit. */
  stop(): void;
  kill(): void;
}

export interface ServerSupervisorOptions {
  spawn(): ServerProcess;
  /** What every start is given; the port is the first start's own once it listens. */
  options: WebServerStart;
  /** The first start listens: the URL to print. */
  onFirstListening(url: string): void;
  log(message: string): void;
}

export interface ServerSupervisor {
  pid(): number | undefined;
  restarts(): number;
  /** Stops the server (and its core) and does not start it again. */
  stop(): Promise<void>;
}

/** A server that lived this long before dying was not dying at once. */
const STEADY_MS = 10_000;

export function superviseServer(options: ServerSupervisorOptions): ServerSupervisor {
  let child: ServerProcess;
  let port = options.options.port;
  let restarts = 0;
  let crashesInARow = 0;
  let startedAt = 0;
  let stopping = false;
  let alive = false;
  let announced = false;
  let onStopped: (() => void) | null = null;
  let restartTimer: ReturnType<typeof setTimeout> | null = null;

  function start(): void {
    const current = options.spawn();
    child = current;
    alive = true;
    startedAt = Date.now();
    current.onListening((url, listening) => {
      port = listening;
      if (!announced) {
        announced = true;
        options.onFirstListening(url);
      }
    });
    current.onExit((detail) => {
      if (current !== child) return;
      alive = false;
      if (stopping) {
        onStopped?.();
        return;
      }
      restarts++;
      crashesInARow = Date.now() - startedAt < STEADY_MS ? crashesInARow + 1 : 1;
      const delay = crashesInARow <= 1 ? 0 : Math.min(10_000, 250 * 2 ** (crashesInARow - 2));
      options.log(`web mode's server stopped (${detail}); starting it again${delay ? ` in ${delay} ms` : ''} on port ${port}`);
      // Not unref'd: between two starts this timer is all that keeps web mode's command line alive
      // (an unref'd one let it exit, now and then, the moment its server died: a CI run's flake).
      restartTimer = setTimeout(() => {
        restartTimer = null;
        if (!stopping) start();
      }, delay);
    });
    current.start({ ...options.options, port, restarts });
  }

  start();

  return {
    pid: () => child.pid,
    restarts: () => restarts,
    stop() {
      stopping = true;
      // Between two starts: nothing runs, and none is started.
      if (restartTimer) clearTimeout(restartTimer);
      if (!alive) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          child.kill();
          resolve();
        }, 10_000);
        timer.unref();
        onStopped = () => {
          clearTimeout(timer);
          resolve();
        };
        child.stop();
      });
    },
  };
}
