// A copy of a seeded folder whose immutable files are hard links, not copies: the sandbox's
// ~2,040 demo image files (written once, never rewritten: the service writes a new image with
// open('wx') and copies or removes whole folders) took 2.4-5.0 s to copy per e2e file at load 12,
// 0.13-0.46 s to link. Everything else (the SQLite files, which are written) is copied.
import { copyFileSync, linkSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Copies `from` to `to`; files under a folder named in `linkedFolders` (at any depth) are hard
 * links to the originals (a copy where the file system cannot link).
 */
export function linkedCopy(from: string, to: string, linkedFolders: readonly string[], linked = false): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkedCopy(source, target, linkedFolders, linked || linkedFolders.includes(entry.name));
    else if (linked) link(source, target);
    else copyFileSync(source, target);
  }
}

function link(source: string, target: string): void {
  try {
    linkSync(source, target);
  } catch {
    copyFileSync(source, target);
  }
}
