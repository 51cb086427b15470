// Lint rules, including the runtime boundaries of STYLE.md: each folder may import only what
// runs where its code runs.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Node's built-in modules by bare name ('fs', 'crypto'): 'node:*' patterns miss them. */
const NODE_BUILTINS = builtinModules.filter((name) => !name.startsWith('_')).flatMap((name) => [name, `${name}/*`]);

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'out/**', '.market/**', 'test-output/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // shared/ is pure TypeScript: no Node (by either name), no React, no server or app code.
    files: ['shared/**/*.ts'],
    ignores: ['shared/sqlite/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: ['node:*', ...NODE_BUILTINS, '**/server/**', '**/electron/**', '**/renderer/**', 'fastify*', 'better-sqlite3', 'react', 'react-dom', 'react/*', 'react-dom/*'],
      }],
    },
  },
  {
    // shared/sqlite/ is the one Node part of shared/: SQLite code the service and the desktop core
    // both use. It may use better-sqlite3, and still knows neither of them.
    files: ['shared/sqlite/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/electron/**', '**/renderer/**', 'fastify*'] }],
    },
  },
  {
    // The service never depends on the desktop app.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/electron/**', '**/renderer/**'] }],
    },
  },
  {
    // The desktop core runs under plain Node (tests, a worker, a utility process): it never
    // imports Electron, the app shell, the renderer or the service.
    files: ['electron/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'electron', message: 'electron/core must run under plain Node: the shell passes in what it needs.' }],
        // '../../*.ts' from a file in electron/core/<folder>/ is the shell (electron/*.ts); the
        // sandbox (the embedded service) is the shell's to start, never the core's.
        patterns: ['electron/*', '**/server/**', '**/renderer/**', '**/sandbox/**', '../../*.ts', 'fastify*'],
      }],
      'no-console': 'error',
    },
  },
  {
    // The renderer reaches the core only through its bridge module: no Node, no Electron, no
    // core or service code (types of shared/ are fine).
    files: ['renderer/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'electron', message: 'the renderer talks to main only through src/bridge.ts' }],
        patterns: ['node:*', '**/electron/**', '**/server/**', '**/shared/sqlite/**', 'better-sqlite3', 'fastify*', 'sharp'],
      }],
    },
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
    // The embedded sandbox marketplace is the ONE place the app imports the service (server/):
    // it is part of the shell (it registers its account with the core's registry), never the renderer's.
    files: ['electron/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'electron', message: 'the sandbox runs under plain Node (also in web mode)' }],
        patterns: ['**/renderer/**'],
      }],
      'no-console': 'error',
    },
  },
  {
    // The Electron shell imports the core and shared code, never the renderer or the service.
    files: ['electron/*.ts', 'electron/web/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/renderer/**', '**/server/**'] }],
    },
  },
  {
    // Server code logs through the Fastify logger, never the console.
    files: ['server/**/*.ts', 'shared/**/*.ts'],
    ignores: ['server/main.ts'],
    rules: { 'no-console': 'error' },
  },
);
