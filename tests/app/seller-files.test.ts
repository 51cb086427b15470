// Issue 19: files only by the seller's hand. In web mode only uploads are read (a path the page
// writes is refused); in Electron only files handed over (picked or dropped) by handle, their real
// place checked. No answer carries a file's content or the environment.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, symlinkSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { startCoreSupervisor } from '../../electron/core/host/core-supervisor.ts';
import { toIpcError } from '../../electron/core/ipc/dispatcher.ts';
import { stageUpload, sweepUploads } from '../../electron/core/images/staged-uploads.ts';
import { plainNotice } from '../../electron/notification-text.ts';
import { backupFolderDialogOptions, exportSaveDialogOptions } from '../../electron/save-dialog.ts';
import { forkCore } from '../../electron/web/core-process.ts';
import { startWebServer, type WebServer } from '../../electron/web/web-server.ts';
import { CONTENT_SECURITY_POLICY, metaPolicy } from '../../electron/window-options.ts';
import { makeJpeg } from '../core/support.ts';
import { draftsCsv, openTestCore, tempFolder } from './support.ts';

let server: WebServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const PASSWORD = 'hunter2-stored-password';

async function start(): Promise<WebServer> {
  const root = tempFolder();
  const rendererDir = join(tempFolder(), 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), `<meta http-equiv="Content-Security-Policy" content="${metaPolicy(CONTENT_SECURITY_POLICY)}"><div id="root"></div>`);
  // The account's stored password, where web mode keeps it.
  writeFileSync(join(root, 'credentials.json'), JSON.stringify({ a: { username: 'pekka', secret: PASSWORD } }), { mode: 0o600 });
  server = await startWebServer({ root, rendererDir, port: 0, vault: 'file' });
  return server;
}

async function ipcText(s: WebServer, method: string, body: unknown): Promise<string> {
  const response = await fetch(`${s.origin}/ipc/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: s.origin, 'x-market-desk-secret': s.secret },
    body: JSON.stringify(body),
  });
  return response.text();
}

/** Nothing of what those files hold, nor of the environment, may be in an answer. */
function expectNoContent(text: string): void {
  expect(text).not.toMatch(/root:|daemon:|nologin|\/bin\/(ba)?sh/);
  expect(text).not.toContain(PASSWORD);
  expect(text).not.toContain('pekka');
  for (const value of [process.env.PATH, process.env.HOME].filter((v): v is string => !!v && v.length > 4)) expect(text).not.toContain(value);
}

describe('files only by the seller\'s hand', { timeout: 240_000 }, () => {
  it('web mode refuses a path for /etc/shadow, /etc/passwd, credentials.json and /proc/self/environ in csv.inspect, csv.import and images.add, with nothing of them in the answer', async () => {
    const s = await start();
    const created = JSON.parse(await ipcText(s, 'drafts.create', { fields: { title: 'Target' } })) as { value: { localId: number } };
    const targets = ['/etc/shadow', '/etc/passwd', join(s.uploads, '..', 'credentials.json'), '/proc/self/environ'];
    for (const path of targets) {
      const source = { kind: 'path', path };
      for (const [method, body] of [
        ['csv.inspect', { source, fileName: 'x.csv' }],
        ['csv.import', { source, fileName: 'x.csv' }],
      ] as const) {
        const text = await ipcText(s, method, body);
        expect(JSON.parse(text)).toMatchObject({ ok: false, error: { code: 'file-refused', reason: 'file-not-handed-over' } });
        expectNoContent(text);
      }
      const added = await ipcText(s, 'images.add', { localId: created.value.localId, files: [{ name: 'x.jpg', source }] });
      expect(JSON.parse(added)).toMatchObject({ ok: true, value: [{ outcome: 'refused', imageId: null, issue: { rule: 'photo-not-handed-over' } }] });
      expectNoContent(added);
    }
    // A handle nobody handed over (web mode hands none) is refused the same way.
    const guessed = await ipcText(s, 'csv.inspect', { source: { kind: 'handle', id: 'a'.repeat(32) }, fileName: 'x.csv' });
    expect(JSON.parse(guessed)).toMatchObject({ ok: false, error: { code: 'file-refused', reason: 'file-not-handed-over' } });
    // No draft came from any of it.
    expect(JSON.parse(await ipcText(s, 'drafts.page', {}))).toMatchObject({ ok: true, value: { total: 1 } });
  });

  it('removes the uploads a page made when the page is gone', async () => {
    const s = await start();
    const controller = new AbortController();
    const stream = await fetch(`${s.origin}/events?secret=${s.secret}`, { signal: controller.signal });
    const reader = stream.body!.getReader();
    await reader.read();
    const response = await fetch(`${s.origin}/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', origin: s.origin, 'x-market-desk-secret': s.secret },
      body: await makeJpeg(64, 48, { seed: 1 }),
    });
    const { value } = (await response.json()) as { value: { id: string } };
    expect(existsSync(join(s.uploads, `${value.id}.upload`))).toBe(true);
    controller.abort();
    await expect.poll(() => existsSync(join(s.uploads, `${value.id}.upload`)), { timeout: 30_000 }).toBe(false);
  });
});

describe('main\'s save dialog for an export', () => {
  it('suggests a plain .mdesk name in the documents folder, whatever the page asked for', () => {
    expect(exportSaveDialogOptions('market-desk-2026-11-26.mdesk', '/home/pekka/Documents/')).toEqual({
      title: 'Export to a file', defaultPath: '/home/pekka/Documents/market-desk-2026-11-26.mdesk', filters: [{ name: 'Market Desk export', extensions: ['mdesk'] }],
    });
    expect(exportSaveDialogOptions('../../.ssh/authorized_keys', '/home/pekka').defaultPath).toBe('/home/pekka/sshauthorized_keys.mdesk');
    expect(exportSaveDialogOptions({ path: '/etc' }, '/home/pekka').defaultPath).toBe('/home/pekka/market-desk.mdesk');
    expect(exportSaveDialogOptions('a\u0000b:c', '/home/pekka').defaultPath).toBe('/home/pekka/abc.mdesk');
  });
});

describe('the backup folder by the seller\'s hand (issue 24)', { timeout: 120_000 }, () => {
  it('main\'s folder dialog: one folder, a new one may be made, in the documents folder; the page gives nothing', () => {
    expect(backupFolderDialogOptions('/home/pekka/Documents')).toEqual({
      title: 'Choose the backup folder', defaultPath: '/home/pekka/Documents', buttonLabel: 'Choose folder', properties: ['openDirectory', 'createDirectory'],
    });
  });

  it('Electron\'s core (its host, as main starts it) refuses a written path and takes the folder main handed over, its real place checked, and backups are written there', async () => {
    const root = tempFolder();
    const core = startCoreSupervisor({ spawn: () => forkCore(), init: { root, vault: 'none' }, onEvent: () => undefined });
    try {
      await core.ready();
      const good = tempFolder();
      const folder = tempFolder();
      symlinkSync(good, join(folder, 'usb'));
      symlinkSync(root, join(folder, 'data'));
      writeFileSync(join(folder, 'a-file'), 'x');
      // A path the window writes, even a good one: refused, naming the field.
      expect(await core.invoke('backups.setFolder', { folder: good })).toMatchObject({ ok: false, error: { code: 'folder-refused', field: 'folder', reason: 'folder-not-chosen' } });
      // A guessed handle, and a file handed over to be read: no folder.
      expect(await core.invoke('backups.setFolder', { folder: { kind: 'handle', id: 'c'.repeat(32) } })).toMatchObject({ ok: false, error: { code: 'folder-refused', reason: 'folder-not-chosen' } });
      const fileHandle = await core.handOver(good);
      expect(await core.invoke('backups.setFolder', { folder: { kind: 'handle', id: fileHandle } })).toMatchObject({ ok: false, error: { code: 'folder-refused', reason: 'folder-not-chosen' } });
      // Chosen in the dialog, yet no place for backups: the data folder (through a link too), /etc, /, /proc, a file, a folder gone.
      for (const [path, reason] of [
        [root, 'folder-private'], [join(folder, 'data'), 'folder-private'], [join(root, 'backups'), 'folder-private'], ['/etc', 'folder-private'], ['/', 'folder-private'],
        ['/proc/self', 'folder-private'], [join(folder, 'a-file'), 'folder-not-a-folder'], [join(folder, 'gone'), 'folder-gone'],
      ] as const) {
        const id = await core.handOver(path, 'folder');
        expect(id).toMatch(/^[a-f0-9]{32}$/);
        const answer = await core.invoke('backups.setFolder', { folder: { kind: 'handle', id } });
        expect(answer, path).toMatchObject({ ok: false, error: { code: 'folder-refused', field: 'folder', reason } });
        expectNoContent(JSON.stringify(answer));
      }
      expect(await core.invoke('backups.status', {})).toMatchObject({ ok: true, value: { folder: null } });
      // A good folder, chosen through a link: kept by its real place; a backup now goes there too.
      const id = await core.handOver(join(folder, 'usb'), 'folder');
      expect(await core.invoke('backups.setFolder', { folder: { kind: 'handle', id } })).toMatchObject({ ok: true, value: { folder: good } });
      expect(await core.invoke('backups.create', {})).toMatchObject({ ok: true, value: { folder: good, lastGood: { places: ['data', 'folder'] } } });
      expect(readdirSync(join(good, 'market-desk-backups')).length).toBeGreaterThan(0);
      expect(await core.invoke('backups.setFolder', { folder: null })).toMatchObject({ ok: true, value: { folder: null } });
      // A save target is held to the same places: no export into /etc either.
      const intoEtc = await core.handOver('/etc/market-desk.mdesk', true);
      expect(await core.invoke('backups.export', { target: { kind: 'handle', id: intoEtc } })).toMatchObject({ ok: false, error: { code: 'file-refused', reason: 'file-private' } });
    } finally {
      await core.close();
    }
  });

  it('web mode takes a typed folder, checked the same: the data folder and /etc refused, a good one kept', async () => {
    const s = await start();
    for (const path of [join(s.uploads, '..'), '/etc', '/proc/self']) {
      const text = await ipcText(s, 'backups.setFolder', { folder: path });
      expect(JSON.parse(text)).toMatchObject({ ok: false, error: { code: 'folder-refused', field: 'folder', reason: 'folder-private' } });
      expectNoContent(text);
    }
    expect(JSON.parse(await ipcText(s, 'backups.setFolder', { folder: 'relative/folder' }))).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const good = tempFolder();
    expect(JSON.parse(await ipcText(s, 'backups.setFolder', { folder: good }))).toMatchObject({ ok: true, value: { folder: good } });
    expect(JSON.parse(await ipcText(s, 'backups.create', {}))).toMatchObject({ ok: true, value: { lastGood: { places: ['data', 'folder'] } } });
    expect(readdirSync(join(good, 'market-desk-backups')).length).toBeGreaterThan(0);
  });
});

describe('files handed over in Electron (by handle, as main records them)', () => {
  it('follows symlinks and refuses the app\'s own data, /proc and /dev, and folders and FIFOs, naming only the file', async () => {
    const core = openTestCore();
    writeFileSync(join(core.root, 'credentials.json'), JSON.stringify({ a: { username: 'pekka', secret: PASSWORD } }));
    const folder = tempFolder();
    const link = (name: string, target: string) => {
      symlinkSync(target, join(folder, name));
      return core.session.files.handOver(join(folder, name));
    };
    const fifo = join(folder, 'pipe.csv');
    execFileSync('mkfifo', [fifo]);
    const cases: Array<[string, string, string]> = [
      [link('creds.csv', join(core.root, 'credentials.json')), 'creds.csv', 'file-private'],
      [link('env.csv', '/proc/self/environ'), 'env.csv', 'file-private'],
      [core.session.files.handOver('/dev/zero'), 'zero.csv', 'file-private'],
      [core.session.files.handOver(join(core.root, 'market-desk.json')), 'registry.csv', 'file-private'],
      [core.session.files.handOver(fifo), 'pipe.csv', 'file-not-a-file'],
      [core.session.files.handOver(folder), 'folder.csv', 'file-not-a-file'],
    ];
    for (const [id, fileName, reason] of cases) {
      for (const method of ['csv.inspect', 'csv.import'] as const) {
        const answer = await core.bridge.invoke(method, { source: { kind: 'handle', id }, fileName });
        expect(answer).toMatchObject({ ok: false, error: { code: 'file-refused', reason } });
        expectNoContent(JSON.stringify(answer));
      }
    }
    const { localId } = ((await core.bridge.invoke('drafts.create', { fields: { title: 'Photos' } })) as { ok: true; value: { localId: number } }).value;
    const photo = join(folder, 'real.jpg');
    writeFileSync(photo, await makeJpeg(64, 48, { seed: 2 }));
    const added = await core.bridge.invoke('images.add', { localId, files: [
      { name: 'env.jpg', source: { kind: 'handle', id: link('env.jpg', '/proc/self/environ') } },
      { name: 'real.jpg', source: { kind: 'handle', id: link('link.jpg', photo) } },
    ] });
    expect(added).toMatchObject({ ok: true, value: [{ outcome: 'refused', issue: { rule: 'photo-private' } }, { outcome: 'added' }] });
    expectNoContent(JSON.stringify(added));
    // A spreadsheet the seller handed over through a link is read from its real place.
    const sheet = join(folder, 'drafts.csv');
    writeFileSync(sheet, draftsCsv(2));
    expect(await core.bridge.invoke('csv.import', { source: { kind: 'handle', id: link('sheet.csv', sheet) }, fileName: 'sheet.csv' })).toMatchObject({ ok: true, value: { imported: 2 } });
  });

  it('turns an internal error into a code and a plain message: no file content, no environment', () => {
    const logged: unknown[] = [];
    const error = toIpcError(new Error(`unexpected token in root:x:0:0:root:/root:/bin/bash PATH=${process.env.PATH}`), 'csv.inspect', (_m, e) => logged.push(e));
    expect(error).toEqual({ code: 'internal', message: 'csv.inspect failed' });
    expect(logged).toHaveLength(1);
  });
});

describe('staged uploads', () => {
  it('an export goes only where the seller said and an import comes only from a file the seller gave: web mode downloads once and uploads, Electron\'s handles from main\'s dialogs', async () => {
    const s = await start();
    await ipcText(s, 'drafts.create', { fields: { title: 'Mukaan' } });
    // A path the page writes is no target at all; a handle nobody handed over is refused.
    expect(JSON.parse(await ipcText(s, 'backups.export', { file: '/tmp/x.mdesk' }))).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(JSON.parse(await ipcText(s, 'backups.export', { target: { kind: 'handle', id: 'a'.repeat(32) } }))).toMatchObject({ ok: false, error: { code: 'file-refused', reason: 'file-not-handed-over' } });
    for (const source of [{ kind: 'path', path: '/etc/passwd' }, { kind: 'handle', id: 'b'.repeat(32) }]) {
      const text = await ipcText(s, 'backups.import', { source });
      expect(JSON.parse(text)).toMatchObject({ ok: false, error: { code: 'file-refused', reason: 'file-not-handed-over' } });
      expectNoContent(text);
    }

    // Web mode: the export is a download, taken once, from this origin only.
    const exported = JSON.parse(await ipcText(s, 'backups.export', { target: { kind: 'download' } })) as { ok: true; value: { download: string; file: string; drafts: number } };
    expect(exported).toMatchObject({ ok: true, value: { drafts: 1, file: expect.stringMatching(/^market-desk-\d{4}-\d\d-\d\d\.mdesk$/) } });
    const at = `${s.origin}/download/${exported.value.download}`;
    expect((await fetch(at, { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    const taken = await fetch(at);
    expect(taken.status).toBe(200);
    expect(taken.headers.get('content-disposition')).toMatch(/^attachment/);
    const bytes = Buffer.from(await taken.arrayBuffer());
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('MDESKEXP');
    expect((await fetch(at)).status).toBe(404);
    await expect.poll(() => readdirSync(join(s.uploads, '..', 'outgoing')), { timeout: 10_000 }).toEqual([]);
    // ...and an import is an upload, removed once read.
    const uploaded = (await (await fetch(`${s.origin}/upload`, {
      method: 'POST', headers: { 'content-type': 'application/octet-stream', origin: s.origin, 'x-market-desk-secret': s.secret }, body: bytes,
    })).json()) as { value: { id: string } };
    const imported = JSON.parse(await ipcText(s, 'backups.import', { source: { kind: 'upload', id: uploaded.value.id }, name: 'kauppa.mdesk' }));
    expect(imported).toMatchObject({ ok: true, value: [{ id: 'local-drafts', drafts: 1 }] });
    expect(existsSync(join(s.uploads, `${uploaded.value.id}.upload`))).toBe(false);

    // Electron: main's save dialog gives the core the path and the window a handle; the app's own
    // data is no target, and a file handed over to be read is not one to write over.
    const core = openTestCore();
    const outside = join(tempFolder(), 'kauppa.mdesk');
    const saved = await core.bridge.invoke('backups.export', { target: { kind: 'handle', id: core.session.files.handOverTarget(outside) } });
    expect(saved).toMatchObject({ ok: true, value: { file: 'kauppa.mdesk', download: null } });
    expect(existsSync(outside)).toBe(true);
    const inData = await core.bridge.invoke('backups.export', { target: { kind: 'handle', id: core.session.files.handOverTarget(join(core.root, 'market-desk.json')) } });
    expect(inData).toMatchObject({ ok: false, error: { code: 'file-refused', reason: 'file-private' } });
    const readHandle = core.session.files.handOver(outside);
    expect(await core.bridge.invoke('backups.export', { target: { kind: 'handle', id: readHandle } })).toMatchObject({ ok: false, error: { reason: 'file-not-handed-over' } });
    const linked = join(tempFolder(), 'link.mdesk');
    symlinkSync(outside, linked);
    expect(await core.bridge.invoke('backups.export', { target: { kind: 'handle', id: core.session.files.handOverTarget(linked) } })).toMatchObject({ ok: false, error: { reason: 'file-not-a-file' } });
    expect(await core.bridge.invoke('backups.import', { source: { kind: 'handle', id: readHandle } })).toMatchObject({ ok: true, value: [{ name: 'Local drafts' }] });
  }, 120_000);

  it('removes uploads older than an hour, and the oldest when all together pass the cap', async () => {
    const base = tempFolder();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await stageUpload(base, Readable.from([Buffer.alloc(1000, i)]))).id);
    const incoming = join(base, 'incoming');
    const at = (id: string, secondsAgo: number) => utimesSync(join(incoming, `${id}.upload`), new Date(Date.now() - secondsAgo * 1000), new Date(Date.now() - secondsAgo * 1000));
    at(ids[0]!, 3601);
    at(ids[1]!, 300);
    at(ids[2]!, 200);
    at(ids[3]!, 100);
    sweepUploads(base);
    expect(readdirSync(incoming).sort()).toEqual(ids.slice(1).map((id) => `${id}.upload`).sort());
    // A new upload under a 2,500-byte total: room for it at its largest (1,000) leaves 1,500: the oldest go.
    const last = await stageUpload(base, Readable.from([Buffer.alloc(1000, 9)]), 1000, 2500);
    expect(readdirSync(incoming).sort()).toEqual([ids[3]!, last.id].map((id) => `${id}.upload`).sort());
  });
});

describe('desktop notifications', () => {
  it('carry plain text only: no markup reaches libnotify', () => {
    const notice = plainNotice({ title: '<b>Uusi kysymys</b>', body: 'Onko <a href="file:///etc/passwd">tämä</a> & <img src="x"> vielä myynnissä?\u0007' });
    expect(notice).toEqual({ title: 'Uusi kysymys', body: 'Onko tämä ＆  vielä myynnissä?' });
    expect(plainNotice({ title: 'x', body: 'a < b > c' }).body).toBe('a ‹ b › c');
    expect(plainNotice({ title: 'x', body: 'y'.repeat(1000) }).body).toHaveLength(400);
  });
});
