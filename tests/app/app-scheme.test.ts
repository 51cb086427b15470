// Electron's window page is served from app://market-desk/ (electron/app-scheme.ts): the handler
// main.ts gives protocol.handle, run here on the Fetch API's own Request and Response.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_SCHEME_PRIVILEGES, APP_URL, appSchemeResponse } from '../../electron/app-scheme.ts';
import { CONTENT_SECURITY_POLICY } from '../../electron/window-options.ts';
import { tempFolder } from './support.ts';

function rendererFolder(): string {
  const root = tempFolder();
  const rendererDir = join(root, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<div id="root"></div>');
  writeFileSync(join(rendererDir, 'assets', 'index-Ab12Cd34.js'), '(function(){})();');
  // Beside the renderer's folder, as the account's files are beside the app's.
  writeFileSync(join(root, 'secret.txt'), 'the seller password');
  return rendererDir;
}

const get = (url: string, method = 'GET') => new Request(url, { method });

describe('the app: scheme', () => {
  it('is a standard, secure scheme with the code cache on, readable by no other origin', () => {
    expect(APP_URL).toBe('app://market-desk/index.html');
    expect(APP_SCHEME_PRIVILEGES).toEqual({ standard: true, secure: true, supportFetchAPI: true, codeCache: true });
  });

  it('serves the page with its policy as a header, and the script as JavaScript', async () => {
    const dir = rendererFolder();
    const page = await appSchemeResponse(get(APP_URL), dir);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toBe('<div id="root"></div>');
    const script = await appSchemeResponse(get('app://market-desk/assets/index-Ab12Cd34.js'), dir);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('content-security-policy')).toBeNull();
    expect(await script.text()).toBe('(function(){})();');
    const head = await appSchemeResponse(get(APP_URL, 'HEAD'), dir);
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('reads nothing outside the renderer\'s folder, however the path is written', async () => {
    const dir = rendererFolder();
    for (const url of [
      'app://market-desk/../secret.txt',
      'app://market-desk/%2e%2e/secret.txt',
      'app://market-desk/assets/..%2f..%2fsecret.txt',
      'app://market-desk/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      'app://market-desk/missing.js',
    ]) {
      const answer = await appSchemeResponse(get(url), dir);
      expect(answer.status, url).toBe(404);
      expect(await answer.text(), url).not.toContain('password');
    }
    expect((await appSchemeResponse(get('app://market-desk/assets/%E0%A4%A.js'), dir)).status).toBe(400);
    expect((await appSchemeResponse(get('app://elsewhere/index.html'), dir)).status).toBe(404);
    expect((await appSchemeResponse(get(APP_URL, 'POST'), dir)).status).toBe(405);
  });
});
