// The service's command line, run as a real process: server/main.ts bundled once for the file
// (builtChild) and started with plain `node`, some fifteen times. Through tsx each start resolved
// and transpiled the service's modules again: 1-2 s of CPU per start, most of this file's time.
// The same code runs; what `npm run server` adds (tsx's loader) is not the command line's.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../server/app.ts';
import { openDatabase } from '../../server/db/open.ts';
import { createUser } from '../../server/domain/users.ts';
import { builtChild } from '../support/built-child.ts';
import { call } from '../support/server.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const folders: string[] = [];
const children = new Set<ChildProcess>();
/** server/main.ts bundled (see builtChild). */
let mainScript: string;

beforeAll(async () => {
  mainScript = await builtChild(join(ROOT, 'server', 'main.ts'));
});

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'market-cli-'));
  folders.push(folder);
  return folder;
}

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function run(args: string[]): { child: ChildProcess; exited: Promise<Exit>; firstLine: Promise<string> } {
  const child = spawn(process.execPath, [mainScript, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8');
  child.stderr!.setEncoding('utf8');
  const firstLine = new Promise<string>((resolveLine, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolveLine(line));
    child.once('exit', (code) => reject(new Error(`exited with ${code} before a line on stdout: ${stderr}`)));
  });
  child.stdout!.on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<Exit>((resolveExit) => {
    child.once('close', (code, signal) => {
      children.delete(child);
      resolveExit({ code, signal, stdout, stderr });
    });
  });
  firstLine.catch(() => undefined);
  return { child, exited, firstLine };
}

/** Starts `serve` and waits for its first stdout line; returns the base URL it announced. */
async function serve(args: string[]) {
  const process = run(args);
  const line = await process.firstLine;
  const match = /^listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(line);
  if (!match) throw new Error(`unexpected first line: ${JSON.stringify(line)}`);
  return { ...process, line, url: match[1]!, port: Number(match[2]) };
}

async function authenticate(url: string, username: string, password: string): Promise<number> {
  return (await call(`${url}/1.1/authentication`, { json: { username, password } })).status;
}

/** Runs at most `size` at a time: each process loads the whole service, and the machine has two cores. */
async function inBatches<T, R>(list: readonly T[], size: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < list.length; i += size) out.push(...(await Promise.all(list.slice(i, i + size).map(task))));
  return out;
}

/** What a restart must keep: counts and the ids and titles of every item. */
function snapshot(dataDir: string) {
  const db = openDatabase(join(dataDir, DATABASE_FILE));
  try {
    const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    return {
      users: count('users'),
      categories: count('categories'),
      items: count('items'),
      images: count('images'),
      trades: count('trades'),
      feedbacks: count('feedbacks'),
      itemKey: (db.prepare("SELECT group_concat(id || ':' || coalesce(title, ''), '|') AS k FROM (SELECT id, title FROM items ORDER BY id)").get() as { k: string }).k,
    };
  } finally {
    db.close();
  }
}

describe('npm run server', () => {
  it('prints exactly "listening on http://127.0.0.1:PORT" first, picks a free port for --port 0, and stops with exit code 0 on SIGTERM and SIGINT', async () => {
    const [a, b] = await Promise.all([serve(['--port', '0', '--data', tempFolder()]), serve(['--port', '0', '--data', tempFolder()])]);
    expect(a.line).toBe(`listening on http://127.0.0.1:${a.port}`);
    expect(a.port).toBeGreaterThan(0);
    expect(b.port).not.toBe(a.port);
    for (const server of [a, b]) {
      // A kept-alive connection must not hold the process open when it stops.
      const root = await call(`${server.url}/1.1/`, { headers: { connection: 'keep-alive' } });
      expect(root.status).toBe(200);
      expect(root.headers.get('content-type')).toMatch(/^application\/json/);
    }
    a.child.kill('SIGTERM');
    b.child.kill('SIGINT');
    const [exitA, exitB] = await Promise.all([a.exited, b.exited]);
    expect(exitA, exitA.stderr).toMatchObject({ code: 0, signal: null });
    expect(exitB, exitB.stderr).toMatchObject({ code: 0, signal: null });
    expect(exitA.stdout).toBe(`${a.line}\n`);
  });

  it('seeds an empty folder with --seed demo once; a restart on the same folder opens the data as it is', async () => {
    const data = tempFolder();
    const first = await serve(['--port', '0', '--data', data, '--seed', 'demo']);
    expect(await authenticate(first.url, 'ville', 'demo-pass-1')).toBe(201);
    first.child.kill('SIGINT');
    const firstExit = await first.exited;
    expect(firstExit.code).toBe(0);
    expect(firstExit.stderr).toMatch(/seeded the demo: \d+ items/);
    const seeded = snapshot(data);
    expect(seeded.items).toBeGreaterThanOrEqual(300);

    const second = await serve(['--port', '0', '--data', data, '--seed', 'demo']);
    expect(await authenticate(second.url, 'anna', 'demo-pass-1')).toBe(201);
    second.child.kill('SIGTERM');
    const secondExit = await second.exited;
    expect(secondExit.code).toBe(0);
    expect(secondExit.stderr).toMatch(/not seeded/);
    expect(snapshot(data)).toEqual(seeded);
  }, 60_000);

  it('refuses a bad --port, an unknown --seed and an unknown option with exit code 2 and a message', async () => {
    const results = await Promise.all([
      run(['--port', '70000', '--data', tempFolder()]).exited,
      run(['--seed', 'everything', '--data', tempFolder()]).exited,
      run(['--colour', 'blue', '--data', tempFolder()]).exited,
    ]);
    const messages = results.map((r) => {
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      return r.stderr.split('\n')[0];
    });
    expect(messages[0]).toMatch(/--port/);
    expect(messages[1]).toMatch(/--seed/);
    expect(messages[2]).toMatch(/colour/);
  });

  it('refuses a --public-url that is not a base URL and a bad --login-limit with exit code 2 and a message', async () => {
    const results = await Promise.all([
      run(['--public-url', 'market.example/path', '--data', tempFolder()]).exited,
      run(['--public-url', 'https://market.example/shop', '--data', tempFolder()]).exited,
      run(['--login-limit', 'many', '--data', tempFolder()]).exited,
    ]);
    for (const [i, r] of results.entries()) {
      expect(r.code).toBe(2);
      expect(r.stderr.split('\n')[0]).toMatch(i < 2 ? /--public-url/ : /--login-limit/);
    }
  });
});

describe('npm run server -- add-user', () => {
  it('adds a user who can then authenticate over HTTP with that password', async () => {
    const data = tempFolder();
    const added = await run(['add-user', 'kauppa', '--password', 'kauppa-pass-9', '--role', 'company', '--data', data]).exited;
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/^added user kauppa \(id \d+, roles company\)/);

    const server = await serve(['--port', '0', '--data', data]);
    expect(await authenticate(server.url, 'kauppa', 'kauppa-pass-9')).toBe(201);
    expect(await authenticate(server.url, 'kauppa', 'wrong-pass-9')).toBe(400);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);

    const db = openDatabase(join(data, DATABASE_FILE));
    const row = db.prepare('SELECT type, roles FROM users WHERE username = ?').get('kauppa');
    db.close();
    expect(row).toEqual({ type: 'company', roles: '["company"]' });
  });

  it('refuses bad input with exit code 2 and a message, and adds nobody', async () => {
    const data = tempFolder();
    const existing = openDatabase(join(data, DATABASE_FILE));
    await createUser(existing, { username: 'taken', password: 'taken-pass-1', roles: ['private'] }, Date.now());
    existing.close();
    const cases: [string[], RegExp][] = [
      [['add-user', '--password', 'long-enough-1'], /NAME/],
      [['add-user', 'bad name!', '--password', 'long-enough-1'], /NAME/],
      [['add-user', 'shortpass', '--password', 'short'], /--password/],
      [['add-user', 'badrole', '--password', 'long-enough-1', '--role', 'admin'], /--role admin/],
      [['add-user', 'mixed', '--password', 'long-enough-1', '--role', 'company', '--type', 'private'], /company/],
      [['add-user', 'taken', '--password', 'long-enough-1'], /exists already/],
      [['add-user', 'novalue', '--password'], /password/],
    ];
    const exits = await inBatches(cases, 3, ([args]) => run([...args, '--data', data]).exited);
    exits.forEach((exit, i) => {
      expect(exit.code, `${cases[i]![0].join(' ')}: ${exit.stderr}`).toBe(2);
      expect(exit.stderr.split('\n')[0]).toMatch(cases[i]![1]);
    });
    const db = openDatabase(join(data, DATABASE_FILE));
    const names = db.prepare('SELECT username FROM users').pluck().all();
    db.close();
    expect(names).toEqual(['taken']);
  }, 60_000);
});
