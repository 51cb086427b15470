// The Electron shell: lifecycle, the window, the wiring of the contract. Everything it decides
// about security comes from window-options.ts (tested without Electron).
import { app, BrowserWindow, ipcMain, session, shell } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { IPC_EVENT_NAMES, IPC_METHOD_NAMES, eventChannel, invokeChannel } from '../shared/ipc-names.ts';
import { createIpcDispatcher } from './core/ipc/dispatcher.ts';
import { openCoreSession, type CoreSession } from './core/session/core-session.ts';
import { appRegistry } from './core/session/accounts.ts';
import { coreHandlers } from './core/ipc/handlers.ts';
import { safeStorageVault } from './credential-safe-storage.ts';
import { showNotification } from './news-notification.ts';
import { registerSandboxAccount, startSandbox, type Sandbox } from './sandbox/embedded-marketplace.ts';
import {
  CONTENT_SECURITY_POLICY, isSafeExternalUrl, isTrustedSender, permissionDecision, shouldBlockNavigation, webPreferences, windowOpenDecision,
} from './window-options.ts';

// Runs as out/main/main.js (electron/build-shell.ts); the renderer and preload are its siblings.
const out = join(import.meta.dirname, '..');
const rendererIndex = join(out, 'renderer', 'index.html');
const APP_URL = pathToFileURL(rendererIndex).href;
let window: BrowserWindow | null = null;
let core: CoreSession | null = null;
let sandbox: Sandbox | null = null;

app.enableSandbox();
// One instance: two would open the same cache files.
if (!app.requestSingleInstanceLock()) app.quit();

app.on('second-instance', () => {
  if (window) {
    if (window.isMinimized()) window.restore();
    window.focus();
  }
});

app.on('web-contents-created', (_event, contents) => {
  contents.on('will-navigate', (event, url) => {
    if (shouldBlockNavigation(url, APP_URL)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (shouldBlockNavigation(url, APP_URL)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const decision = windowOpenDecision(url);
    if (decision.openExternally) void shell.openExternal(decision.openExternally);
    return { action: decision.action };
  });
});

app.whenReady().then(async () => {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, permission, callback) => callback(permissionDecision(permission)));
  ses.setPermissionCheckHandler((_contents, permission) => permissionDecision(permission));
  // The header repeats the page's meta policy so a page that lost its meta is still locked.
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });

  // The embedded sandbox marketplace, signed in as the demo seller (see electron/sandbox/).
  const root = join(app.getPath('userData'), 'data');
  const credentials = safeStorageVault(root);
  sandbox = await startSandbox(root);
  registerSandboxAccount(appRegistry(root), credentials, sandbox.baseUrl);
  core = openCoreSession({ root, credentials });
  wireIpc(core);
  createWindow();
}).catch((error: unknown) => {
  console.error('Market Desk failed to start', error);
  app.exit(1);
});

function wireIpc(session: CoreSession): void {
  const dispatcher = createIpcDispatcher(
    coreHandlers(
      session,
      async (url) => {
        if (!isSafeExternalUrl(url)) throw new Error('only https: links are opened');
        await shell.openExternal(url);
      },
      // The renderer words what a sync found new in the seller's language and asks for it here.
      (notice) => showNotification(notice, () => window?.show()),
    ),
    (message, error) => console.error(message, error),
  );
  for (const name of IPC_METHOD_NAMES) {
    ipcMain.handle(invokeChannel(name), (event, input: unknown) => {
      const frame = event.senderFrame;
      const sender = { webContentsId: event.sender.id, frameUrl: frame?.url ?? null, isMainFrame: frame !== null && frame === event.sender.mainFrame };
      if (!isTrustedSender(sender, window?.webContents.id ?? null, APP_URL)) {
        return { ok: false, error: { code: 'forbidden-sender', message: 'IPC is served only to the app window' } };
      }
      return dispatcher.invoke(name, input);
    });
  }
  session.onEvent((name, payload) => {
    if (window && !window.isDestroyed() && IPC_EVENT_NAMES.includes(name)) window.webContents.send(eventChannel(name), payload);
  });
}

function createWindow(): void {
  window = new BrowserWindow({
    width: 1400,
    height: 900,
    show: false,
    title: 'Market Desk',
    webPreferences: {
      ...webPreferences(join(out, 'preload', 'preload.cjs')),
      // Restated as literals so static checkers (electronegativity) can see them;
      // tests/app/window-options.test.ts asserts they equal window-options.ts.
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
    },
  });
  window.once('ready-to-show', () => window?.show());
  window.on('closed', () => {
    window = null;
  });
  void window.loadURL(APP_URL);
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
app.on('activate', () => {
  if (BrowserWindow.getAllWindows().length === 0 && core) createWindow();
});
app.on('will-quit', () => {
  core?.close();
  core = null;
  void sandbox?.close();
  sandbox = null;
});
