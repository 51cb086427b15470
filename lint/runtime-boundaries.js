// The runtime boundaries of STYLE.md as one lint rule: every file is placed in the runtime it runs
// in (by its path, the table RUNTIMES below), and every import it makes is judged by where it
// resolves to. Static imports, re-exports, dynamic import() and require() are all judged; relative
// paths are resolved before matching (so '../../web/x.ts' from a nested folder is caught); Node's
// built-ins count by either name ('fs' and 'node:fs'); packages are allowed per runtime (an
// allow-list where the code runs in a browser, a deny-list under Node). A value import into another
// runtime is followed through that file's own value imports, so the renderer cannot carry zod or
// Node in through a shared/ file that uses them. Type-only imports are erased and judged only
// against the runtimes whose types a runtime may see.
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..');
const BUILTINS = new Set(builtinModules.filter((name) => !name.startsWith('_')));

/** Packages that only make sense in the browser: never under Node. */
const BROWSER_ONLY = ['react', 'react-dom', 'react-intl', '@formatjs/intl', 'zustand', '@tanstack/react-virtual'];
/** The service's framework: never in the desktop app. */
const SERVICE_ONLY = ['fastify', 'fastify-type-provider-zod', '@fastify/*'];

/**
 * Where each file runs, first match wins. `imports`: the runtimes whose code it may run;
 * `types`: further runtimes whose types it may name; `node`: Node's built-ins; `packages`: the
 * allowed packages (a list) or `deny`: the refused ones (everything else is allowed).
 * A file outside every runtime (tests, bench, build scripts, configs) is not judged; a judged file
 * importing one is refused (an uncategorised dependency).
 */
export const RUNTIMES = [
  { name: 'renderer', match: /^renderer\/src\//, imports: ['renderer', 'shared'], types: [], node: false,
    packages: ['react', 'react-dom', 'react-intl', '@formatjs/intl', 'zustand', '@tanstack/react-virtual'] },
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
  { name: 'server', match: /^server\//, imports: ['server', 'node-shared', 'shared', 'sqlite'], types: [], node: true, deny: ['electron', ...BROWSER_ONLY] },
  { name: 'core', match: /^electron\/core\//, imports: ['core', 'node-shared', 'shared', 'sqlite'], types: [], node: true, deny: ['electron', ...BROWSER_ONLY, ...SERVICE_ONLY] },
  { name: 'sandbox', match: /^electron\/sandbox\//, imports: ['sandbox', 'server', 'shared', 'sqlite'], types: ['core'], node: true, deny: ['electron', ...BROWSER_ONLY] },
  // Web mode: the core served by a plain Node process, the renderer's contract over loopback.
  { name: 'web', match: /^electron\/web\//, imports: ['web', 'shell-free', 'core', 'sandbox', 'shared', 'sqlite'], types: [], node: true, deny: ['electron', ...BROWSER_ONLY] },
  // Shell code free of Electron, so web mode shares it.
  { name: 'shell-free', match: /^electron\/(window-options|notification-text|save-dialog|app-scheme|renderer-files)\.ts$/, imports: ['shell-free', 'shared'], types: [], node: true, deny: ['electron', ...BROWSER_ONLY, ...SERVICE_ONLY] },
  { name: 'main', match: /^electron\/(main|credential-safe-storage|news-notification|utility-core)\.ts$/, imports: ['main', 'shell-free', 'core', 'sandbox', 'shared', 'sqlite'], types: [], node: true, deny: BROWSER_ONLY },
];

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
  return runtime.packages ? runtime.packages.some(matches) : !runtime.deny.some(matches);
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
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!isTypeOnlyDeclaration(node)) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
      && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function isTypeOnlyDeclaration(node) {
  if (ts.isExportDeclaration(node)) {
    return node.isTypeOnly || (node.exportClause && ts.isNamedExports(node.exportClause) && node.exportClause.elements.length > 0 && node.exportClause.elements.every((e) => e.isTypeOnly));
  }
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return !clause.name && named !== undefined && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
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

/** Why a file in `runtime` may not import `specifier`, or undefined when it may. */
export function refusal(runtime, fromFile, specifier, typeOnly) {
  const target = classify(fromFile, specifier);
  if (target.kind !== 'file') return typeOnly ? undefined : refusalOfModule(runtime, target);
  const targetRuntime = runtimeOf(target.file);
  if (!targetRuntime) return `'${target.file}' belongs to no runtime (tests, tools): ${runtime.name} code cannot depend on it`;
  const mayRun = targetRuntime.name === runtime.name || runtime.imports.includes(targetRuntime.name);
  if (typeOnly && (mayRun || runtime.types.includes(targetRuntime.name))) return undefined;
  if (!mayRun) return `${runtime.name} code cannot ${typeOnly ? 'name types of' : 'run'} ${targetRuntime.name} code ('${target.file}')`;
  if (targetRuntime.name === runtime.name) return undefined;
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
    },
  },
  create(context) {
    const file = toPosix(relative(ROOT, context.filename));
    const runtime = runtimeOf(file);
    if (!runtime) return {};
    const judge = (node, specifier, typeOnly) => {
      const why = refusal(runtime, context.filename, specifier, typeOnly);
      if (why) context.report({ node, messageId: 'refused', data: { why } });
    };
    const judgeCall = (node, argument) => {
      if (!argument) return;
      if (argument.type === 'Literal' && typeof argument.value === 'string') judge(node, argument.value, false);
      else if (argument.type === 'TemplateLiteral' && argument.expressions.length === 0) judge(node, argument.quasis[0].value.cooked, false);
      else context.report({ node, messageId: 'computed' });
    };
    const typeOnlySpecifiers = (specifiers, kind) => specifiers.length > 0 && specifiers.every((s) => s[kind] === 'type');
    return {
      ImportDeclaration(node) {
        judge(node, node.source.value, node.importKind === 'type' || (typeOnlySpecifiers(node.specifiers, 'importKind') && !node.specifiers.some((s) => s.type !== 'ImportSpecifier')));
      },
      ExportNamedDeclaration(node) {
        if (node.source) judge(node, node.source.value, node.exportKind === 'type' || typeOnlySpecifiers(node.specifiers, 'exportKind'));
      },
      ExportAllDeclaration(node) {
        judge(node, node.source.value, node.exportKind === 'type');
      },
      ImportExpression(node) {
        judgeCall(node, node.source);
      },
      CallExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') judgeCall(node, node.arguments[0]);
      },
    };
  },
};

export default { rules: { 'runtime-imports': rule } };
