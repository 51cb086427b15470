// The window's security settings, Electron-free so tests load exactly what production uses.
// main.ts passes these to BrowserWindow and wires the guards to the window's events.

/** The renderer reaches the core only through the preload's bridge: no network at all. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The same policy for web mode, where the bridge is fetch + EventSource to the page's own origin. */
export const WEB_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace("connect-src 'none'", "connect-src 'self'");

/** The policy for a <meta> tag: frame-ancestors works only as a header (browsers warn otherwise). */
export function metaPolicy(policy: string): string {
  return policy.split('; ').filter((d) => !d.startsWith('frame-ancestors')).join('; ');
}

export function webPreferences(preloadPath: string) {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webviewTag: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    enableBlinkFeatures: '',
    navigateOnDragDrop: false,
    spellcheck: false,
    safeDialogs: true,
    // The app's script is compiled and cached at its first run, not its second (Chromium waits
    // for a web page's script to be seen twice): app-scheme.ts.
    v8CacheOptions: 'bypassHeatCheck',
  } as const;
}

/** The app's own page: loaded from the packaged files (app://market-desk/, app-scheme.ts) and nothing else. */
export function isAppUrl(url: string, appUrl: string): boolean {
  try {
    const target = new URL(url);
    const own = new URL(appUrl);
    return target.protocol === own.protocol && target.host === own.host && target.pathname === own.pathname;
  } catch {
    return false;
  }
}

/** will-navigate / will-redirect: every navigation away from the app's page is refused. */
export function shouldBlockNavigation(url: string, appUrl: string): boolean {
  return !isAppUrl(url, appUrl);
}

/** setWindowOpenHandler: never a new window; https links go to the system browser. */
export function windowOpenDecision(url: string): { action: 'deny'; openExternally: string | null } {
  return { action: 'deny', openExternally: isSafeExternalUrl(url) ? url : null };
}

export function isSafeExternalUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.username === '' && parsed.password === '';
  } catch {
    return false;
  }
}

/**
 * An IPC message is served only when it comes from the app's window, from its main frame, at the
 * app's own URL (an iframe or a page navigated elsewhere gets nothing).
 */
export interface SenderInfo {
  webContentsId: number;
  frameUrl: string | null;
  isMainFrame: boolean;
}
export function isTrustedSender(sender: SenderInfo, appWebContentsId: number | null, appUrl: string): boolean {
  if (appWebContentsId === null || sender.webContentsId !== appWebContentsId) return false;
  if (!sender.isMainFrame || sender.frameUrl === null) return false;
  return isAppUrl(sender.frameUrl, appUrl);
}

/** Every permission (camera, notifications, geolocation...) is refused. */
export function permissionDecision(_permission: string): boolean {
  return false;
}
