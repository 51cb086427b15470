// Crash tests start the same child process fifty times in a row, each on the file the last one
// left: the child's own start (node, its bundle, better-sqlite3 and the core's modules: about
// half a second, most of a run) was paid in series, while the test only waited. A spare is now
// started one turn ahead: it loads its modules while the previous child works and is checked, and
// waits (tests/support/child-turn.ts) until its turn before it opens anything. What a child does
// from its turn on, and when it is killed, are as before: the kill's timer starts at its "ready".
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export interface TurnChild {
  process: ChildProcess & { stdout: NonNullable<ChildProcess['stdout']> };
  /** Its exit: [code, signal] (listened for from its start: a spare that died early is not missed). */
  exited: Promise<[number | null, NodeJS.Signals | null]>;
  /** What it wrote on stderr so far. */
  stderr(): string;
}

export interface ChildTurns {
  /** The spare (started ahead) given its turn, with `turnArgs` for this turn only; the next spare starts at once. */
  next(turnArgs?: string[]): TurnChild;
  /** Starts the first spare now (before a long setup), unless there is one. */
  prepare(): void;
  /** Ends the spare no turn came to. */
  close(): Promise<void>;
}

/** `node ...execArgv script ...args` started one turn ahead, one child working at a time. */
export function childTurns(script: string, args: string[], execArgv: string[] = []): ChildTurns {
  const start = (): TurnChild => {
    const child = spawn(process.execPath, [...execArgv, script, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    exited.catch(() => {});
    return { process: child, exited, stderr: () => stderr };
  };
  let spare: TurnChild | undefined;
  return {
    prepare() {
      spare ??= start();
    },
    next(turnArgs = []) {
      const child = spare ?? start();
      spare = start();
      // Its turn: one line, then the end of its input (a child reads nothing else).
      child.process.stdin?.end(`${JSON.stringify(turnArgs)}\n`);
      return child;
    },
    async close() {
      if (!spare) return;
      // A spare whose input ends without a turn exits by itself.
      spare.process.stdin?.end();
      await spare.exited;
      spare = undefined;
    },
  };
}
