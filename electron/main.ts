// The Electron shell: lifecycle, the window, the wiring of the contract. Everything it decides
// about security comes from window-options.ts (tested without Electron). The core runs in a
// utility process (issue 19): main only makes the window, checks each call's sender and forwards
// it; a core that dies is started again (core/host/core-supervisor.ts) and the window told.
import { app, BrowserWindow, dialog, ipcMain, protocol, session, shell } from 'electron';
import { isAbsolute, join } from 'node:path';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES, APP_URL, appSchemeResponse } from './app-scheme.ts';
import { FOLDER_CHANNEL, HAND_OVER_CHANNEL, IPC_EVENT_NAMES, IPC_METHOD_NAMES, SAVE_TARGET_CHANNEL, eventChannel, invokeChannel } from '../shared/ipc/names.ts';
import type { Credentials } from './core/api/session.ts';
import { startCoreSupervisor, type CoreSupervisor } from './core/host/core-supervisor.ts';
import { appRegistry } from './core/session/accounts.ts';
import type { CredentialVault } from './core/session/credential-file.ts';
import { safeStorageVault } from './credential-safe-storage.ts';
import { forkUtilityCore } from './utility-core.ts';
import { showNotification } from './news-notification.ts';
import { backupFolderDialogOptions, exportSaveDialogOptions } from './save-dialog.ts';
import { registerSandboxAccount, startSandbox, type Sandbox } from './sandbox/embedded-marketplace.ts';
import {
  CONTENT_SECURITY_POLICY, isSafeExternalUrl, isTrustedSender, permissionDecision, shouldBlockNavigation, webPreferences, windowOpenDecision,
} from './window-options.ts';

// Runs as out/main/main.js (electron/build-shell.ts); the renderer and preload are its siblings.
const out = join(import.meta.dirname, '..');
const rendererDir = join(out, 'renderer');
let window: BrowserWindow | null = null;
let core: CoreSupervisor | null = null;
let sandbox: Sandbox | null = null;

app.enableSandbox();
// The page is served from app://market-desk/ (app-scheme.ts): registered before the app is ready.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);
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
  protocol.handle(APP_SCHEME, (request) => appSchemeResponse(request, rendererDir));
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
  core = startCoreSupervisor({
    spawn: () => forkUtilityCore(join(import.meta.dirname, 'core-host.js')),
    // safeStorage works only here: the core gets the decrypted passwords at each start and
    // hands every change back to be encrypted and kept.
    init: () => ({ root, vault: 'shell', credentials: decrypted(root, credentials) }),
    onEvent: (name, payload) => {
      if (window && !window.isDestroyed() && IPC_EVENT_NAMES.includes(name)) window.webContents.send(eventChannel(name), payload);
    },
    async shell(request) {
      if (request.op === 'openExternal') {
        if (!isSafeExternalUrl(request.url)) throw new Error('only https: links are opened');
        await shell.openExternal(request.url);
      } else {
        // The renderer words what a sync found new in the seller's language and asks for it here.
        showNotification(request.notice, () => window?.show());
      }
    },
    onVault: (accountId, given) => (given ? credentials.set(accountId, given) : credentials.remove(accountId)),
    log: (message, error) => console.error(message, error ?? ''),
  });
  wireIpc(core);
  createWindow();
}).catch((error: unknown) => {
  console.error('Market Desk failed to start', error);
  app.exit(1);
});

function decrypted(root: string, vault: CredentialVault): Record<string, Credentials> {
  const entries: Record<string, Credentials> = {};
  for (const account of appRegistry(root).accounts()) {
    const found = vault.get(account.id);
    if (found) entries[account.id] = found;
  }
  return entries;
}

function trusted(event: Electron.IpcMainInvokeEvent): boolean {
  const frame = event.senderFrame;
  const sender = { webContentsId: event.sender.id, frameUrl: frame?.url ?? null, isMainFrame: frame !== null && frame === event.sender.mainFrame };
  return isTrustedSender(sender, window?.webContents.id ?? null, APP_URL);
}

function wireIpc(supervisor: CoreSupervisor): void {
  for (const name of IPC_METHOD_NAMES) {
    ipcMain.handle(invokeChannel(name), (event, input: unknown) => {
      if (!trusted(event)) return { ok: false, error: { code: 'forbidden-sender', message: 'IPC is served only to the app window' } };
      // Parsed and checked against the contract in the core's process, before any work.
      return supervisor.invoke(name, input);
    });
  }
  // A picked or dropped file's path, from the preload (webUtils.getPathForFile): the core keeps it
  // and the page gets a handle. Nothing the page writes reaches this channel (contextIsolation).
  ipcMain.handle(HAND_OVER_CHANNEL, async (event, path: unknown) => {
    if (!trusted(event) || typeof path !== 'string' || !isAbsolute(path)) return '';
    return (await supervisor.handOver(path)) ?? '';
  });
  // An export's target: the seller names the file in main's save dialog; the page gets a handle.
  ipcMain.handle(SAVE_TARGET_CHANNEL, async (event, suggested: unknown) => {
    if (!trusted(event) || !window) return '';
    const picked = await dialog.showSaveDialog(window, exportSaveDialogOptions(suggested, app.getPath('documents')));
    if (picked.canceled || !picked.filePath) return '';
    return (await supervisor.handOver(picked.filePath, true)) ?? '';
  });
  // The backup folder: the seller chooses it in main's folder dialog; the page gets a handle.
  ipcMain.handle(FOLDER_CHANNEL, async (event) => {
    if (!trusted(event) || !window) return '';
    const picked = await dialog.showOpenDialog(window, backupFolderDialogOptions(app.getPath('documents')));
    if (picked.canceled || !picked.filePaths[0]) return '';
    return (await supervisor.handOver(picked.filePaths[0], 'folder')) ?? '';
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
  void core?.close();
  core = null;
  void sandbox?.close();
  sandbox = null;
});
