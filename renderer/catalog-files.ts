// Each language's words in a file of its own, beside the app's one script (classic-script.ts): a
// seller's window loads only its language's (src/i18n/messages.ts imports a catalog when the
// language is first used). The app's script cannot split into chunks (a classic script has no
// imports), so each catalog is built here, apart, and its import left to the browser: a dynamic
// import() works from a classic script too, resolved against the script's own address.
//
// A catalog is data: its file is one JSON.parse of its words (V8 reads JSON faster than the same
// object written as code), under the names the catalog's module exports.
import { createHash } from 'node:crypto';
import { basename, dirname } from 'node:path';
import { runnerImport, type Plugin } from 'vite';

/** The plugin for these catalog modules (their absolute paths): each a file of its own in assets/. */
export function catalogFiles(catalogs: readonly string[]): Plugin {
  /** A catalog module's path to its file's name (next to the app's script, in assets/). */
  const files = new Map<string, string>();
  return {
    name: 'market-desk-catalog-files',
    apply: 'build',
    async buildStart() {
      for (const path of catalogs) {
        // The catalog's module, run in Node through Vite (it is TypeScript): its exports are its words.
        const { module } = await runnerImport<Record<string, unknown>>(path);
        const source = Object.entries(module)
          .map(([name, words]) => `export const ${name} = JSON.parse(${JSON.stringify(JSON.stringify(words))});\n`)
          .join('');
        // Named by the language's folder (catalogs/fi/index.ts: catalog-fi) and its content.
        const fileName = `catalog-${basename(dirname(path))}-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
        files.set(path, fileName);
        this.emitFile({ type: 'asset', fileName: `assets/${fileName}`, source });
        this.addWatchFile(path);
      }
    },
    resolveId: {
      order: 'pre',
      async handler(source, importer, options) {
        if (!importer || !catalogs.some((path) => source.endsWith(basename(dirname(path)) + '/' + basename(path)))) return null;
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        const fileName = resolved && files.get(resolved.id);
        // The app's script is in assets/ too: the import names its sibling.
        return fileName ? { id: `./${fileName}`, external: true } : null;
      },
    },
  };
}
