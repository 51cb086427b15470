// Issue 9, finding 5: no rendition keeps the photo's metadata (GPS, names), the original
// included, and the files of an unpublished item reach only its seller.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageRecord, ImageUploadResult } from '../../../shared/api/index.ts';
import { imagesOfEachFormat, setItemStatus, uploadImage, type TestImage } from '../../support/image-files.ts';
import { insertItem } from '../../support/item-fixtures.ts';
import { call, startTestServer, type TestServer } from '../../support/server.ts';

let server: TestServer;
let anna: { token: string; userId: number };
let ville: { token: string; userId: number };
beforeAll(async () => {
  server = await startTestServer();
  anna = await server.login('anna');
  ville = await server.login('ville');
});
afterAll(() => server.close());

const OWNER = 'Anna Virtanen, Kotikatu 5';

/** A phone photo: orientation 6, the owner's name and a GPS position in its EXIF. */
async function phonePhoto(): Promise<TestImage> {
  const bytes = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#336699' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Artist: OWNER, Copyright: OWNER },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '60/1 10/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '24/1 56/1 0/1' },
    })
    .toBuffer();
  return { name: 'IMG_0001.jpg', bytes, type: 'image/jpeg' };
}

const draft = () => insertItem(server.service.db, { seller_id: anna.userId, status: 'draft' }, Date.now());

async function upload(itemId: number, image: TestImage): Promise<ImageRecord> {
  const res = await uploadImage(server.api(`/items/${itemId}/images`), image, { token: anna.token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ImageRecord.parse((await call(ImageUploadResult.parse(res.body).links.image, { token: anna.token })).body);
}

const file = async (url: string, token?: string) => {
  const res = await fetch(url, { headers: token ? { 'x-marketapitoken': token } : {} });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
};

describe('image metadata', () => {
  it('strips EXIF, GPS and names from every rendition, the original included, and applies the orientation', async () => {
    const photo = await phonePhoto();
    expect(photo.bytes.includes(OWNER)).toBe(true);
    const meta = await sharp(photo.bytes).metadata();
    expect([meta.orientation, meta.exif !== undefined]).toEqual([6, true]);

    const record = await upload(draft(), photo);
    for (const rendition of ['original', 'medium', 'thumbnail'] as const) {
      const { status, bytes } = await file(record.links[rendition], anna.token);
      expect(status).toBe(200);
      expect(bytes.includes(OWNER)).toBe(false);
      const served = await sharp(bytes).metadata();
      expect(served.exif).toBeUndefined();
      expect(served.xmp).toBeUndefined();
      expect(served.orientation).toBeUndefined();
      expect(served.height).toBeGreaterThan(served.width); // turned upright
    }
    const original = await sharp((await file(record.links.original, anna.token)).bytes).metadata();
    expect([original.format, original.width, original.height]).toEqual(['jpeg', 60, 120]);
  });

  it('strips metadata from originals of every accepted format', async () => {
    const item = draft();
    for (const image of await imagesOfEachFormat()) {
      const withExif = { ...image, bytes: await sharp(image.bytes).withExif({ IFD0: { Artist: OWNER } }).toFormat(image.format as 'png').toBuffer() };
      const record = await upload(item, withExif);
      const { bytes } = await file(record.links.original, anna.token);
      expect(bytes.includes(OWNER)).toBe(false);
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    }
  });
});

describe("an unpublished item's files", () => {
  it('reach only the seller, with private caching; once published anyone may load them', async () => {
    const item = draft();
    const record = await upload(item, await phonePhoto());
    for (const status of ['draft', 'preview', 'waiting', 'disabled'] as const) {
      setItemStatus(server.service.db, item, status);
      for (const rendition of ['original', 'medium', 'thumbnail'] as const) {
        const url = record.links[rendition];
        expect((await file(url)).status).toBe(404);
        expect((await file(url, ville.token)).status).toBe(404);
        expect((await file(url, 'f'.repeat(32))).status).toBe(403);
        const own = await file(url, anna.token);
        expect(own.status).toBe(200);
        expect(own.headers.get('cache-control')).toBe('private, no-store');
      }
    }
    setItemStatus(server.service.db, item, 'published');
    const open = await file(record.links.original);
    expect(open.status).toBe(200);
    expect(open.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
