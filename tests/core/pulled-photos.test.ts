// Issue 13: a pulled item's photos (made on the marketplace, not here) are shown for every
// status, from thumbnails fetched through the API client with the token and cached in the
// account folder, so they show offline too. The real service on port 0.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listItemImages } from '../../electron/core/images/image-library.ts';
import { makeCategories, type TestCategories } from '../support/item-helpers.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { completeBuyNow } from './support.ts';
import { sellerCache } from './support/sync-setup.ts';

let server: TestServer;
let cats: TestCategories;

beforeAll(async () => {
  server = await startTestServer();
  cats = makeCategories(server);
});
afterAll(async () => {
  await server.close();
});

describe("a pulled item's photos", () => {
  it('are listed for a draft, a published and a closed item, with thumbnails cached for offline', async () => {
    await server.addUser('photo-puller');
    const cache = await sellerCache(server.url, 'photo-puller');
    const photo = (r: number) => sharp({ create: { width: 320, height: 240, channels: 3, background: { r, g: 90, b: 60 } } }).jpeg().toBuffer();
    const draft = await cache.api.createItem({ status: 'draft', title: 'Pulled draft with photos' });
    await cache.api.uploadImage(draft.id, await photo(10));
    await cache.api.uploadImage(draft.id, await photo(60));
    const open = await cache.api.createItem({ ...completeBuyNow('Pulled open'), categoryId: cats.sub, status: 'draft' });
    await cache.api.uploadImage(open.id, await photo(110));
    await cache.api.setStatus(open.id, 'preview');
    await cache.api.setStatus(open.id, 'published');
    const closed = await cache.api.createItem({ ...completeBuyNow('Pulled closed'), categoryId: cats.sub, status: 'draft' });
    await cache.api.uploadImage(closed.id, await photo(160));
    await cache.api.setStatus(closed.id, 'preview');
    await cache.api.setStatus(closed.id, 'published');
    await cache.api.setStatus(closed.id, 'closed');
    await cache.engine.pull();

    const media = (url: string) => cache.api.media(url);
    for (const [remoteId, count] of [[draft.id, 2], [open.id, 1], [closed.id, 1]] as const) {
      const localId = cache.byRemote(remoteId) as number;
      const images = await listItemImages(cache.db, cache.folder, localId, media);
      expect(images).toHaveLength(count);
      for (const image of images) {
        expect(image).toMatchObject({ origin: 'remote', state: 'remote', thumbnail: expect.stringMatching(/^data:image\/jpeg;base64,\/9j\//) });
        expect(image.id).toBeLessThan(0);
      }
    }
    expect(readdirSync(join(cache.folder, 'remote-thumbs'))).toHaveLength(4);

    // Offline (no way to fetch): the cached thumbnails are shown all the same.
    const offline = await listItemImages(cache.db, cache.folder, cache.byRemote(draft.id) as number);
    expect(offline.map((i) => i.thumbnail?.slice(0, 23))).toEqual(['data:image/jpeg;base64,', 'data:image/jpeg;base64,']);
  });

  it('never sends the token to an address other than the marketplace', async () => {
    await server.addUser('photo-guard');
    const cache = await sellerCache(server.url, 'photo-guard');
    await expect(cache.api.media('http://example.invalid/media/images/1/thumbnail')).rejects.toThrow(/not on the marketplace's own address/);
  });
});
