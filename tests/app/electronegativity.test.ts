import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

interface Finding { id: string; file: string; location: { line: number }; severity: { name: string }; sample: string }
type Run = (options: Record<string, unknown>, forCli: boolean) => Promise<{ errors: Array<{ file: string; message: string }>; issues: Finding[] }>;
const run = createRequire(import.meta.url)('@doyensec/electronegativity') as Run;

describe('electronegativity', () => {
  it('finds no high severity problem in the Electron shell', async () => {
    const result = await run({
      input: join(import.meta.dirname, '..', '..', 'electron'),
      isRelative: true,
      severitySet: 'informational',
      confidenceSet: 'tentative',
      // Offline it cannot fetch the release list; the installed version is given instead.
      electronVersionOverride: '41.7.1',
    }, false);
    expect(result.errors).toEqual([]);
    const high = result.issues.filter((i) => i.severity.name === 'HIGH');
    expect(high.map((i) => `${i.id} ${i.file}:${i.location.line} ${i.sample}`)).toEqual([]);
  }, 60_000);
});
