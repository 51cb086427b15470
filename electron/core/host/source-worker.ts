// A core worker started from the TypeScript sources (tests, benches: the shipped app starts the
// `<name>.js` that electron/build-shell.ts writes beside the core's bundle, and never runs this).
// The worker's sources are bundled once per process with esbuild (a dev dependency, as tsx is),
// dependencies left to node_modules, into a file named by its content under node_modules/.cache,
// and the worker runs that plain JavaScript. Through tsx's loader instead, every worker started its
// own loader thread and compiled its files again: 0.5 to 1 s before a spreadsheet's first byte was
// read, at load 5 (issue 41), against 50 to 160 ms for plain JavaScript.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

interface Esbuild {
  buildSync(options: Record<string, unknown>): { outputFiles: Array<{ text: string }> };
}

const CACHE = join(import.meta.dirname, '..', '..', '..', 'node_modules', '.cache', 'market-desk-workers');
const bundled = new Map<string, string>();

/** The path of `source` (a worker's .ts entry) bundled as one ES module; made on first use in this process. */
export function sourceWorkerFile(source: string): string {
  const known = bundled.get(source);
  if (known) return known;
  const esbuild = createRequire(import.meta.url)('esbuild') as Esbuild;
  const [output] = esbuild.buildSync({
    entryPoints: [source],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'silent',
  }).outputFiles;
  if (!output) throw new Error(`esbuild gave no output for ${source}`);
  const name = `${createHash('sha256').update(output.text).digest('hex').slice(0, 16)}.mjs`;
  const file = join(CACHE, name);
  if (!existsSync(file)) {
    // Written aside and renamed into place whole: another process may be making the same one.
    mkdirSync(CACHE, { recursive: true });
    const making = join(CACHE, `.making-${randomBytes(6).toString('hex')}`);
    writeFileSync(making, output.text);
    try {
      renameSync(making, file);
    } catch {
      rmSync(making, { force: true });
    }
  }
  bundled.set(source, file);
  return file;
}
