import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY, isSafeExternalUrl, isTrustedSender, permissionDecision, shouldBlockNavigation, webPreferences, windowOpenDecision, WEB_CONTENT_SECURITY_POLICY,
} from '../../electron/window-options.ts';
import { APP_URL } from '../../electron/app-scheme.ts';

describe('the window security settings', () => {
  it('isolate the page: context isolation, sandbox, no Node, no webview', () => {
    const prefs = webPreferences('/opt/preload.cjs');
    expect(prefs).toMatchObject({
      contextIsolation: true, sandbox: true, nodeIntegration: false, nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false, webviewTag: false, webSecurity: true, allowRunningInsecureContent: false,
      experimentalFeatures: false, navigateOnDragDrop: false, preload: '/opt/preload.cjs',
    });
  });

  it('main.ts restates the same values literally and uses no other window preferences', () => {
    const main = readFileSync(join(import.meta.dirname, '..', '..', 'electron', 'main.ts'), 'utf8');
    for (const line of ['contextIsolation: true,', 'sandbox: true,', 'nodeIntegration: false,', 'webviewTag: false,', '...webPreferences(']) {
      expect(main).toContain(line);
    }
    expect(main).not.toMatch(/sandbox: false|contextIsolation: false|nodeIntegration: true|webSecurity: false/);
  });

  it('have a strict content security policy that forbids any network connection', () => {
    const directives = Object.fromEntries(CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));
    expect(directives).toMatchObject({
      'default-src': "'none'", 'script-src': "'self'", 'connect-src': "'none'", 'object-src': "'none'",
      'base-uri': "'none'", 'form-action': "'none'", 'frame-ancestors': "'none'",
    });
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    // Web mode relaxes exactly one directive: the bridge talks to its own origin.
    expect(WEB_CONTENT_SECURITY_POLICY).toBe(CONTENT_SECURITY_POLICY.replace("connect-src 'none'", "connect-src 'self'"));
  });

  it('the page template takes its meta policy from this module (the built page is checked end to end)', () => {
    const html = readFileSync(join(import.meta.dirname, '..', '..', 'renderer', 'index.html'), 'utf8');
    expect(html).toContain('%MARKET_DESK_CSP%');
  });

  it('refuse navigation away from the app page and every new window', () => {
    expect(shouldBlockNavigation(APP_URL, APP_URL)).toBe(false);
    expect(shouldBlockNavigation(`${APP_URL}#drafts`, APP_URL)).toBe(false);
    expect(shouldBlockNavigation('https://evil.example/', APP_URL)).toBe(true);
    expect(shouldBlockNavigation('file:///etc/passwd', APP_URL)).toBe(true);
    expect(shouldBlockNavigation('file:///opt/market-desk/resources/app/out/renderer/index.html', APP_URL)).toBe(true);
    expect(shouldBlockNavigation('app://elsewhere/index.html', APP_URL)).toBe(true);
    expect(shouldBlockNavigation('not a url', APP_URL)).toBe(true);
    expect(windowOpenDecision('https://market.example/items/1')).toEqual({ action: 'deny', openExternally: 'https://market.example/items/1' });
    expect(windowOpenDecision('http://market.example/')).toEqual({ action: 'deny', openExternally: null });
    expect(windowOpenDecision('file:///etc/passwd')).toEqual({ action: 'deny', openExternally: null });
    expect(windowOpenDecision('javascript:alert(1)')).toEqual({ action: 'deny', openExternally: null });
  });

  it('open only https links without credentials externally', () => {
    expect(isSafeExternalUrl('https://market.example/help')).toBe(true);
    expect(isSafeExternalUrl('https://user:pw@market.example/')).toBe(false);
    expect(isSafeExternalUrl('smb://share/x')).toBe(false);
  });

  it('serve IPC only to the app window main frame at the app URL', () => {
    const good = { webContentsId: 3, frameUrl: APP_URL, isMainFrame: true };
    expect(isTrustedSender(good, 3, APP_URL)).toBe(true);
    expect(isTrustedSender(good, 4, APP_URL)).toBe(false);
    expect(isTrustedSender(good, null, APP_URL)).toBe(false);
    expect(isTrustedSender({ ...good, isMainFrame: false }, 3, APP_URL)).toBe(false);
    expect(isTrustedSender({ ...good, frameUrl: 'https://evil.example/' }, 3, APP_URL)).toBe(false);
    expect(isTrustedSender({ ...good, frameUrl: null }, 3, APP_URL)).toBe(false);
  });

  it('deny every permission request', () => {
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) expect(permissionDecision(permission)).toBe(false);
  });
});
