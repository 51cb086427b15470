// The runtime boundaries of eslint.config.js hold: each folder is linted as if a file there
// imported what it must not (the code is linted in memory, nothing is written).
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-globals').map((m) => m.ruleId ?? '');
}

describe('the lint boundaries between runtimes', () => {
  it('keep Node built-ins (by either name), React and app code out of shared/', async () => {
    for (const source of [`import 'fs';`, `import 'node:path';`, `import 'crypto';`, `import 'react';`, `import '../server/app.ts';`]) {
      expect(await refusals('shared/probe.ts', source), source).toHaveLength(1);
    }
    expect(await refusals('shared/probe.ts', `import { z } from 'zod'; export const s = z.string();`)).toEqual([]);
  });

  it('keep Electron, the service and the sandbox out of the core', async () => {
    for (const source of [`import 'electron';`, `import '../../../server/app.ts';`, `import '../../sandbox/embedded-marketplace.ts';`]) {
      expect(await refusals('electron/core/drafts/probe.ts', source), source).toHaveLength(1);
    }
  });

  it('give the sandbox rules too: no Electron, no renderer', async () => {
    expect(await refusals('electron/sandbox/probe.ts', `import 'electron';`)).toHaveLength(1);
    expect(await refusals('electron/sandbox/probe.ts', `import '../../renderer/src/app.tsx';`)).toHaveLength(1);
  });

  it('allow fetch and EventSource in the renderer only inside its bridge', async () => {
    const source = `export const f = () => fetch('/ipc/x'); export const e = () => new EventSource('/events');`;
    expect(await refusals('renderer/src/sales/probe.ts', source)).toHaveLength(2);
    expect(await refusals('renderer/src/bridge/probe.ts', source)).toEqual([]);
  });
});
