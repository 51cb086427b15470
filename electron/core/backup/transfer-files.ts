// An export's target and an import's source, by the seller's hand only (session/seller-files.ts):
// in Electron the file named in main's save dialog (a save handle) or picked in the open dialog
// (a handle); in web mode a download the page takes once (the file waits in the data root's
// outgoing/ folder, removed when sent or after an hour) and an upload. The window never writes a path.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { ExportTarget } from '../../../shared/ipc/backup.ts';
import type { ImageSource } from '../../../shared/ipc/common.ts';
import type { SellerFiles } from '../session/seller-files.ts';

/** A download not taken within this time is removed at the next export. */
export const DOWNLOAD_KEPT_MS = 60 * 60 * 1000;

export const downloadsFolder = (root: string) => join(root, 'outgoing');
export const downloadPath = (root: string, id: string) => join(downloadsFolder(root), `${id}.mdesk`);

export interface ResolvedTarget {
  path: string;
  /** The file's name as the seller sees it (no folder). */
  name: string;
  /** Web mode: the id the page downloads it by. */
  download: string | null;
}

export async function exportTarget(files: SellerFiles, root: string, target: ExportTarget, now = Date.now()): Promise<ResolvedTarget> {
  switch (target.kind) {
    case 'handle': {
      const path = await files.resolveTarget(target.id, 'the export file');
      return { path, name: basename(path), download: null };
    }
    case 'download': {
      const folder = downloadsFolder(root);
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      sweepDownloads(root, now);
      const id = randomBytes(16).toString('hex');
      return { path: downloadPath(root, id), name: `market-desk-${new Date(now).toISOString().slice(0, 10)}.mdesk`, download: id };
    }
    default: {
      const never: never = target;
      throw new Error(`unknown export target ${JSON.stringify(never)}`);
    }
  }
}

/** Downloads nobody took (a closed page) go after an hour. */
export function sweepDownloads(root: string, now = Date.now()): void {
  const folder = downloadsFolder(root);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(folder, name);
    try {
      if (now - statSync(path).mtimeMs > DOWNLOAD_KEPT_MS) rmSync(path, { force: true });
    } catch {
      // gone meanwhile
    }
  }
}

/** Imports from the file behind `source`; web mode's uploaded copy is removed afterwards (a seller's own file stays). */
export async function withImportSource<T>(files: SellerFiles, source: ImageSource, name: string, read: (path: string) => Promise<T>): Promise<T> {
  const { path, upload } = await files.resolve(source, name);
  try {
    return await read(path);
  } finally {
    if (upload) await rm(path, { force: true });
  }
}
