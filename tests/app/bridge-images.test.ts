import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeJpeg, tempFolder } from '../core/support.ts';
import { openTestCore } from './support.ts';

describe('images through the bridge', () => {
  // Issue 13 changed this test on purpose: photos arrive by path (no base64 in IPC), and a file
  // that is no image is refused (no slot) instead of failing as a row.
  it('adds photos by path with progress events, lists thumbnails, reorders and removes them', async () => {
    const { bridge, events, session } = openTestCore();
    const created = (await bridge.invoke('drafts.create', { fields: { title: 'Camera' } })) as { ok: true; value: { localId: number } };
    const localId = created.value.localId;
    const folder = tempFolder();
    const [a, b] = await Promise.all([makeJpeg(800, 600, { seed: 1 }), makeJpeg(640, 480, { seed: 2 })]);
    const write = (name: string, bytes: Buffer | string) => {
      const path = join(folder, name);
      writeFileSync(path, bytes);
      // Handed over as the shell does for a picked or dropped file (issue 19: never a path from the window).
      return { kind: 'handle' as const, id: session.files.handOver(path) };
    };
    const files = [
      { name: 'front.jpg', key: '1', source: write('front.jpg', a) },
      { name: 'back.jpg', key: '2', source: write('back.jpg', b) },
      { name: 'again.jpg', key: '3', source: write('again.jpg', a) },
      { name: 'notes.jpg', key: '4', source: write('notes.jpg', 'not an image') },
    ];
    const added = await bridge.invoke('images.add', { localId, files });
    expect(added).toMatchObject({
      ok: true,
      value: [
        { file: 'front.jpg', key: '1', outcome: 'added' },
        { file: 'back.jpg', key: '2', outcome: 'added' },
        { file: 'again.jpg', key: '3', outcome: 'duplicate' },
        { file: 'notes.jpg', key: '4', outcome: 'refused', imageId: null, error: 'notes.jpg is not a photo the app can read (JPEG, PNG, HEIC, WebP, GIF, TIFF or AVIF), so it was not added.' },
      ],
    });
    const progress = events.filter((e) => e.name === 'images.progress');
    expect(progress.at(-1)?.payload).toMatchObject({ localId, done: 4, total: 4 });
    const list = (await bridge.invoke('images.list', { localId })) as { ok: true; value: Array<{ id: number; state: string; thumbnail: string | null; origin: string }> };
    const ready = list.value.filter((i) => i.state === 'ready');
    expect(ready).toHaveLength(2);
    expect(list.value).toHaveLength(2);
    expect(ready[0]).toMatchObject({ origin: 'local', thumbnail: expect.stringMatching(/^data:image\/jpeg;base64,\/9j\//) });
    const ids = ready.map((i) => i.id);
    expect(await bridge.invoke('images.reorder', { localId, imageIds: [...ids].reverse() })).toMatchObject({ ok: true });
    expect(await bridge.invoke('images.reorder', { localId, imageIds: [ids[0]] })).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(await bridge.invoke('images.remove', { imageId: ids[0] })).toMatchObject({ ok: true });
    expect(await bridge.invoke('drafts.get', { localId })).toMatchObject({ ok: true, value: { imageCount: 1 } });
  });

  it('refuses a path that is not a file, a relative path and bytes in the call with a plain sentence or a contract error', async () => {
    const { bridge, session } = openTestCore();
    const created = (await bridge.invoke('drafts.create', { fields: { title: 'Paths' } })) as { ok: true; value: { localId: number } };
    const localId = created.value.localId;
    const folder = tempFolder();
    const result = await bridge.invoke('images.add', {
      localId,
      files: [{ name: 'a folder', source: { kind: 'handle', id: session.files.handOver(folder) } }, { name: 'rel.jpg', source: { kind: 'handle', id: session.files.handOver('rel.jpg') } }],
    });
    expect(result).toMatchObject({ ok: true, value: [
      { outcome: 'refused', error: 'a folder is not a file: choose photos, or drop a folder to add the photos in it.' },
      { outcome: 'refused', error: 'rel.jpg could not be read: the app was not given its place on disk.' },
    ] });
    const base64 = await bridge.invoke('images.add', { localId, files: [{ name: 'x.jpg', base64: 'AAAA' }] } as never);
    expect(base64).toMatchObject({ ok: false });
  });
});
