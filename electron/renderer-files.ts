// The built renderer's files, as the window asks for them by path: web mode's HTTP server and
// Electron's app: scheme (app-scheme.ts) read them the same way. A path outside the renderer's
// folder, or one that is not validly percent-encoded, is refused, never read.
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.json': 'application/json',
};

/** A refusal, as both servers answer it: its status, a machine-readable code and a message. */
export interface RendererFileRefusal {
  found: false;
  status: 400 | 404;
  code: 'invalid-url' | 'not-found';
  message: string;
}
const INVALID_URL: RendererFileRefusal = { found: false, status: 400, code: 'invalid-url', message: 'the path is not validly percent-encoded' };
const NOT_FOUND: RendererFileRefusal = { found: false, status: 404, code: 'not-found', message: 'not found' };

export type RendererFile = { found: true; data: Buffer; type: string; isPage: boolean; isAsset: boolean } | RendererFileRefusal;

/** The file at a URL's pathname ('/' is the page) under the renderer's folder. */
export async function readRendererFile(rendererDir: string, pathname: string): Promise<RendererFile> {
  const decoded = decodePath(pathname);
  if (decoded === null) return INVALID_URL;
  const relative = pathname === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const path = normalize(join(rendererDir, relative));
  if (!path.startsWith(normalize(rendererDir) + sep)) return NOT_FOUND;
  let data: Buffer;
  try {
    data = await readFile(path);
  } catch {
    return NOT_FOUND;
  }
  const type = TYPES[extname(path)] ?? 'application/octet-stream';
  // Vite names each asset by a hash of its content: a changed file is a new name.
  return { found: true, data, type, isPage: type.startsWith('text/html'), isAsset: relative.startsWith('assets/') };
}

/** A percent-decoded path, or null when it is not valid percent-encoding (a 400, not a 500). */
export function decodePath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}
