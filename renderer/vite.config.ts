// Builds the renderer into out/renderer (never build/: electron-builder reads that folder).
// The page's CSP meta is filled from electron/window-options.ts, the one place it is written.
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { CONTENT_SECURITY_POLICY, metaPolicy } from '../electron/window-options.ts';
import { firstScreenChunk } from './first-screen-chunk.ts';

function cspMeta(): Plugin {
  return {
    name: 'market-desk-csp',
    transformIndexHtml: (html) => html.replace('%MARKET_DESK_CSP%', metaPolicy(CONTENT_SECURITY_POLICY)),
  };
}

const firstScreen = firstScreenChunk(resolve(import.meta.dirname, 'src', 'main.tsx'), resolve(import.meta.dirname, 'src', 'app-root.tsx'));

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react(), cspMeta(), firstScreen.plugin],
  build: {
    outDir: resolve(import.meta.dirname, '..', 'out', 'renderer'),
    emptyOutDir: true,
    // No inline scripts or styles: the CSP allows only 'self'.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
    // The first screen is one chunk on purpose (first-screen-chunk.ts); the rest loads later.
    chunkSizeWarningLimit: 800,
    rolldownOptions: { output: { codeSplitting: { groups: [firstScreen.group] } } },
  },
});
