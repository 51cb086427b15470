// Photos that arrive as bytes (the renderer's files) are written to a private folder under the
// account's folder for the preparation to read, and removed once it is done.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

export interface IncomingFile {
  name: string;
  base64: string;
}

/** Runs `use` with the files written to disk (path → the name the user gave), then removes them. */
export async function withIncomingFiles<T>(folder: string, files: readonly IncomingFile[], use: (paths: string[], names: Map<string, string>) => Promise<T>): Promise<T> {
  const incoming = join(folder, 'incoming', randomBytes(8).toString('hex'));
  mkdirSync(incoming, { recursive: true });
  try {
    // Only the base name is kept: a name like "../x" cannot write outside the folder.
    const paths = files.map((f, i) => {
      const path = join(incoming, `${i}-${basename(f.name).replace(/[^\w.-]+/g, '_')}`);
      writeFileSync(path, Buffer.from(f.base64, 'base64'));
      return path;
    });
    return await use(paths, new Map(paths.map((p, i) => [p, files[i]?.name ?? p])));
  } finally {
    rmSync(incoming, { recursive: true, force: true });
  }
}
