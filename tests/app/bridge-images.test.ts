import { describe, expect, it } from 'vitest';
import { makeJpeg } from '../core/support.ts';
import { openTestCore } from './support.ts';

describe('images through the bridge', () => {
  it('adds photos sent as bytes with progress events, lists thumbnails, reorders and removes them', async () => {
    const { bridge, events } = openTestCore();
    const created = (await bridge.invoke('drafts.create', { fields: { title: 'Camera' } })) as { ok: true; value: { localId: number } };
    const localId = created.value.localId;
    const [a, b] = await Promise.all([makeJpeg(800, 600, { seed: 1 }), makeJpeg(640, 480, { seed: 2 })]);
    const files = [
      { name: 'front.jpg', base64: a.toString('base64') },
      { name: '../../back.jpg', base64: b.toString('base64') },
      { name: 'again.jpg', base64: a.toString('base64') },
      { name: 'notes.txt', base64: Buffer.from('not an image').toString('base64') },
    ];
    const added = await bridge.invoke('images.add', { localId, files });
    expect(added).toMatchObject({
      ok: true,
      value: [
        { file: 'front.jpg', outcome: 'added' },
        { file: '../../back.jpg', outcome: 'added' },
        { file: 'again.jpg', outcome: 'duplicate' },
        { file: 'notes.txt', outcome: 'failed' },
      ],
    });
    const progress = events.filter((e) => e.name === 'images.progress');
    expect(progress.at(-1)?.payload).toMatchObject({ localId, done: 4, total: 4 });
    const list = (await bridge.invoke('images.list', { localId })) as { ok: true; value: Array<{ id: number; state: string; thumbnail: string | null }> };
    const ready = list.value.filter((i) => i.state === 'ready');
    expect(ready).toHaveLength(2);
    expect(ready[0]?.thumbnail).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    const ids = ready.map((i) => i.id);
    expect(await bridge.invoke('images.reorder', { localId, imageIds: [...ids].reverse() })).toMatchObject({ ok: true });
    expect(await bridge.invoke('images.reorder', { localId, imageIds: [ids[0]] })).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(await bridge.invoke('images.remove', { imageId: ids[0] })).toMatchObject({ ok: true });
    expect(await bridge.invoke('drafts.get', { localId })).toMatchObject({ ok: true, value: { imageCount: 1 } });
  });
});
