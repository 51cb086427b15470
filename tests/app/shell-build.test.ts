import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildShell } from '../../electron/build-shell.ts';
import { tempFolder } from './support.ts';

describe('the Electron shell build', () => {
  it('bundles a CommonJS preload that requires only electron, an ES main with native modules external, the core host and the photo worker next to it', async () => {
    const out = tempFolder('shell-build-');
    await buildShell(out);
    const preload = readFileSync(join(out, 'preload', 'preload.cjs'), 'utf8');
    expect([...preload.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1])).toEqual(['electron']);
    expect(preload).toContain('exposeInMainWorld("marketDesk"');
    expect(preload).not.toMatch(/\bimport\s/);
    const main = readFileSync(join(out, 'main', 'main.js'), 'utf8');
    const imports = [...main.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(imports).toEqual(expect.arrayContaining(['electron', 'better-sqlite3', 'sharp']));
    // Our own code is bundled in: no relative imports remain.
    expect(imports.filter((i) => i?.startsWith('.'))).toEqual([]);
    // The photo preparation worker thread, next to main.js where worker-pool.ts looks for it.
    const worker = readFileSync(join(out, 'main', 'prepare-worker.js'), 'utf8');
    const workerImports = [...worker.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(workerImports).toEqual(expect.arrayContaining(['sharp', 'heic-decode']));
    expect(workerImports.filter((i) => i?.startsWith('.'))).toEqual([]);
    // Issue 19: the core (and with it the worker pool) runs in its own utility process, next to main.js.
    expect(main).toContain('core-host.js');
    const host = readFileSync(join(out, 'main', 'core-host.js'), 'utf8');
    const hostImports = [...host.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(hostImports).toEqual(expect.arrayContaining(['better-sqlite3']));
    expect(hostImports).not.toContain('electron');
    expect(hostImports.filter((i) => i?.startsWith('.'))).toEqual([]);
    expect(host).toContain('prepare-worker.js');
    // The backup domain's workers (backup-worker.ts names them), beside the core host: the check of
    // a backup, and the one that reads a restored or imported cache as data (issue 37); and the
    // checkpoint of a long write's WAL and the account's writer thread (issue 41, db/long-write-wal.ts, writer/).
    for (const worker of ['verify-worker', 'adopt-worker', 'checkpoint-worker', 'writer-thread']) {
      expect(host).toMatch(new RegExp(`["']${worker}["']`));
      expect(readFileSync(join(out, 'main', `${worker}.js`), 'utf8')).not.toMatch(/^import .* from "\.[^"]*";$/m);
    }
  }, 60_000);
});
