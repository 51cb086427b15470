// Lint rules, including the runtime boundaries (ARCHITECTURE.md, "Runtimes and folders"): each folder may import only what
// runs where its code runs.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from './lint/runtime-boundaries.js';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'out/**', '.market/**', 'test-output/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type X } from 'y'` is emitted as `import {} from 'y'` (verbatimModuleSyntax):
      // it loads 'y'. Types alone are imported with `import type`.
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    // Where each file runs and what it may import there: lint/runtime-boundaries.js (its table
    // RUNTIMES). Relative paths are resolved, bare built-ins, dynamic import() and require() judged.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { boundaries },
    rules: { 'boundaries/runtime-imports': 'error' },
  },
  {
    // The marketplace behind its port (issue 40; ARCHITECTURE.md): above its adapter
    // (electron/core/api/) the core speaks the app's own types (sync/marketplace-types.ts,
    // sync/market-listing.ts), never the /1.1 REST shapes of shared/api/.
    files: ['electron/core/{sync,rules,seller,search,session}/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/shared/api', '**/shared/api/**'], message: 'the /1.1 REST shapes belong to the adapter (electron/core/api/): use the port\'s types (sync/marketplace-types.ts)' }] }],
    },
  },
  {
    // The desktop core runs under plain Node (tests, a worker, a utility process) and logs through its logger.
    files: ['electron/core/**/*.ts', 'electron/sandbox/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // Network I/O in the renderer happens only in its bridge (web mode's transport): every other
    // module talks to the core through src/bridge.ts, so the app's CSP can say connect-src 'none'.
    files: ['renderer/src/**/*.{ts,tsx}'],
    ignores: ['renderer/src/bridge/**'],
    rules: {
      'no-restricted-globals': ['error',
        ...['fetch', 'EventSource', 'XMLHttpRequest', 'WebSocket'].map((name) => ({ name, message: 'network I/O belongs in renderer/src/bridge/' })),
      ],
    },
  },
  {
    // Server code logs through the Fastify logger, never the console.
    files: ['server/**/*.ts', 'shared/**/*.ts'],
    ignores: ['server/main.ts'],
    rules: { 'no-console': 'error' },
  },
);
