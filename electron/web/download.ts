// Web mode's way out for an export (backups.export with a 'download' target): the page takes the
// file once by its id (GET /download/<id>, a same-origin navigation of an <a download> link, so
// the browser streams it to disk and nothing is held in memory); the file goes once sent.
import { createReadStream } from 'node:fs';
import { lstat, rename, rm } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { downloadPath } from '../core/backup/transfer-files.ts';

const ID = /^[a-f0-9]{32}$/;

/** Streams `<root>/outgoing/<id>.mdesk` as an attachment and removes it; 404 for any other id. */
export async function serveDownload(root: string, id: string, res: ServerResponse): Promise<void> {
  const waiting = ID.test(id) ? downloadPath(root, id) : null;
  // Claimed by a rename before a byte goes: a second request, even at once, finds nothing.
  const path = waiting ? `${waiting}.sending` : null;
  const claimed = waiting && path ? await rename(waiting, path).then(() => true, () => false) : false;
  const info = claimed && path ? await lstat(path).catch(() => null) : null;
  if (!path || !info?.isFile()) {
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ ok: false, error: { code: 'not-found', message: 'no such download (each is taken once, within an hour)' } }));
    return;
  }
  res.writeHead(200, {
    'Content-Type': 'application/octet-stream',
    'Content-Length': String(info.size),
    // The page's <a download> names it (the core's name for it): no filename here to override that.
    'Content-Disposition': 'attachment',
    'Cache-Control': 'no-store',
  });
  await new Promise<void>((resolve) => {
    const stream = createReadStream(path);
    stream.on('error', () => {
      res.destroy();
      resolve();
    });
    res.on('close', () => resolve());
    stream.pipe(res);
  });
  // Taken (or the page went away mid-way: the seller exports again).
  await rm(path, { force: true });
}
