// A file from outside (a backup's cache or photo, in the seller's folder) opened for reading:
// never through a link (O_NOFOLLOW: a link planted in its place fails to open), and only a regular
// file of the size its manifest says. Its bytes are then copied from the very file that was checked.
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';
import type { BackupError } from './backup-errors.ts';

export const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/** What the caller's refusal says, for the seller's reason (a damaged backup or export). */
export type Damaged = (why: string) => BackupError;

export async function openIncoming(path: string, bytes: number, damaged: Damaged): Promise<{ handle: FileHandle; ino: number; dev: number }> {
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | O_NOFOLLOW);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ELOOP') throw damaged(`${basename(path)} is a link, not a file`);
    if (code === 'ENOENT') throw damaged(`${basename(path)} is missing`);
    throw error;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw damaged(`${basename(path)} is not a file`);
    if (info.size !== bytes) throw damaged(`${basename(path)} is ${info.size} bytes, its manifest says ${bytes}`);
    return { handle, ino: info.ino, dev: info.dev };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Copies the first `bytes` bytes of `source` into `target`, a megabyte at a time. */
export async function copyBytes(source: FileHandle, target: FileHandle, bytes: number, damaged: Damaged): Promise<void> {
  const chunk = Buffer.alloc(Math.min(bytes, 1 << 20) || 1);
  for (let at = 0; at < bytes;) {
    const { bytesRead } = await source.read(chunk, 0, Math.min(chunk.length, bytes - at), at);
    if (bytesRead === 0) throw damaged('it ended early');
    await target.write(chunk, 0, bytesRead, at);
    at += bytesRead;
  }
}
