// Each language's words in a file of its own, beside the app's one script (classic-script.ts): a
// seller's window loads only its language's (src/i18n/messages.ts imports a catalog when the
// language is first used). The app's script cannot split into chunks (a classic script has no
// imports), so each catalog is built here, apart, and its import left to the browser: a dynamic
// import() works from a classic script too, resolved against the script's own address.
//
// A catalog is data: its file is one JSON.parse of its words (V8 reads JSON faster than the same
// object written as code), under the names the catalog's module exports. Each message is written
// already parsed (the ICU message's syntax tree, as formatjs would make it at its first use), so the
// window never parses a message: a first render words about 150 of them. The app's script carries
// no ICU parser at all (parserLeftOut): a message that cannot be parsed fails this build instead.
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createHash } from 'node:crypto';
import { basename, dirname } from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import { INTL_LOCALE, isAppLocale } from '../shared/format/app-locale.ts';

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
        const { module } = await runnerImport<Record<string, Record<string, string>>>(path);
        const language = basename(dirname(path));
        const source = Object.entries(module)
          .map(([name, words]) => `export const ${name} = JSON.parse(${jsonInQuotes(parsedCatalog(language, words))});\n`)
          .join('');
        // Named by the language's folder (catalogs/fi/index.ts: catalog-fi) and its content.
        const fileName = `catalog-${language}-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
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

/** A value's JSON in a single-quoted string: its many double quotes are left as they are. */
function jsonInQuotes(value: unknown): string {
  return `'${JSON.stringify(value).replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

/**
 * A catalog's messages parsed as intl-messageformat parses a message at its first use (the same
 * parser, options and locale), so formatjs takes them as they are.
 */
export function parsedCatalog(language: string, words: Record<string, string>): Record<string, MessageFormatElement[]> {
  if (!isAppLocale(language)) throw new Error(`catalogs/${language}: not one of the app's languages (shared/format/app-locale.ts)`);
  const locale = new Intl.Locale(INTL_LOCALE[language]);
  return Object.fromEntries(
    Object.entries(words).map(([id, message]) => {
      try {
        return [id, parse(message, { locale })];
      } catch (error) {
        throw new Error(`catalogs/${language}: the message ${id} is not valid ICU (${error instanceof Error ? error.message : String(error)})`);
      }
    }),
  );
}

/**
 * The plugin that leaves formatjs's ICU parser out of the app's script: every message it formats
 * comes parsed from a catalog. formatjs's own module for that case keeps the parser's types and
 * helpers and throws if a message ever arrives as a string (formatjs then shows the message's id).
 */
export function parserLeftOut(): Plugin {
  const PARSER = '@formatjs/icu-messageformat-parser';
  return {
    name: 'market-desk-parser-left-out',
    apply: 'build',
    resolveId: {
      order: 'pre',
      async handler(source, importer, options) {
        if (source !== PARSER || !importer) return null;
        // Each formatjs package may carry its own copy of the parser: its own copy's no-parser.js.
        return this.resolve(`${PARSER}/no-parser.js`, importer, { ...options, skipSelf: true });
      },
    },
  };
}
