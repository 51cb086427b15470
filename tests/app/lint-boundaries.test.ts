// The runtime boundaries of eslint.config.js hold: each folder is linted as if a file there
// imported what it must not (the code is linted in memory, nothing is written).
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'boundaries/runtime-imports' || m.ruleId === 'no-restricted-globals').map((m) => m.ruleId ?? '');
}

describe('the lint boundaries between runtimes', () => {
  it('keep Node built-ins (by either name), React and app code out of shared/', async () => {
    for (const source of [`import 'fs';`, `import 'node:path';`, `import 'crypto';`, `import 'react';`, `import '../server/app.ts';`]) {
      expect(await refusals('shared/probe.ts', source), source).toHaveLength(1);
    }
    expect(await refusals('shared/probe.ts', `import { z } from 'zod'; export const s = z.string();`)).toEqual([]);
  });

  it('keep Electron, the service and the sandbox out of the core', async () => {
    for (const source of [`import 'electron';`, `import '../../../server/app.ts';`, `import '../../sandbox/embedded-marketplace.ts';`]) {
      expect(await refusals('electron/core/drafts/probe.ts', source), source).toHaveLength(1);
    }
  });

  it('give the sandbox rules too: no Electron, no renderer', async () => {
    expect(await refusals('electron/sandbox/probe.ts', `import 'electron';`)).toHaveLength(1);
    expect(await refusals('electron/sandbox/probe.ts', `import '../../renderer/src/app.tsx';`)).toHaveLength(1);
  });

  it('keep the /1.1 REST shapes (shared/api/) in the marketplace\'s adapter: the sync, rules, seller reads and search speak the port\'s types', async () => {
    const restricted = async (filePath: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath });
      return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').length;
    };
    const item = (depth: number) => `import type { Item } from '${'../'.repeat(depth)}shared/api/items.ts'; export type X = Item;`;
    for (const file of ['electron/core/sync/probe.ts', 'electron/core/rules/probe.ts', 'electron/core/seller/probe.ts', 'electron/core/search/probe.ts', 'electron/core/session/probe.ts']) {
      expect(await restricted(file, item(3)), file).toBe(1);
      expect(await restricted(file, `import { LIMITS } from '../../../shared/api/index.ts'; export const n = LIMITS.draftsPerUser;`), file).toBe(1);
    }
    // Every file of the sync is held to it: none is listed as still on the listing calls' /1.1 shapes.
    for (const file of ['electron/core/sync/pull.ts', 'electron/core/sync/summary-rows.ts', 'electron/core/sync/operations.ts', 'electron/core/sync/sync-repository.ts']) {
      expect(await restricted(file, item(3)), file).toBe(1);
    }
    expect(await restricted('electron/core/api/probe.ts', item(3))).toBe(0);
    expect(await restricted('electron/core/sync/probe.ts', `import type { MarketOffer } from './marketplace-types.ts'; export type X = MarketOffer;`)).toBe(0);
  });

  it('allow fetch and EventSource in the renderer only inside its bridge', async () => {
    const source = `export const f = () => fetch('/ipc/x'); export const e = () => new EventSource('/events');`;
    expect(await refusals('renderer/src/sales/probe.ts', source)).toHaveLength(2);
    expect(await refusals('renderer/src/bridge/probe.ts', source)).toEqual([]);
  });
});

// The table of crossings: every boundary with imports it must refuse and imports it must let
// through. Each row is a file of that runtime (it need not exist: eslint lints the text in memory)
// and one line of source; `refused` is the number of refusals expected (0: allowed).
const CROSSINGS: Array<{ boundary: string; file: string; source: string; refused: 0 | 1 }> = [
  // renderer: a browser page; only its allow-listed packages, no Node, only shared code that loads neither
  { boundary: 'renderer', file: 'renderer/src/sales/probe.ts', source: `import { readFileSync } from 'fs';`, refused: 1 },
  { boundary: 'renderer', file: 'renderer/src/sales/probe.ts', source: `import { Buffer } from 'buffer';`, refused: 1 },
  { boundary: 'renderer', file: 'renderer/src/sales/probe.ts', source: `import 'node:path';`, refused: 1 },
  { boundary: 'renderer', file: 'renderer/src/sales/probe.ts', source: `import { z } from 'zod'; export const s = z.string();`, refused: 1 },
  { boundary: 'renderer', file: 'renderer/src/sales/probe.ts', source: `import { Item } from '../../../shared/api/items.ts'; export const s = Item;`, refused: 1 },
  { boundary: 'renderer', file: 'renderer/src/sales/probe.ts', source: `import { DraftRowSchema } from '../../../shared/ipc/contract.ts'; export const m = DraftRowSchema;`, refused: 1 },
  { boundary: 'renderer', file: 'renderer/src/sales/probe.ts', source: `export const load = () => import('node:fs');`, refused: 1 },
  { boundary: 'renderer', file: 'renderer/src/sales/probe.ts', source: `export const load = () => import('../../../electron/core/db/migrations.ts');`, refused: 1 },
  { boundary: 'renderer', file: 'renderer/src/sales/probe.ts', source: `export const load = (name: string) => import(name);`, refused: 1 },
  { boundary: 'renderer', file: 'renderer/src/sales/probe.ts', source: `import 'electron';`, refused: 1 },
  { boundary: 'renderer', file: 'renderer/src/sales/probe.ts', source: `import '../../../shared/sqlite/open-database.ts';`, refused: 1 },
  { boundary: 'renderer', file: 'renderer/src/sales/probe.ts', source: `import '../../../server/app.ts';`, refused: 1 },
  { boundary: 'renderer', file: 'renderer/src/sales/probe.ts', source: `import 'sharp';`, refused: 1 },
  { boundary: 'renderer', file: 'renderer/src/sales/probe.ts', source: `import '../../../tests/support/fault-proxy.ts';`, refused: 1 },
  { boundary: 'renderer', file: 'renderer/src/sales/probe.ts', source: `import type { Item } from '../../../shared/api/items.ts'; export type T = Item;`, refused: 0 },
  // `import { type X }` is emitted as `import {} from ...` (verbatimModuleSyntax): it loads the contract, zod and all
  { boundary: 'renderer', file: 'renderer/src/sales/probe.ts', source: `import { type IpcInput } from '../../../shared/ipc/contract.ts'; export type T = IpcInput<'sales.list'>;`, refused: 1 },
  { boundary: 'renderer', file: 'renderer/src/sales/probe.ts', source: `import type { IpcInput } from '../../../shared/ipc/contract.ts'; export type T = IpcInput<'sales.list'>;`, refused: 0 },
  // a package's types may bring Node's into the page's type check
  { boundary: 'renderer', file: 'renderer/src/sales/probe.ts', source: `import type { Database } from 'better-sqlite3'; export type D = Database;`, refused: 1 },
  { boundary: 'renderer', file: 'renderer/src/sales/probe.ts', source: `import type { Readable } from 'node:stream'; export type R = Readable;`, refused: 1 },
  { boundary: 'renderer', file: 'renderer/src/sales/probe.ts', source: `import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'; export type M = MessageFormatElement;`, refused: 0 },
  { boundary: 'renderer', file: 'renderer/src/sales/probe.ts', source: `import { SALE_METHODS } from '../../../shared/items/item-fields.ts'; export const f = SALE_METHODS;`, refused: 0 },
  { boundary: 'renderer', file: 'renderer/src/sales/probe.ts', source: `import { SERVICE_ERROR_CODES } from '../../../shared/api/error-codes.ts'; export const c = SERVICE_ERROR_CODES;`, refused: 0 },
  { boundary: 'renderer', file: 'renderer/src/sales/probe.ts', source: `import { create } from 'zustand'; import { useState } from 'react'; export const x = [create, useState];`, refused: 0 },
  { boundary: 'renderer', file: 'renderer/src/probe.ts', source: `export const load = () => import('./app-root.tsx');`, refused: 0 },
  // shared/: runs in every runtime, the renderer included
  { boundary: 'shared', file: 'shared/probe.ts', source: `import 'buffer';`, refused: 1 },
  { boundary: 'shared', file: 'shared/probe.ts', source: `export const load = () => import('node:fs');`, refused: 1 },
  { boundary: 'shared', file: 'shared/probe.ts', source: `export const load = () => import('fs/promises');`, refused: 1 },
  { boundary: 'shared', file: 'shared/format/probe.ts', source: `import { openDatabase } from '../sqlite/open-database.ts'; export const o = openDatabase;`, refused: 1 },
  { boundary: 'shared', file: 'shared/format/probe.ts', source: `import '../../electron/core/db/migrations.ts';`, refused: 1 },
  { boundary: 'shared', file: 'shared/probe.ts', source: `import 'luxon';`, refused: 1 },
  { boundary: 'shared', file: 'shared/format/probe.ts', source: `import { parseDecimal } from './parse-decimal.ts'; export const p = parseDecimal;`, refused: 0 },
  { boundary: 'shared', file: 'shared/api/probe.ts', source: `import { z } from 'zod'; import { PathId } from './common.ts'; export const s = [z, PathId];`, refused: 0 },
  // shared/sqlite/: the Node part of shared/, used by the service and the core
  { boundary: 'sqlite', file: 'shared/sqlite/probe.ts', source: `import '../../server/db/open.ts';`, refused: 1 },
  { boundary: 'sqlite', file: 'shared/sqlite/probe.ts', source: `import '../../electron/core/db/migrations.ts';`, refused: 1 },
  { boundary: 'sqlite', file: 'shared/sqlite/probe.ts', source: `import 'fastify';`, refused: 1 },
  { boundary: 'sqlite', file: 'shared/sqlite/probe.ts', source: `import Database from 'better-sqlite3'; import { readFileSync } from 'fs'; export const d = [Database, readFileSync];`, refused: 0 },
  // the desktop core: plain Node, no Electron, no shell, no service, no renderer
  { boundary: 'core', file: 'electron/core/sync/probe.ts', source: `import '../../web/web-server.ts';`, refused: 1 },
  { boundary: 'core', file: 'electron/core/sync/probe.ts', source: `import '../../main.ts';`, refused: 1 },
  { boundary: 'core', file: 'electron/core/sync/nested/probe.ts', source: `import '../../../window-options.ts';`, refused: 1 },
  { boundary: 'core', file: 'electron/core/sync/probe.ts', source: `export const load = () => import('electron');`, refused: 1 },
  { boundary: 'core', file: 'electron/core/sync/probe.ts', source: `import 'fastify';`, refused: 1 },
  { boundary: 'core', file: 'electron/core/sync/probe.ts', source: `import 'react';`, refused: 1 },
  { boundary: 'core', file: 'electron/core/sync/probe.ts', source: `import '../../../renderer/src/bridge.ts';`, refused: 1 },
  { boundary: 'core', file: 'electron/core/sync/probe.ts', source: `import '../../../tests/support/fault-proxy.ts';`, refused: 1 },
  { boundary: 'core', file: 'electron/core/sync/probe.ts', source: `import { createRequire } from 'node:module'; export const e = createRequire(import.meta.url)('electron');`, refused: 1 },
  { boundary: 'core', file: 'electron/core/sync/probe.ts', source: `import { createRequire } from 'node:module'; const load = createRequire(import.meta.url); export const e = load('electron');`, refused: 1 },
  { boundary: 'core', file: 'electron/core/sync/probe.ts', source: `import module from 'node:module'; export const e = module.createRequire(import.meta.url)('electron');`, refused: 1 },
  // every runtime is an allow-list: a package no one placed there is refused, whatever it is
  { boundary: 'core', file: 'electron/core/sync/probe.ts', source: `import 'express';`, refused: 1 },
  { boundary: 'core', file: 'electron/core/sync/probe.ts', source: `import '@tanstack/react-virtual';`, refused: 1 },
  { boundary: 'core', file: 'electron/core/sync/probe.ts', source: `import 'playwright-core';`, refused: 1 },
  { boundary: 'core', file: 'electron/core/sync/probe.ts', source: `import { readFileSync } from 'fs'; import sharp from 'sharp'; import { z } from 'zod'; export const x = [readFileSync, sharp, z];`, refused: 0 },
  { boundary: 'core', file: 'electron/core/sync/probe.ts', source: `import { createRequire } from 'node:module'; export const s = createRequire(import.meta.url)('sharp');`, refused: 0 },
  { boundary: 'core', file: 'electron/core/sync/probe.ts', source: `import { openDatabase } from '../../../shared/sqlite/open-database.ts'; import { SALE_METHODS } from '../../../shared/items/item-fields.ts'; export const x = [openDatabase, SALE_METHODS];`, refused: 0 },
  // the service: never the desktop app
  { boundary: 'server', file: 'server/routes/probe.ts', source: `import '../../electron/core/db/migrations.ts';`, refused: 1 },
  { boundary: 'server', file: 'server/routes/probe.ts', source: `import '../../renderer/src/bridge.ts';`, refused: 1 },
  { boundary: 'server', file: 'server/routes/probe.ts', source: `export const load = () => import('electron');`, refused: 1 },
  { boundary: 'server', file: 'server/routes/probe.ts', source: `import 'react-dom';`, refused: 1 },
  { boundary: 'server', file: 'server/routes/probe.ts', source: `import 'ky';`, refused: 1 },
  { boundary: 'server', file: 'server/routes/probe.ts', source: `import '../../tests/support/server.ts';`, refused: 1 },
  { boundary: 'server', file: 'server/routes/probe.ts', source: `import fastify from 'fastify'; import { openDatabase } from '../../shared/sqlite/open-database.ts'; export const x = [fastify, openDatabase];`, refused: 0 },
  // the preload: sandboxed, Electron's ipcRenderer and the contract's names only
  { boundary: 'preload', file: 'electron/preload.ts', source: `import 'node:fs';`, refused: 1 },
  { boundary: 'preload', file: 'electron/preload.ts', source: `import { DraftRowSchema } from '../shared/ipc/contract.ts'; export const m = DraftRowSchema;`, refused: 1 },
  { boundary: 'preload', file: 'electron/preload.ts', source: `import './core/ipc/dispatcher.ts';`, refused: 1 },
  { boundary: 'preload', file: 'electron/preload.ts', source: `import { contextBridge } from 'electron'; import { IPC_METHOD_NAMES } from '../shared/ipc/names.ts'; export const x = [contextBridge, IPC_METHOD_NAMES];`, refused: 0 },
  // web mode and the Electron-free shell: no Electron (the page is served by plain Node)
  { boundary: 'web', file: 'electron/web/probe.ts', source: `import 'electron';`, refused: 1 },
  { boundary: 'web', file: 'electron/web/probe.ts', source: `import '../main.ts';`, refused: 1 },
  { boundary: 'web', file: 'electron/web/probe.ts', source: `import '../../renderer/src/bridge.ts';`, refused: 1 },
  { boundary: 'web', file: 'electron/web/probe.ts', source: `import 'express';`, refused: 1 },
  { boundary: 'web', file: 'electron/web/probe.ts', source: `import { createServer } from 'http'; import '../window-options.ts'; import '../core/ipc/dispatcher.ts'; export const c = createServer;`, refused: 0 },
  { boundary: 'shell', file: 'electron/window-options.ts', source: `import 'electron';`, refused: 1 },
  // the Electron main process: may host the sandbox and the core, never the renderer
  { boundary: 'main', file: 'electron/main.ts', source: `import '../renderer/src/bridge.ts';`, refused: 1 },
  { boundary: 'main', file: 'electron/main.ts', source: `import '../server/app.ts';`, refused: 1 },
  { boundary: 'main', file: 'electron/main.ts', source: `import { app } from 'electron'; import './sandbox/embedded-marketplace.ts'; import './core/ipc/dispatcher.ts'; export const a = app;`, refused: 0 },
  // every file says where it runs: one in no runtime is refused whatever it imports
  { boundary: 'unplaced', file: 'electron/probe12.ts', source: `import '../server/app.ts';`, refused: 1 },
  { boundary: 'unplaced', file: 'electron/probe12.ts', source: `export const x = 1;`, refused: 1 },
  { boundary: 'unplaced', file: 'renderer/probe.ts', source: `export const x = 1;`, refused: 1 },
  { boundary: 'unplaced', file: 'scripts/probe.js', source: `export const x = 1;`, refused: 1 },
  // tests, benchmarks and build tools are placed too, and no shipped code depends on them
  { boundary: 'tests', file: 'tests/core/probe.test.ts', source: `import { openAccountDb } from '../../electron/core/db/open-account-db.ts'; import { buildApp } from '../../server/app.ts'; export const x = [openAccountDb, buildApp];`, refused: 0 },
  { boundary: 'tests', file: 'tests/core/probe.test.ts', source: `import 'express';`, refused: 1 },
  { boundary: 'tools', file: 'electron/build-shell.ts', source: `import { build } from 'esbuild'; export const b = build;`, refused: 0 },
  { boundary: 'tools', file: 'electron/build-shell.ts', source: `import 'fastify';`, refused: 1 },
  { boundary: 'core', file: 'electron/core/sync/probe.ts', source: `import '../../build-shell.ts';`, refused: 1 },
  // the sandbox: the one place the app runs the service
  { boundary: 'sandbox', file: 'electron/sandbox/probe.ts', source: `import '../core/session/accounts.ts';`, refused: 1 },
  { boundary: 'sandbox', file: 'electron/sandbox/probe.ts', source: `import { buildApp } from '../../server/app.ts'; import type { AppRegistry } from '../core/session/accounts.ts'; export const b = buildApp; export type R = AppRegistry;`, refused: 0 },
];

describe('the table of imports across runtimes', () => {
  for (const { boundary, file, source, refused } of CROSSINGS) {
    it(`${boundary}: ${file} ${refused ? 'may not' : 'may'} ${source.split(';')[0]}`, async () => {
      expect(await refusals(file, source), source).toHaveLength(refused);
    });
  }

  it('leave the renderer\'s type check without Node: its tsconfig pulls in no @types/node', async () => {
    const ts = (await import('typescript')).default;
    const config = ts.getParsedCommandLineOfConfigFile('renderer/tsconfig.json', {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
    expect(config?.errors ?? []).toEqual([]);
    const program = ts.createProgram(config?.fileNames ?? [], config?.options ?? {});
    const nodeTypes = program.getSourceFiles().map((f) => f.fileName).filter((name) => name.includes('/@types/node/'));
    expect(nodeTypes).toEqual([]);
    // and therefore a renderer file naming fs does not compile
    const probe = ts.createProgram(['renderer/src/probe.ts'], config?.options ?? {}, {
      ...ts.createCompilerHost(config?.options ?? {}),
      fileExists: (name) => name.endsWith('renderer/src/probe.ts') || ts.sys.fileExists(name),
      readFile: (name) => (name.endsWith('renderer/src/probe.ts') ? `import { readFileSync } from 'fs'; export const x = readFileSync;` : ts.sys.readFile(name)),
      getSourceFile: (name, version) => (name.endsWith('renderer/src/probe.ts')
        ? ts.createSourceFile(name, `import { readFileSync } from 'fs'; export const x = readFileSync;`, version)
        : ts.createCompilerHost(config?.options ?? {}).getSourceFile(name, version)),
    });
    const messages = ts.getPreEmitDiagnostics(probe).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(messages.some((m) => m.includes(`Cannot find module 'fs'`))).toBe(true);
  }, 60_000);

  it('refuse fs in the renderer\'s type check even where a package\'s types bring Node\'s in', async () => {
    // Lint refuses `import type` of a Node package in the renderer (the table above); were one to
    // slip through, it would load @types/node into the whole renderer program, where `fs` then
    // resolves. The guard of renderer/src/no-node-types.ts fails that program.
    const ts = (await import('typescript')).default;
    const config = ts.getParsedCommandLineOfConfigFile('renderer/tsconfig.json', {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
    const options = config?.options ?? {};
    const probeText = `import type { Database } from 'better-sqlite3'; import { readFileSync } from 'fs'; export type D = Database; export const x = readFileSync;`;
    const host = ts.createCompilerHost(options);
    const isProbe = (name: string) => name.endsWith('renderer/src/zz-node-probe.ts');
    // The guard is part of every renderer program; the probe is checked beside it alone (the whole
    // renderer's type check is npm run typecheck's, a minute of this test's).
    const guard = config?.fileNames.find((name) => name.endsWith('renderer/src/no-node-types.ts'));
    expect(guard).toBeDefined();
    const probe = ts.createProgram([guard!, 'renderer/src/zz-node-probe.ts'], options, {
      ...host,
      fileExists: (name) => isProbe(name) || host.fileExists(name),
      readFile: (name) => (isProbe(name) ? probeText : host.readFile(name)),
      getSourceFile: (name, version) => (isProbe(name) ? ts.createSourceFile(name, probeText, version) : host.getSourceFile(name, version)),
    });
    const errors = ts.getPreEmitDiagnostics(probe).filter((d) => d.category === ts.DiagnosticCategory.Error);
    expect(errors.map((d) => `${d.file?.fileName.split('/').slice(-3).join('/')}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`))
      .toContainEqual(expect.stringMatching(/renderer\/src\/no-node-types\.ts: Subsequent variable declarations must have the same type/));
  }, 60_000);
});
