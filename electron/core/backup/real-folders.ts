// The folders a backup is written into and read from, checked at every use, one component at a
// time (lstat: a link is seen as a link): each must be a real folder, never a link; one the app
// writes into must also be the seller's own (a folder another user made in a shared place such as
// /tmp could be swapped for a link between two backups). A location is `<parent>/<name>` (the data
// folder's `backups`, the seller's folder's `market-desk-backups`): its parent was checked when it
// was chosen and again before each backup (session/seller-files.ts recheckFolder, which resolves
// it to its real place); everything below is checked here.
import { lstatSync, mkdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { FolderRefused } from '../session/seller-files.ts';

/** The process's user, where the system has users (not on Windows). */
const me = typeof process.getuid === 'function' ? process.getuid() : null;

function refused(name: string, why: string): FolderRefused {
  return new FolderRefused(`In the backup folder, ${name} ${why}: the app neither writes nor reads backups through it.`, 'folder-link', { name });
}

/**
 * `<location>/<parts...>`, each component (the location's own name first) a real folder, made
 * owner-only where missing when `make`; `mine`: each must belong to the process's user. Returns
 * the path, or null when one is missing and not to be made. Synchronous: a few lstat calls of
 * microseconds each, and no turn of the event loop between the check and the caller's use.
 */
function walk(location: string, parts: readonly string[], options: { make: boolean; mine: boolean }): string | null {
  let path = dirname(location);
  const shown: string[] = [];
  for (const part of [basename(location), ...parts]) {
    path = join(path, part);
    shown.push(part);
    let info = lstatSync(path, { throwIfNoEntry: false });
    if (!info) {
      if (!options.make) return null;
      try {
        mkdirSync(path, { mode: 0o700 });
      } catch (error) {
        if ((error as { code?: string }).code !== 'EEXIST') throw error;
      }
      info = lstatSync(path);
    }
    const name = shown.join('/');
    if (info.isSymbolicLink()) throw refused(name, 'is a link to another place');
    if (!info.isDirectory()) throw refused(name, 'is not a folder');
    if (options.mine && me !== null && info.uid !== me) throw refused(name, 'belongs to another user of this computer');
  }
  return path;
}

/** A folder to write into, made where missing: real folders all the way, the seller's own. */
export function folderToWrite(location: string, ...parts: string[]): string {
  return walk(location, parts, { make: true, mine: true }) as string;
}

/** A folder to read from: real folders all the way (a backup copied from another computer may belong to another user id); null when missing. */
export function folderToRead(location: string, ...parts: string[]): string | null {
  return walk(location, parts, { make: false, mine: false });
}
