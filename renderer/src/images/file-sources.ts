// Files from a file input or a drop (folders included) as the images store reads them: by a
// handle in Electron (main keeps the path the seller handed over), by a streamed upload in web
// mode. Their bytes never travel inside an IPC message, and the page never names a path.
import type { ImageSource } from '../../../shared/ipc/contract.ts';
import { electronHandleForFile } from '../bridge/electron-bridge.ts';
import { transportMode } from '../bridge/transport.ts';
import { webUpload } from '../bridge/web-bridge.ts';
import type { FileSource } from './images-store.ts';

// HEIC/HEIF included: many browsers give it no MIME type. The core checks the content anyway
// (a text file named .jpg is refused there), so this only keeps a dropped folder's other files out.
const IMAGE_NAME = /\.(jpe?g|png|webp|gif|avif|tiff?|heic|heif)$/i;
/** Larger files get no local preview (only their progress): even off the page's thread, a decode holds memory. */
const PREVIEW_MAX_BYTES = 12 * 1024 * 1024;
const BROWSER_SHOWS = /^image\/(jpeg|png|webp|gif|avif)$/;
/** The local preview's width: twice the 36 px the pending list shows it at. */
export const PREVIEW_SIDE = 72;

/** One local preview decoded at a time: a 60 MP photo takes about 240 MB while it is decoded. */
let previewQueue: Promise<unknown> = Promise.resolve();

/** The previews' worker (preview-worker.ts), started on the first preview; null where none can start. */
let worker: Worker | null | undefined;
let nextPreview = 0;
const waiting = new Map<number, (url: string | null) => void>();

function previewWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./preview-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ id: number; url: string | null }>) => {
      waiting.get(event.data.id)?.(event.data.url);
      waiting.delete(event.data.id);
    };
    worker.onerror = () => {
      for (const settle of waiting.values()) settle(null);
      waiting.clear();
    };
  } catch {
    worker = null;
  }
  return worker;
}

/**
 * A small preview of a photo file, as a data: URL PREVIEW_SIDE pixels wide. Made in a worker
 * (preview-worker.ts): the browser decodes the file and scales it there, and the page only gets
 * the small picture. Never a blob: URL of the file in an <img>: that decodes the full-size photo
 * on the page's thread and stalls its frames for seconds (issue 19).
 */
export function smallPreview(file: Blob, wanted: () => boolean = () => true): Promise<string | null> {
  const run = async (): Promise<string | null> => {
    if (!wanted() || typeof createImageBitmap !== 'function') return null;
    const own = previewWorker();
    if (!own) return null;
    const id = ++nextPreview;
    return new Promise<string | null>((resolve) => {
      waiting.set(id, resolve);
      own.postMessage({ id, file, width: PREVIEW_SIDE });
    });
  };
  const result = previewQueue.then(run, run);
  previewQueue = result.catch(() => null);
  return result;
}

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
    preview: (wanted) => (file.size <= PREVIEW_MAX_BYTES && BROWSER_SHOWS.test(file.type) ? smallPreview(file, wanted) : Promise.resolve(null)),
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
