// Issue 19's figure: how long the window's side (web mode's server process, Electron's main) waits
// for the core while it imports a spreadsheet. perf_hooks.monitorEventLoopDelay over the call,
// the core in this process (the shape of main at 106cf2f) and in its own process (issue 19),
// quiet and beside a spinning child process. Bounded: one import of `rows` rows per run.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startCoreSupervisor } from '../electron/core/host/core-supervisor.ts';
import { createIpcDispatcher } from '../electron/core/ipc/dispatcher.ts';
import { coreHandlers } from '../electron/core/ipc/handlers.ts';
import { openCoreSession } from '../electron/core/session/core-session.ts';
import { forkCore } from '../electron/web/core-process.ts';

type Invoke = (name: string, input: unknown) => Promise<{ ok: boolean }>;

function csv(rows: number): string {
  const lines = ['title,saleMethod,buyNowPrice,quantity'];
  for (let i = 0; i < rows; i++) lines.push(`Bench chair ${i},buy-now,${10 + (i % 90)},1`);
  return `${lines.join('\n')}\n`;
}

async function measure(invoke: Invoke, rows: number): Promise<{ maxMs: number; p99Ms: number; callMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  const input = { base64: Buffer.from(csv(rows)).toString('base64'), fileName: 'bench.csv' };
  histogram.enable();
  const started = performance.now();
  const answer = await invoke('csv.import', input);
  const callMs = performance.now() - started;
  histogram.disable();
  if (!answer.ok) throw new Error(`the import failed: ${JSON.stringify(answer)}`);
  return { maxMs: Math.round(histogram.max / 1e6), p99Ms: Math.round(histogram.percentile(99) / 1e6), callMs: Math.round(callMs) };
}

async function inProcess(root: string, rows: number) {
  const session = openCoreSession({ root: mkdtempSync(join(root, 'in-process-')) });
  try {
    const dispatcher = createIpcDispatcher(coreHandlers(session, async () => {}));
    return await measure((name, input) => dispatcher.invoke(name, input), rows);
  } finally {
    session.close();
  }
}

async function ownProcess(root: string, rows: number) {
  const core = startCoreSupervisor({ spawn: () => forkCore(), init: { root: mkdtempSync(join(root, 'own-process-')), vault: 'none' }, onEvent: () => {} });
  try {
    await core.ready();
    return await measure((name, input) => core.invoke(name, input), rows);
  } finally {
    await core.close();
  }
}

async function besideSpinner<T>(run: () => Promise<T>): Promise<T> {
  const spinner = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  try {
    return await run();
  } finally {
    spinner.kill('SIGKILL');
  }
}

export async function benchWindowThread(root: string, rows: number) {
  return {
    rows,
    coreInServerProcess: { quiet: await inProcess(root, rows), busy: await besideSpinner(() => inProcess(root, rows)) },
    coreInOwnProcess: { quiet: await ownProcess(root, rows), busy: await besideSpinner(() => ownProcess(root, rows)) },
  };
}
