// Web mode as the e2e tests start it: its server (electron/web/main.ts, with the embedded sandbox
// marketplace it may start) bundled with esbuild and run on plain Node, as the core already is
// (electron/web/core-bundle.ts), instead of its sources through tsx: tsx compiled the server's and
// the service's modules on every start and ran its loader on a thread of its own. The bundle and
// the core's are made once per test run (shared-renderer.ts's lock) and kept like the core's, in a
// folder named by their content under node_modules/.cache (the bundle's bare imports resolve to
// the project's node_modules from there). Web mode is given the core's bundle (--core), so it does
// not bundle the core again at each start.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { keepBundle } from '../../electron/web/bundle-cache.ts';
import { bundledCoreEntry } from '../../electron/web/core-bundle.ts';
import { sharedOnce } from './shared-renderer.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const CACHE = join(ROOT, 'node_modules', '.cache', 'market-desk-web');
const WEB = join(ROOT, 'electron', 'web');

/** What web mode is started from: its server's bundle and the core host's it forks. */
export interface WebEntry {
  main: string;
  core: string;
}

let bundled: Promise<WebEntry> | null = null;

/** Web mode's bundles, made on the first call of this process (bench:ui, or outside a vitest run). */
export function bundledWebMode(): Promise<WebEntry> {
  bundled ??= bundle().catch((error: unknown) => {
    bundled = null;
    throw error;
  });
  return bundled;
}

/** Web mode's bundles, made once per test run and shared by every e2e file. */
export async function runWebMode(): Promise<WebEntry> {
  const folder = await sharedOnce('web-mode', async (outDir) => {
    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, 'entry.json'), JSON.stringify(await bundledWebMode()));
  });
  return JSON.parse(readFileSync(join(folder, 'entry.json'), 'utf8')) as WebEntry;
}

async function bundle(): Promise<WebEntry> {
  const core = await bundledCoreEntry();
  const esbuild = await import('esbuild');
  try {
    const result = await esbuild.build({
      absWorkingDir: ROOT,
      // The command line (its supervisor) and the server's own process it starts (server-main.ts).
      entryPoints: { main: join(WEB, 'main.ts'), 'server-main': join(WEB, 'server-main.ts') },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      // The modules both entries load, and those loaded only when used (the sandbox marketplace,
      // the accounts' setup), in chunks of their own: the command line, which only supervises the
      // server (main.ts), loads the service only when it runs the sandbox.
      splitting: true,
      // The only modules of this graph that read their own place are electron/web's (the renderer's
      // default folder, the core's TypeScript entry, core-bundle.ts's root): they read it as theirs.
      define: { 'import.meta.dirname': JSON.stringify(WEB) },
      outdir: CACHE,
      write: false,
      logLevel: 'silent',
    });
    return { main: keepBundle(CACHE, result.outputFiles, 'main.js'), core };
  } finally {
    await esbuild.stop();
  }
}
