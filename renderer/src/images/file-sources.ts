// Files from a file input or a drop (folders included) as the images store reads them: by a
// handle in Electron (main keeps the path the seller handed over), by a streamed upload in web
// mode. Their bytes never travel inside an IPC message, and the page never names a path.
import type { ImageSource } from '../../../shared/ipc.ts';
import { electronHandleForFile } from '../bridge/electron-bridge.ts';
import { transportMode } from '../bridge/transport.ts';
import { webUpload } from '../bridge/web-bridge.ts';
import type { FileSource } from './images-store.ts';

// HEIC/HEIF included: many browsers give it no MIME type. The core checks the content anyway
// (a text file named .jpg is refused there), so this only keeps a dropped folder's other files out.
const IMAGE_NAME = /\.(jpe?g|png|webp|gif|avif|tiff?|heic|heif)$/i;
/** Larger files get no local preview: decoding a 60 MP photo in the page would stall its frames. */
const PREVIEW_MAX_BYTES = 12 * 1024 * 1024;
const BROWSER_SHOWS = /^image\/(jpeg|png|webp|gif|avif)$/;

/** A file by reference (a handle in Electron, a streamed upload in web mode): photos and spreadsheets alike. */
export async function stageFile(file: File): Promise<ImageSource> {
  if (transportMode === 'electron') {
    const id = await electronHandleForFile(file);
    if (!id) throw new Error(`${file.name} has no place on disk: save it to a folder first, then add it.`);
    return { kind: 'handle', id };
  }
  return { kind: 'upload', id: await webUpload(file) };
}

export function fileSource(file: File): FileSource {
  return {
    name: file.name,
    preview: () => (file.size <= PREVIEW_MAX_BYTES && BROWSER_SHOWS.test(file.type) ? URL.createObjectURL(file) : null),
    stage: () => stageFile(file),
  };
}

function isImage(file: File): boolean {
  return file.type.startsWith('image/') || IMAGE_NAME.test(file.name);
}

function readEntries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

async function entryFiles(entry: FileSystemEntry): Promise<File[]> {
  if (entry.isFile) {
    return new Promise((resolve) => (entry as FileSystemFileEntry).file((f) => resolve([f]), () => resolve([])));
  }
  if (!entry.isDirectory) return [];
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const files: File[] = [];
  // readEntries returns a directory in chunks until it returns none.
  for (let chunk = await readEntries(reader); chunk.length > 0; chunk = await readEntries(reader)) {
    for (const child of chunk) files.push(...(await entryFiles(child)));
  }
  return files;
}

/** The image files of a drop: loose files and the contents of dropped folders, sorted by name. */
export async function droppedImages(data: DataTransfer): Promise<File[]> {
  const entries = [...data.items].map((item) => item.webkitGetAsEntry?.()).filter((e): e is FileSystemEntry => !!e);
  const files = entries.length > 0 ? (await Promise.all(entries.map(entryFiles))).flat() : [...data.files];
  return files.filter(isImage).sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
}

export function hasFiles(event: { dataTransfer: DataTransfer | null }): boolean {
  return !!event.dataTransfer && [...event.dataTransfer.types].includes('Files');
}

/** Picked files go to the core as they are: it tells the seller which ones are no photos. */
export function pickedImages(list: FileList | null): File[] {
  return [...(list ?? [])];
}
