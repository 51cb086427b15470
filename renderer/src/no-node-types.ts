// The renderer's type check runs without Node's types (renderer/tsconfig.json: `types: []`), but a
// package's declarations can bring them back: `import type { Database } from 'better-sqlite3'`
// references @types/node, after which `import { readFileSync } from 'fs'` would type-check in
// code that runs in a browser. Lint refuses such an import (lint/runtime-boundaries.js); this
// declaration makes the type check refuse it too: Node's own `process` cannot be declared beside
// it, so any program that loads @types/node fails here (TS2403), whatever brought them in.
declare global {
  var process: { readonly 'the renderer runs without Node (see renderer/src/no-node-types.ts)': never };
}

export {};
