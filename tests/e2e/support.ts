// End-to-end support: the renderer built with vite, web mode started through its CLI (as
// `npm run web` does, from its bundle: web-bundle.ts), and Debian's Chromium driven by
// playwright-core: the run's one browser (tests/support/global-setup.ts), a fresh context of it
// per session.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Download, type Page } from 'playwright-core';
import { build } from 'vite';
import { inject } from 'vitest';
import { linkedCopy } from '../support/linked-copy.ts';
import { sharedOnce, sharedRenderer } from './shared-renderer.ts';
import { bundledWebMode, runWebMode, type WebEntry } from './web-bundle.ts';

/** renderer/src/first-run/first-run-store.ts's key (the renderer's modules are not imported here: its types are the DOM's). */
const GUIDE_STORAGE_KEY = 'market-desk.first-run-guide';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const OUTPUT = join(ROOT, 'test-output', 'e2e');

import { CHROMIUM, CHROMIUM_ARGS } from '../support/chromium.ts';
import { addFailureNote } from '../support/failure-notes.ts';
import { FOCUS_DROP_SIGN, FOCUS_DROP_WATCH } from './focus-drops.ts';

export { CHROMIUM, CHROMIUM_ARGS };

export function tempDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** A production build, as shipped (vitest sets NODE_ENV=test, which would bundle React's development build). */
/** `minify: false` keeps function names readable in CPU profiles (bench:ui with UI_BENCH_PROFILE). */
export async function buildRenderer(outDir: string, options: { minify?: boolean } = {}): Promise<void> {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(ROOT, 'renderer', 'vite.config.ts'), mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true, minify: options.minify ?? true } });
  } finally {
    process.env.NODE_ENV = previous;
  }
}

export interface WebMode {
  url: string;
  process: ChildProcess;
  /** What the process wrote on stderr so far (the sandbox's address, errors). */
  stderr(): string;
  stop(): Promise<void>;
}

/**
 * Starts `electron/web/main.ts --port 0` (its bundle, given the core's: `entry`, else bundled in
 * this process) and resolves with the URL it prints. Without `args` no marketplace is started
 * (`--sandbox off`): the drafts grid's tests work on the local cache only.
 */
export async function startWebMode(dataDir: string, rendererDir: string, args: string[] = ['--sandbox', 'off'], entry?: WebEntry): Promise<WebMode> {
  const { main, core } = entry ?? (await bundledWebMode());
  const child = spawn(process.execPath, [main, '--core', core, '--port', '0', '--data', dataDir, '--renderer', rendererDir, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const url = await new Promise<string>((resolveUrl, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolveUrl(line.trim()));
    child.once('exit', (code) => reject(new Error(`web mode exited with ${code}: ${stderr}`)));
  });
  return {
    url,
    process: child,
    stderr: () => stderr,
    stop: () => new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    }),
  };
}

/**
 * A process under web mode's command line (Linux /proc): its server (`server-main`, which the
 * command line supervises) or the server's core (`core-host`). Throws when there is none.
 */
export function webModeProcess(web: WebMode, kind: 'server-main' | 'core-host'): number {
  const visit = (pid: number): number | null => {
    let children: number[] = [];
    try {
      children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return null; // gone meanwhile
    }
    for (const child of children) {
      try {
        if (readFileSync(`/proc/${child}/cmdline`, 'utf8').includes(kind)) return child;
      } catch {
        // gone meanwhile
      }
      const found = visit(child);
      if (found !== null) return found;
    }
    return null;
  };
  const found = visit(web.process.pid ?? 0);
  if (found === null) throw new Error(`no ${kind} process under web mode`);
  return found;
}

let connected: Promise<Browser> | undefined;

/**
 * The run's Chromium (launched once by tests/support/global-setup.ts), connected once per test
 * file. Never close it: that would close every context of the file; close the contexts.
 * Over this connection `download.path()` throws (the file is on the browser's side): a test
 * reads a download with `download.saveAs(file)`.
 */
export function sharedBrowser(): Promise<Browser> {
  connected ??= chromium.connect(inject('browserEndpoint'));
  return connected;
}

/**
 * A fresh browser context of the run's Chromium, as isolated as a fresh profile was (its own
 * storage, cookies, cache and permissions) and as large a window (1440 × 900) unless `options`
 * say otherwise; `locale` gives its pages navigator.language(s) and Accept-Language, as a system
 * language does. `browser`: another Chromium than the run's (openApp's ownBrowser).
 */
export async function newBrowserContext(options: BrowserContextOptions = {}, browser?: Browser): Promise<BrowserContext> {
  mkdirSync(OUTPUT, { recursive: true });
  return (browser ?? (await sharedBrowser())).newContext({ viewport: { width: 1440, height: 900 }, ...options });
}

/** A download's text (UTF-8), saved to a folder of its own and read (its path() is the browser's: see sharedBrowser). */
export async function downloadedText(download: Download): Promise<string> {
  const folder = tempDir('e2e-download-');
  try {
    const file = join(folder.path, download.suggestedFilename());
    await download.saveAs(file);
    return readFileSync(file, 'utf8');
  } finally {
    folder.remove();
  }
}

export interface AppSession {
  web: WebMode;
  context: BrowserContext;
  page: Page;
  /** Where the built renderer is. */
  rendererDir: string;
  /** Console errors and uncaught page errors, in order. */
  consoleProblems: string[];
  /** Uncaught page errors only. */
  pageErrors: string[];
  /**
   * Every time the focus fell to the page because its control was taken away (FOCUS_DROP_WATCH),
   * not yet taken by the test; close() fails on any left.
   */
  focusDrops: string[];
  close(): Promise<void>;
}

/**
 * The app as a test drives it: the renderer and web mode's bundles built (once per run, shared), web mode started on its own data folder, and
 * a fresh context of the run's Chromium with one page open. `webArgs` go to web mode (default: no
 * marketplace; `[]`: the embedded sandbox, its demo seeded once per run); `prepareData` may fill
 * the data folder before web mode opens it. `close()` stops
 * everything and removes the folders.
 */
export async function openApp(
  options: {
    webArgs?: string[]; prefix?: string; prepareData?: (dataDir: string) => void; firstRunGuide?: boolean;
    /** Changes a copy of the built renderer before web mode serves it (the shared build stays as it is). */
    changeRenderer?: (rendererCopy: string) => void;
    /**
     * A Chromium of the session's own instead of the run's: for a test that reads a browser-wide
     * trace, which in the shared browser also holds the other worker's pages.
     */
    ownBrowser?: boolean;
  } = {},
): Promise<AppSession> {
  const prefix = options.prefix ?? 'e2e';
  const data = tempDir(`${prefix}-data-`);
  const dirs = [data];
  let web: WebMode | undefined;
  let own: Browser | undefined;
  let context: BrowserContext | undefined;
  const focusDrops: string[] = [];
  const close = async () => {
    await context?.close();
    await own?.close();
    await web?.stop();
    for (const dir of dirs) dir.remove();
    // Every test of the app holds this, whatever it drives: a keyboard user is never left nowhere.
    if (focusDrops.length > 0) throw new Error(`the focus fell to the page: ${focusDrops.join('; ')}`);
  };
  // The run's shared builds are begun together: the first file waits for the longest of them
  // (the web-mode bundle is built by esbuild's process meanwhile), not for their sum.
  const renderer = sharedRenderer((outDir) => buildRenderer(outDir));
  const webEntry = runWebMode();
  // Awaited below; caught here too, so that one left behind by a failure before is not unhandled.
  for (const shared of [renderer, webEntry]) shared.catch(() => undefined);
  try {
    const webArgs = options.webArgs ?? ['--sandbox', 'off'];
    // The demo's image files are linked, not copied (support/linked-copy.ts): the service never rewrites one.
    if (!webArgs.includes('--sandbox') && !webArgs.includes('--marketplace')) linkedCopy(await seededSandbox(), join(data.path, 'sandbox'), ['images']);
    options.prepareData?.(data.path);
    let rendererDir = await renderer;
    if (options.changeRenderer) {
      const copy = tempDir(`${prefix}-renderer-`);
      dirs.push(copy);
      cpSync(rendererDir, copy.path, { recursive: true });
      options.changeRenderer(copy.path);
      rendererDir = copy.path;
    }
    web = await startWebMode(data.path, rendererDir, webArgs, await webEntry);
    if (options.ownBrowser) own = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    context = await newBrowserContext({}, own);
    // A seller who has seen the first-run guide (issue 21, item 13): the tests of other screens
    // start where they always did; first-run-guide.test.ts asks for the first start itself.
    // Every frame runs it, a sandboxed one (the description preview) too, where localStorage throws.
    if (!options.firstRunGuide) await context.addInitScript(`try { localStorage.setItem(${JSON.stringify(GUIDE_STORAGE_KEY)}, 'dismissed'); } catch {}`);
    await context.addInitScript(FOCUS_DROP_WATCH);
    const page = await context.newPage();
    const consoleProblems: string[] = [];
    const pageErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleProblems.push(message.text());
      if (message.type() === 'debug' && message.text().startsWith(FOCUS_DROP_SIGN)) focusDrops.push(message.text().slice(FOCUS_DROP_SIGN.length));
    });
    page.on('pageerror', (error) => {
      consoleProblems.push(error.message);
      pageErrors.push(error.message);
    });
    const forgetNote = addFailureNote(() => whatThePageShows(page, `${prefix}-failed`, consoleProblems));
    const closeApp = close;
    return { web, context, page, rendererDir, consoleProblems, pageErrors, focusDrops, close: () => (forgetNote(), closeApp()) };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * What `page` shows, for a failed test's message (tests/support/failure-notes.ts): its address,
 * the focused control, the open dialogs and alerts, the console's errors and the start of its
 * text; a screenshot goes to test-output/e2e/`shot`.png.
 */
async function whatThePageShows(page: Page, shot: string, consoleProblems: readonly string[]): Promise<string> {
  if (page.isClosed()) return 'PAGE closed';
  await page.screenshot({ path: join(OUTPUT, `${shot}.png`), timeout: 3_000 }).catch(() => undefined);
  // A string, run in the page (the tests' TypeScript has no DOM types).
  const seen = await page.evaluate<{ focused: string; open: string[]; text: string }>(`(() => {
    const brief = (el) => el ? '<' + el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (typeof el.className === 'string' && el.className ? '.' + el.className.split(' ').join('.') : '') + '> ' + (el.textContent || '').trim().slice(0, 80) : 'none';
    const open = [...document.querySelectorAll('[role=dialog],[role=alertdialog],[role=alert],dialog[open]')].map(brief);
    return { focused: brief(document.activeElement), open, text: (document.body.innerText || '').replace(/\\s+/g, ' ').slice(0, 1500) };
  })()`);
  return [`PAGE ${page.url()}`, `FOCUSED ${seen.focused}`, `OPEN ${JSON.stringify(seen.open)}`, `CONSOLE ${JSON.stringify(consoleProblems.slice(-5))}`, `TEXT ${seen.text}`].join('\n');
}

/** Opens the app's page in `language`, picked in the header as a seller picks it. */
export async function openIn(page: Page, url: string, language: 'en' | 'fi'): Promise<void> {
  await page.goto(url);
  await chooseLanguage(page, language);
}

/** Picks `language` in the header, and waits until the page speaks it (its catalog loaded). */
export async function chooseLanguage(page: Page, language: 'en' | 'fi'): Promise<void> {
  await page.locator('.language-picker select').selectOption(language);
  // A locator's wait, not expect.poll: this also runs in the files' beforeAll.
  await page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
}

/** Opens screen `index` with Alt+1…6 (the same keys in every language), and waits until the sidebar marks it. */
export async function openScreenByKey(page: Page, index: number): Promise<void> {
  await page.keyboard.press(`Alt+${index}`);
  await page.locator(`.sidebar button[aria-current=page][aria-keyshortcuts="Alt+${index}"]`).waitFor();
}

/** Waits for the sandbox account's first sync to show: the sync bar says Online and the grid has rows. */
export async function firstSyncShown(page: Page): Promise<void> {
  await page.locator('.sync-bar strong', { hasText: /^Online$/ }).waitFor({ timeout: 60_000 });
  await page.locator('[role=row][data-local-id]').first().waitFor({ timeout: 150_000 });
}

/**
 * The embedded sandbox marketplace's folder with the demo seeded, made once per run: web mode
 * seeds an empty one at its start (the demo's pictures rendered, five passwords hashed), which
 * every file with the sandbox paid again. Its times are relative to the seeding (the first open
 * item closes an hour after it), so a copy serves a run. Web mode finds it seeded and keeps it.
 */
async function seededSandbox(): Promise<string> {
  const folder = await sharedOnce('sandbox-seed', async (outDir) => {
    const { startSandbox, SANDBOX_MARKET_HISTORY } = await import('../../electron/sandbox/embedded-marketplace.ts');
    const sandbox = await startSandbox(outDir);
    // Its market history too (issue 39), before the copy is taken, so web mode finds it whole and
    // writes none. The sandbox writes it in slices of 100, each a transaction with its own fsync,
    // for a shop that must answer meanwhile; here nothing waits on the shop, so the sandbox is
    // stopped and the same history (the rest of it, if a slice was written) goes in one
    // transaction: 5.3-5.6 s instead of 9.0-9.5 at load 15.
    await sandbox.close();
    const { buildApp } = await import('../../server/app.ts');
    const { seedMarketHistory } = await import('../../server/seed/market-history.ts');
    const { app, service } = await buildApp({ dataDir: join(outDir, 'sandbox'), logger: false, rateLimitPerMinute: null, schedulerIntervalMs: null });
    try {
      await seedMarketHistory(service, { count: SANDBOX_MARKET_HISTORY });
    } finally {
      await app.close();
    }
  });
  return join(folder, 'sandbox');
}

/** A second client of the sandbox marketplace: plain HTTP to `market` with `token`, JSON in and out. */
export function marketplaceClient(market: string, token: string) {
  return async (path: string, init: { method?: string; json?: unknown } = {}): Promise<{ status: number; body: Record<string, unknown> }> => {
    const res = await fetch(`${market}/1.1${path}`, {
      method: init.method ?? 'GET',
      headers: { 'x-marketapitoken': token, ...(init.json ? { 'content-type': 'application/json' } : {}) },
      ...(init.json ? { body: JSON.stringify(init.json) } : {}),
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
  };
}

/** Signs a demo user in to the sandbox marketplace (password demo-pass-1) and returns the token. */
export async function sandboxToken(market: string, username: string): Promise<string> {
  const login = await fetch(`${market}/1.1/authentication`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'demo-pass-1' }),
  });
  return ((await login.json()) as { authentication: { token: { id: string } } }).authentication.token.id;
}
