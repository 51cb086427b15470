// Web mode's server supervisor (electron/web/server-supervisor.ts) in a process of its own, as web
// mode's command line runs it: a server that dies is started again, and the command line does not
// end between the two starts (an unref'd restart timer let it exit now and then when nothing else
// held it open, a run with --marketplace or --sandbox off: a CI run's flake of issue 37's test).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('./fixtures/supervise-a-sleeper.ts', import.meta.url));

it('starts a server that dies again, and its command line stays up in between', async () => {
  const supervisor = spawn(process.execPath, ['--import', 'tsx', CHILD], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = createInterface({ input: supervisor.stdout });
  const starts: number[] = [];
  const exited = new Promise<string>((resolve) => supervisor.once('exit', (code, signal) => resolve(`exited (${signal ?? code})`)));
  const next = () => Promise.race([
    new Promise<number>((resolve) => lines.once('line', (line) => resolve(Number(line.split(' ')[2])))),
    exited,
  ]);
  try {
    starts.push(Number(await next()));
    for (let kill = 0; kill < 3; kill++) {
      process.kill(starts.at(-1)!, 'SIGKILL');
      const started = await next();
      expect(started).toBeTypeOf('number');
      starts.push(Number(started));
    }
    expect(new Set(starts).size).toBe(4);
    expect(supervisor.exitCode).toBeNull();
  } finally {
    supervisor.kill('SIGKILL');
    for (const pid of starts) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
  }
}, 60_000);
