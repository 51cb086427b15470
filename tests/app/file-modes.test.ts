// Issue 9, finding 7: the app's data folder, each account's folder and its cache are owner-only.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHE_FILE } from '../../electron/core/session/core-session.ts';
import { openTestCore } from './support.ts';

const mode = (path: string) => statSync(path).mode & 0o777;

describe("file modes of the app's data", () => {
  it('makes the data folder and every account folder 0700, the registry and the cache 0600', async () => {
    const core = openTestCore();
    const created = await core.bridge.invoke('drafts.create', { fields: { title: 'Oak table' } });
    expect(created.ok).toBe(true);
    const folder = core.session.folder();
    expect(mode(core.root)).toBe(0o700);
    expect(mode(folder)).toBe(0o700);
    for (const file of [CACHE_FILE, `${CACHE_FILE}-wal`, `${CACHE_FILE}-shm`]) expect(mode(join(folder, file)), file).toBe(0o600);
    core.session.registry.upsert({ id: 'other', name: 'Other', baseUrl: 'http://127.0.0.1:1', username: 'x' });
    expect(mode(join(core.root, 'market-desk.json'))).toBe(0o600);
  });
});
