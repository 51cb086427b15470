// Files from a file input or a drop (folders included) as the images store reads them.
import type { FileSource } from './images-store.ts';

const IMAGE_NAME = /\.(jpe?g|png|webp|gif|avif|tiff?|heic)$/i;

export function fileSource(file: File): FileSource {
  return {
    name: file.name,
    preview: () => URL.createObjectURL(file),
    read: () => new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => {
        const url = String(reader.result);
        resolve(url.slice(url.indexOf(',') + 1));
      };
      reader.onerror = () => reject(reader.error ?? new Error(`${file.name}: could not be read`));
      reader.readAsDataURL(file);
    }),
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

export function pickedImages(list: FileList | null): File[] {
  return [...(list ?? [])].filter(isImage);
}
