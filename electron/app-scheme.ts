// The window's own scheme, app://market-desk/, instead of file:. Electron serves a file: page's
// scripts without V8's code cache, so every start would compile the whole app again (80-100 ms
// before the first rows on a 2-core machine, issue 19); a standard, secure scheme registered with
// `codeCache` keeps the compiled script between starts, as Chromium does for http(s) pages (VS Code
// loads its workbench the same way). A custom scheme is also what Electron's security checklist
// asks for over file:: the page can reach the renderer's folder and nothing else on the disk.
// Electron-free: main.ts registers the scheme and hands each request to appSchemeResponse.
import { CONTENT_SECURITY_POLICY } from './window-options.ts';
import { readRendererFile } from './renderer-files.ts';

export const APP_SCHEME = 'app';
const APP_HOST = 'market-desk';
/** The window's page. */
export const APP_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * What the scheme may do (protocol.registerSchemesAsPrivileged): a standard origin (relative URLs,
 * 'self' in the CSP, localStorage), secure (as https), module scripts and workers from it (fetch),
 * and the code cache. Not corsEnabled: no other origin may read its files.
 */
export const APP_SCHEME_PRIVILEGES = { standard: true, secure: true, supportFetchAPI: true, codeCache: true } as const;

const headers = (type: string, extra: Record<string, string> = {}) => ({ 'Content-Type': type, 'X-Content-Type-Options': 'nosniff', ...extra });

/** protocol.handle's answer: the renderer's file the request names, read-only. */
export async function appSchemeResponse(request: Request, rendererDir: string): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return new Response('GET only', { status: 405, headers: headers('text/plain') });
  const url = new URL(request.url);
  if (url.host !== APP_HOST) return new Response('not found', { status: 404, headers: headers('text/plain') });
  const file = await readRendererFile(rendererDir, url.pathname);
  if (!file.found) return new Response(file.message, { status: file.status, headers: headers('text/plain') });
  // The page carries its policy as a header too (a page that lost its meta is still locked).
  const extra: Record<string, string> = file.isPage ? { 'Content-Security-Policy': CONTENT_SECURITY_POLICY } : {};
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(file.data), { status: 200, headers: headers(file.type, extra) });
}
