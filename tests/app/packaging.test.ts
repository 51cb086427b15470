// The packaging configuration, checked without packaging (which downloads Electron): it passes
// electron-builder's own schema, makes the four targets, keeps the native modules out of the
// asar archive, and its resources in build/ exist.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { DebugLogger } from 'builder-util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');

function targets(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((t) => (typeof t === 'string' ? t : (t as { target: string }).target));
}

/** A glob of asarUnpack as a regular expression over paths relative to the app folder. */
function globToRegExp(glob: string): RegExp {
  const source = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .split('**/').map((part) => part.split('**').map((p) => p.split('*').join('[^/]*')).join('.*')).join('(?:.*/)?');
  return new RegExp(`^${source}$`);
}

describe('the electron-builder configuration', () => {
  it('passes electron-builder\'s schema and makes AppImage, deb, NSIS and dmg from out/', async () => {
    const config = await getConfig(ROOT, null, null);
    await validateConfiguration(config, new DebugLogger(false));
    expect(targets(config.linux?.target)).toEqual(['AppImage', 'deb']);
    expect(targets(config.win?.target)).toEqual(['nsis']);
    expect(targets(config.mac?.target)).toEqual(['dmg']);
    expect(JSON.stringify(config.files)).toContain('"out/**/*"');
    expect(config.extraMetadata).toEqual({ main: 'out/main/main.js' });
    expect(config.directories).toMatchObject({ buildResources: 'build', output: 'dist' });
  });

  it('unpacks the native modules of better-sqlite3 and sharp from the asar archive', async () => {
    const config = await getConfig(ROOT, null, null);
    const globs = (Array.isArray(config.asarUnpack) ? config.asarUnpack : [config.asarUnpack]).filter((g): g is string => typeof g === 'string').map(globToRegExp);
    const unpacked = (path: string) => globs.some((g) => g.test(path));
    expect(unpacked('node_modules/better-sqlite3/build/Release/better_sqlite3.node')).toBe(true);
    expect(unpacked('node_modules/sharp/lib/sharp.js')).toBe(true);
    expect(unpacked('node_modules/@img/sharp-linux-x64/lib/sharp-linux-x64.node')).toBe(true);
    expect(unpacked('node_modules/react/index.js')).toBe(false);
  });

  it('has its resources in build/: a square PNG icon of at least 512 px and the mac entitlements', async () => {
    const icon = await sharp(join(ROOT, 'build', 'icon.png')).metadata();
    expect(icon.format).toBe('png');
    expect(icon.width).toBe(icon.height);
    expect(icon.width).toBeGreaterThanOrEqual(512);
    const plist = readFileSync(join(ROOT, 'build', 'entitlements.mac.plist'), 'utf8');
    expect(plist).toContain('<key>com.apple.security.cs.allow-jit</key>');
  });
});
