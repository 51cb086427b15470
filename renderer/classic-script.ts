// The app's code as one classic script, not ES modules: Chromium keeps a compiled copy of a script
// (V8's code cache) and reads it back at the next start, but it never reads one back for a module
// script (Chromium 156: modules are fetched on a background thread that drops the cache). Compiled
// again at every start, the app's modules cost 80-100 ms before the first rows (issue 19). So the
// bundle is an IIFE in one file, loaded by a deferred classic script; the parts loaded later are in
// it too, evaluated when first used (each import() of them is inlined). Only the catalogs are
// files of their own (catalog-files.ts). In Electron the page's scheme has the code cache on
// (electron/app-scheme.ts).

import type { Plugin, UserConfig } from 'vite';

/** What the bundle's code sees as import.meta.url: its script's address (a base the bundler's helpers need). */
const SCRIPT_URL = '__marketDeskScriptUrl';

/** Build options for the one classic script (merged into the config's build). */
export const classicScriptBuild = {
  cssCodeSplit: false,
  modulePreload: false,
  rolldownOptions: {
    // The preload helper asks for import.meta.resolve only to resolve chunks' paths: there are none.
    transform: { define: { 'import.meta.url': SCRIPT_URL, 'import.meta.resolve': 'undefined' } },
    output: {
      format: 'iife',
      codeSplitting: false,
      // Read as the script starts (document.currentScript is set only then).
      intro: `var ${SCRIPT_URL} = document.currentScript.src;`,
    },
  },
} satisfies UserConfig['build'];

/**
 * The page loads the bundle as a classic script, run once the page is parsed (as a module's would
 * be). A file the code names (the preview worker's) is found from the page's address: the files'
 * names are relative to the page's folder.
 */
export function classicScript(): Plugin {
  return {
    name: 'market-desk-classic-script',
    // Left to itself, the bundler looks for the script's address when the file is asked for, which
    // is too late: document.currentScript is null once the script has run.
    config: () => ({
      experimental: {
        renderBuiltUrl: (fileName, { hostType }) => (hostType === 'js' ? { runtime: `new URL(${JSON.stringify(fileName)}, document.baseURI).href` } : undefined),
      },
    }),
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const tags = [...html.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>/g)];
        if (tags.length !== 1) throw new Error(`expected the page to load one script, found ${tags.length}`);
        return html.replace(tags[0]![0], `<script defer src="${tags[0]![1]}"></script>`);
      },
    },
  };
}
