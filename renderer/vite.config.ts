// Builds the renderer into out/renderer (never build/: electron-builder reads that folder).
// The page's CSP meta is filled from electron/window-options.ts, the one place it is written.
// The app is one classic script (classic-script.ts) and each language's words a file of its own,
// its messages already parsed (catalog-files.ts).
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { CONTENT_SECURITY_POLICY, metaPolicy } from '../electron/window-options.ts';
import { APP_LOCALES } from '../shared/format/app-locale.ts';
import { catalogFiles, parserLeftOut } from './catalog-files.ts';
import { classicScript, classicScriptBuild } from './classic-script.ts';

function cspMeta(): Plugin {
  return {
    name: 'market-desk-csp',
    transformIndexHtml: (html) => html.replace('%MARKET_DESK_CSP%', metaPolicy(CONTENT_SECURITY_POLICY)),
  };
}

// Every language the app speaks has its catalog at catalogs/<language>/index.ts.
const catalogs = APP_LOCALES.map((language) => resolve(import.meta.dirname, 'src', 'i18n', 'catalogs', language, 'index.ts'));

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react(), cspMeta(), classicScript(), catalogFiles(catalogs), parserLeftOut()],
  build: {
    outDir: resolve(import.meta.dirname, '..', 'out', 'renderer'),
    emptyOutDir: true,
    // No inline scripts or styles: the CSP allows only 'self'.
    assetsInlineLimit: 0,
    sourcemap: false,
    // One script on purpose (classic-script.ts).
    chunkSizeWarningLimit: 1000,
    ...classicScriptBuild,
  },
});
