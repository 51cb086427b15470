// Issue 9, finding 7: the service's data folder is 0700 and its database files 0600, also when an
// older version left them 0755 and 0644.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, DATABASE_FILE } from '../../../server/app.ts';
import { openDatabase } from '../../../server/db/open.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const mode = (path: string) => statSync(path).mode & 0o777;

function tempParent(): string {
  const dir = mkdtempSync(join(tmpdir(), 'market-modes-'));
  folders.push(dir);
  return dir;
}

describe('file modes of the service', () => {
  it('creates the data folder 0700 and the database with its -wal and -shm 0600', async () => {
    const dataDir = join(tempParent(), 'market');
    const { app, service } = await buildApp({ dataDir, schedulerIntervalMs: null });
    service.db.prepare("INSERT INTO idempotency_keys (user_key, key, method, path, status, body, created) VALUES ('user:1', 'k', 'POST', '/x', 201, '{}', 0)").run();
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(join(dataDir, 'images'))).toBe(0o700);
    for (const file of [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`]) expect(mode(join(dataDir, file)), file).toBe(0o600);
    await app.close();
  });

  it('tightens a data folder and database an older version left readable to others', async () => {
    const dataDir = join(tempParent(), 'old');
    mkdirSync(join(dataDir, 'images'), { recursive: true, mode: 0o755 });
    openDatabase(join(dataDir, DATABASE_FILE)).close();
    writeFileSync(join(dataDir, `${DATABASE_FILE}-wal`), '');
    for (const path of [dataDir, join(dataDir, 'images')]) chmodSync(path, 0o755);
    for (const file of [DATABASE_FILE, `${DATABASE_FILE}-wal`]) chmodSync(join(dataDir, file), 0o644);

    const { app } = await buildApp({ dataDir, schedulerIntervalMs: null });
    expect([mode(dataDir), mode(join(dataDir, 'images'))]).toEqual([0o700, 0o700]);
    for (const file of [DATABASE_FILE, `${DATABASE_FILE}-wal`]) expect(mode(join(dataDir, file)), file).toBe(0o600);
    await app.close();
  });
});
