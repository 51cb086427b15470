// Files only by the seller's hand (issue 19). The window never names a file by its path: in
// Electron the shell hands over what the seller picked in the open dialog or dropped on the
// window (`handOver`, called by main after its sender check) and the window gets an opaque
// handle; in web mode the page streams the file's bytes (POST /upload) and names the upload.
// A path the window wrote (`{kind: 'path'}`) is refused. Whatever comes, its real place is
// resolved (symlinks followed) and checked: never the app's own data (caches, credentials),
// never /proc, /sys, /dev or /run; its reader then takes only a regular file (no folder, device
// or FIFO: images/source-file.ts, spreadsheet/spreadsheet-source.ts).
// A folder to write into (the backup folder, issue 24) comes the same way: in Electron the one the
// seller chose in main's folder dialog (`handOverFolder`, a handle of its own kind); a typed path
// only in web mode (the browser cannot pick a folder), checked alike (`resolveFolder`).
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, lstat, realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, resolve, sep } from 'node:path';
import type { ImageSource } from '../../../shared/ipc/contract.ts';
import type { ProblemParams } from '../../../shared/screens/problem-rules.ts';
import { CoreError } from '../errors/core-error.ts';

export type FileRefusal = 'file-not-handed-over' | 'file-private' | 'file-gone' | 'file-not-a-file' | 'file-no-place';

/** A file the core will not read. The message names the file only: never its content or a system path. */
export class FileRefused extends CoreError<'file-refused'> {
  constructor(message: string, reason: FileRefusal, params: ProblemParams) {
    super('file-refused', message, 'source', { reason, params });
    this.name = 'FileRefused';
  }
}

/** Places no seller's file lives in: the kernel's views and devices. */
const SYSTEM_PLACES = ['/proc', '/sys', '/dev', '/run'];
/** Places the app never writes into besides (the system's programs, settings and state); nor the root folder itself. */
const SYSTEM_WRITE_PLACES = [...SYSTEM_PLACES, '/etc', '/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/boot', '/var/lib', '/var/log', '/var/cache', '/var/spool', '/var/run'];

export type FolderRefusal = 'folder-not-chosen' | 'folder-private' | 'folder-gone' | 'folder-not-a-folder' | 'folder-not-writable' | 'folder-link';

/** A folder the core will not write into; the field is the input's `folder`. */
export class FolderRefused extends CoreError<'folder-refused'> {
  constructor(message: string, reason: FolderRefusal, params?: ProblemParams) {
    super('folder-refused', message, 'folder', { reason, ...(params ? { params } : {}) });
    this.name = 'FolderRefused';
  }
}

/** A folder as the window names it: a handle from main's folder dialog (Electron), or a typed path (web mode only). */
export type FolderChoice = string | { kind: 'handle'; id: string };
/** Handles kept per session: far above any seller's picks, bounded all the same. */
const MAX_HANDLES = 20_000;

export interface HandedFile {
  /** The file's real path (symlinks resolved), checked. */
  path: string;
  /** Web mode's temporary copy: removed once used. */
  upload: boolean;
}

export interface SellerFiles {
  /** Web mode's staged uploads: one folder for the data root, whichever account is open. */
  readonly uploads: string;
  /** Records a file the seller picked or dropped (the shell calls this, never the window) and names it by a new handle. */
  handOver(path: string): string;
  /** The real path behind a source, checked for its place (its kind is checked by its reader); throws FileRefused. */
  resolve(source: ImageSource, name: string): Promise<HandedFile>;
  /** Records a file the seller named in the shell's save dialog (never the window) and names it by a new handle of its own kind. */
  handOverTarget(path: string): string;
  /** Where to write behind a save handle: its folder's real place checked as a read is, and an existing file only a regular one. */
  resolveTarget(id: string, name: string): Promise<string>;
  /** Records a folder the seller chose in the shell's folder dialog (never the window) and names it by a new handle of its own kind. */
  handOverFolder(path: string): string;
  /** The real path of a folder to write into: a handle (Electron) or a typed path (web mode only), checked; throws FolderRefused. */
  resolveFolder(folder: FolderChoice): Promise<string>;
  /**
   * A folder chosen earlier (the stored backup folder), checked again as when chosen, before each
   * write into it: a stick unplugged leaves its mount point behind, and writing there would fill
   * the system's disk; a folder removed or replaced by a link is refused the same way. The core's
   * own call: the window never names a path.
   */
  recheckFolder(path: string): Promise<string>;
}

export const uploadsFolder = (root: string) => join(root, 'incoming');
export const uploadPath = (uploads: string, id: string) => join(uploads, `${id}.upload`);

export interface SellerFilesOptions {
  /** Web mode: a typed folder path is taken (and checked); in Electron only a folder chosen in main's dialog. */
  typedFolders?: boolean;
}

export function sellerFiles(root: string, options: SellerFilesOptions = {}): SellerFiles {
  const uploads = uploadsFolder(root);
  const typedFolders = options.typedFolders ?? false;
  const handles = new Map<string, string>();
  // Save targets apart: a file handed over to be read never becomes one to write over.
  const targets = new Map<string, string>();
  // Folders apart again: a file handle never names a folder to write into, nor the reverse.
  const folders = new Map<string, string>();
  let privateRoot: string | null = null;

  const isInside = (path: string, place: string) => path === place || path.startsWith(place.endsWith(sep) ? place : place + sep);

  async function realRoot(): Promise<string> {
    privateRoot ??= await realpath(root).catch(() => root);
    return privateRoot;
  }

  async function checked(path: string, name: string): Promise<string> {
    if (!isAbsolute(path)) throw new FileRefused(`${name} could not be read: the app was not given its place on disk.`, 'file-no-place', { name });
    let real: string;
    try {
      real = await realpath(path);
    } catch {
      throw new FileRefused(`${name} could not be read: it was moved or deleted.`, 'file-gone', { name });
    }
    if (SYSTEM_PLACES.some((place) => isInside(real, place)) || isInside(real, await realRoot())) {
      throw new FileRefused(`${name} is not a file the app reads.`, 'file-private', { name });
    }
    return real;
  }

  /** A new handle for `path` in `map` (the oldest forgotten past MAX_HANDLES): files, targets and folders alike. */
  const put = (map: Map<string, string>, path: string) => {
    const handle = randomBytes(16).toString('hex');
    if (map.size >= MAX_HANDLES) map.delete(map.keys().next().value as string);
    map.set(handle, path);
    return handle;
  };

  /** A folder to write into: a real folder (symlinks resolved), not the app's data nor a system place, writable. */
  async function checkedFolder(path: string): Promise<string> {
    const name = 'The backup folder';
    if (!isAbsolute(path)) throw new FolderRefused(`${name} must be a full path.`, 'folder-not-chosen');
    const data = await realRoot();
    const refused = (at: string) => at === sep || SYSTEM_WRITE_PLACES.some((place) => isInside(at, place)) || isInside(at, data) || isInside(at, resolve(root));
    // Said as it was written first (a data subfolder not made yet is still the app's), then by its real place.
    if (refused(resolve(path))) throw new FolderRefused(`${name} is a place the app does not write into.`, 'folder-private');
    let real: string;
    try {
      real = await realpath(path);
    } catch {
      throw new FolderRefused(`${name} does not exist.`, 'folder-gone');
    }
    if (refused(real)) throw new FolderRefused(`${name} is a place the app does not write into.`, 'folder-private');
    const info = await stat(real).catch(() => null);
    if (!info) throw new FolderRefused(`${name} does not exist.`, 'folder-gone');
    if (!info.isDirectory()) throw new FolderRefused(`${name} is not a folder.`, 'folder-not-a-folder');
    try {
      await access(real, constants.W_OK | constants.X_OK);
    } catch {
      throw new FolderRefused(`${name} cannot be written to.`, 'folder-not-writable');
    }
    return real;
  }

  return {
    uploads,
    handOverFolder(path) {
      return put(folders, path);
    },
    async resolveFolder(folder) {
      if (typeof folder === 'string') {
        if (!typedFolders) throw new FolderRefused('The backup folder was not chosen by the seller: choose it with Choose folder.', 'folder-not-chosen');
        return checkedFolder(folder);
      }
      const path = folders.get(folder.id);
      if (path === undefined) throw new FolderRefused('The backup folder was not chosen by the seller in this session.', 'folder-not-chosen');
      return checkedFolder(path);
    },
    recheckFolder(path) {
      return checkedFolder(path);
    },
    handOverTarget(path) {
      return put(targets, path);
    },
    async resolveTarget(id, name) {
      const path = targets.get(id);
      if (path === undefined) throw new FileRefused(`${name} was not chosen by the seller in this session.`, 'file-not-handed-over', { name });
      // The folder must exist and be the seller's; the file, when it is there already (the dialog
      // asked before replacing it), a regular file in the same checked place.
      const folder = await checked(dirname(path), name);
      if (folder === sep || SYSTEM_WRITE_PLACES.some((place) => isInside(folder, place))) {
        throw new FileRefused(`${name} is not a place the app writes into.`, 'file-private', { name });
      }
      const target = join(folder, basename(path));
      const info = await lstat(target).catch(() => null);
      if (info && !info.isFile()) throw new FileRefused(`${name} is not a file.`, 'file-not-a-file', { name });
      return target;
    },
    handOver(path) {
      // Checked when read (a relative path is refused there, with the file's name).
      return put(handles, path);
    },
    async resolve(source, name) {
      switch (source.kind) {
        case 'path':
          throw new FileRefused(`${name} was not handed over by the seller: the app reads only files picked, dropped or uploaded.`, 'file-not-handed-over', { name });
        case 'handle': {
          const path = handles.get(source.id);
          if (path === undefined) throw new FileRefused(`${name} was not handed over in this session.`, 'file-not-handed-over', { name });
          return { path: await checked(path, name), upload: false };
        }
        case 'upload': {
          // The server wrote it: a plain file in our folder, never a link (lstat, not stat).
          const path = uploadPath(uploads, source.id);
          const info = await lstat(path).catch(() => null);
          if (!info) throw new FileRefused(`${name} could not be read: the upload is gone (it is kept for an hour).`, 'file-gone', { name });
          if (!info.isFile()) throw new FileRefused(`${name} is not a file.`, 'file-not-a-file', { name });
          return { path, upload: true };
        }
        default: {
          const never: never = source;
          throw new Error(`unknown source ${JSON.stringify(never)}`);
        }
      }
    },
  };
}
