import sharp from 'sharp';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, ImageList, ImageRecord, ImageUploadResult, LIMITS } from '../../shared/api/index.ts';
import { migrate } from '../../server/db/open.ts';
import {
  bigValidJpeg,
  imagesOfEachFormat,
  jpegImage,
  jpegWithOrientation6,
  pixelBombPng,
  pngAtLimit,
  pngOverLimit,
  setItemStatus,
  storeSnapshot,
  svgImage,
  textRenamedJpeg,
  truncatedJpeg,
  uploadImage,
  type TestImage,
} from '../support/image-files.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { insertItem } from '../support/item-fixtures.ts';

let server: TestServer;
let anna: { token: string; userId: number };
let pekka: { token: string; userId: number };
let ville: { token: string; userId: number };
let small: TestImage;

beforeAll(async () => {
  server = await startTestServer();
  anna = await server.login('anna', ['private']);
  pekka = await server.login('pekka', ['powerseller']);
  ville = await server.login('ville', ['private']);
  small = await jpegImage(64, 48);
});
afterAll(() => server.close());

const imagesUrl = (itemId: number) => server.api(`/items/${itemId}/images`);
const draftOf = (user: { userId: number }) => insertItem(server.service.db, { seller_id: user.userId, status: 'draft' }, Date.now());
const snapshot = () => storeSnapshot(server.service);
const errorCode = (body: unknown) => ErrorBody.parse(body).errors[0]?.code;

async function uploadOk(itemId: number, image: TestImage, token = anna.token): Promise<ImageRecord> {
  const res = await uploadImage(imagesUrl(itemId), image, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const url = ImageUploadResult.parse(res.body).links.image;
  expect(res.headers.get('location')).toBe(url);
  const record = await call(url, { token });
  expect(record.status).toBe(200);
  return ImageRecord.parse(record.body);
}

/** Anna's token by default: the files of her drafts are hers alone (issue 9, finding 5). */
async function fetchFile(url: string, token: string | null = anna.token): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const res = await fetch(url, { headers: token ? { 'x-marketapitoken': token } : {} });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

async function dimensions(url: string): Promise<{ format: string; width: number; height: number; hasExif: boolean }> {
  const file = await fetchFile(url);
  expect(file.status).toBe(200);
  const meta = await sharp(file.bytes).metadata();
  return { format: meta.format, width: meta.width, height: meta.height, hasExif: meta.exif !== undefined };
}

/** The refusal left the store exactly as it was: no row, no file, no temporary folder. */
async function expectRefusedWithNothingWritten(
  send: () => Promise<{ status: number; body: unknown }>,
  status: number,
  /** null: any code (the shape of schema-validation codes belongs to the shared error mapping). */
  code: string | null,
): Promise<ErrorBody> {
  const before = snapshot();
  const res = await send();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = ErrorBody.parse(res.body);
  if (code !== null) expect(body.errors[0]?.code).toBe(code);
  expect(snapshot()).toEqual(before);
  return body;
}

describe('uploading an image', () => {
  // Changed on purpose (issue 9, finding 5): the original is re-encoded without metadata, so it is
  // no longer the uploaded bytes; it keeps the format and the size in pixels.
  it('accepts JPEG, PNG, WebP, GIF and AVIF, keeping the original format and size and serving every link', async () => {
    const item = draftOf(anna);
    for (const image of await imagesOfEachFormat()) {
      const record = await uploadOk(item, image);
      const original = await fetchFile(record.links.original);
      expect(original.status).toBe(200);
      expect(original.headers.get('content-type')).toBe(image.type);
      expect(await sharp(original.bytes).metadata()).toMatchObject({ width: image.width, height: image.height });
      for (const rendition of ['medium', 'thumbnail'] as const) {
        const file = await fetchFile(record.links[rendition]);
        expect(file.headers.get('content-type')).toBe('image/jpeg');
        const meta = await sharp(file.bytes).metadata();
        expect(meta.format).toBe('jpeg');
      }
      expect(await dimensions(record.links.medium)).toMatchObject({ width: 300, height: 200 });
      expect(await dimensions(record.links.thumbnail)).toMatchObject({ width: 200, height: 133 });
      const row = server.service.db.prepare('SELECT format, width, height, bytes FROM images WHERE id = ?').get(record.id);
      expect(row).toEqual({ format: image.format, width: image.width, height: image.height, bytes: original.bytes.length });
    }
    const list = ImageList.parse((await call(imagesUrl(item), { token: anna.token })).body);
    expect(list.images).toHaveLength(5);
  });

  it('applies the EXIF orientation to every rendition, the original included, and strips their metadata', async () => {
    const item = draftOf(anna);
    const image = await jpegWithOrientation6();
    expect((await sharp(image.bytes).metadata()).orientation).toBe(6);
    const record = await uploadOk(item, image);
    expect(await dimensions(record.links.medium)).toEqual({ format: 'jpeg', width: 400, height: 800, hasExif: false });
    expect(await dimensions(record.links.thumbnail)).toEqual({ format: 'jpeg', width: 100, height: 200, hasExif: false });
    // Changed on purpose (issue 9, finding 5): the original too is turned and stripped.
    expect(await dimensions(record.links.original)).toEqual({ format: 'jpeg', width: 600, height: 1200, hasExif: false });
    expect((await sharp((await fetchFile(record.links.original)).bytes).metadata()).orientation).toBeUndefined();
  });

  it('scales a large photo down to fit 800x800 and 200x200', async () => {
    const item = draftOf(anna);
    const record = await uploadOk(item, await bigValidJpeg());
    expect(await dimensions(record.links.medium)).toMatchObject({ width: 800, height: 600 });
    expect(await dimensions(record.links.thumbnail)).toMatchObject({ width: 200, height: 150 });
    expect(await dimensions(record.links.original)).toMatchObject({ width: 4000, height: 3000 });
  });

  it('accepts a file of exactly 8 MB and answers 413 one byte over, writing nothing', async () => {
    const item = draftOf(anna);
    const atLimit = await pngAtLimit();
    expect(atLimit.bytes.length).toBe(LIMITS.imageBytes);
    const record = await uploadOk(item, atLimit);
    // The padding chunk that made the file 8 MB is metadata, and goes (issue 9, finding 5).
    expect((await fetchFile(record.links.original)).bytes.length).toBeLessThan(LIMITS.imageBytes);

    const over = await pngOverLimit();
    await expectRefusedWithNothingWritten(() => uploadImage(imagesUrl(item), over, { token: anna.token }), 413, 'too_large');
  });

  it('refuses a text file named .jpg and a truncated JPEG as invalid_image, writing nothing', async () => {
    const item = draftOf(anna);
    for (const bad of [textRenamedJpeg(), await truncatedJpeg()]) {
      const body = await expectRefusedWithNothingWritten(
        () => uploadImage(imagesUrl(item), bad, { token: anna.token }),
        400,
        'invalid_image',
      );
      expect(body.errors[0]?.field).toBe('image');
    }
  });

  it('refuses an SVG as an unsupported format and a 56-megapixel PNG as too many pixels', async () => {
    const item = draftOf(anna);
    await expectRefusedWithNothingWritten(
      () => uploadImage(imagesUrl(item), svgImage(), { token: anna.token }),
      400,
      'unsupported_image_format',
    );
    const bomb = await pixelBombPng();
    expect(bomb.bytes.length).toBeLessThan(LIMITS.imageBytes);
    await expectRefusedWithNothingWritten(() => uploadImage(imagesUrl(item), bomb, { token: anna.token }), 400, 'too_many_pixels');
  });

  it('answers 400 naming image when the field is missing or not a file, and 415 for a JSON body', async () => {
    const item = draftOf(anna);
    const missing = await expectRefusedWithNothingWritten(
      () => uploadImage(imagesUrl(item), null, { token: anna.token }),
      400,
      'required',
    );
    expect(missing.errors[0]?.field).toBe('image');
    expect(missing.errors[0]?.messages[0]).toContain('image');
    await expectRefusedWithNothingWritten(() => uploadImage(imagesUrl(item), small, { token: anna.token, field: 'photo' }), 400, 'required');
    const asText = new FormData();
    asText.set('image', 'not a file');
    await expectRefusedWithNothingWritten(
      async () => {
        const res = await fetch(imagesUrl(item), { method: 'POST', headers: { 'x-marketapitoken': anna.token }, body: asText });
        return { status: res.status, body: await res.json() };
      },
      400,
      'required',
    );
    await expectRefusedWithNothingWritten(() => call(imagesUrl(item), { method: 'POST', token: anna.token }), 400, 'required');
    const json = await expectRefusedWithNothingWritten(
      () => call(imagesUrl(item), { token: anna.token, json: { image: 'aGVsbG8=' } }),
      415,
      'unsupported_media_type',
    );
    expect(json.errors[0]?.field).toBe('image');
  });

  it('answers 400 for a malformed multipart body and 413 for a second file, never 500', async () => {
    const item = draftOf(anna);
    const raw = (contentType: string, body: string) => async () => {
      const res = await fetch(imagesUrl(item), {
        method: 'POST',
        headers: { 'x-marketapitoken': anna.token, 'content-type': contentType },
        body,
      });
      return { status: res.status, body: await res.json() };
    };
    await expectRefusedWithNothingWritten(raw('multipart/form-data', 'no boundary'), 400, 'invalid_multipart');
    const cut = '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\nabc';
    await expectRefusedWithNothingWritten(raw('multipart/form-data; boundary=xyz', cut), 400, 'invalid_multipart');
    const two = new FormData();
    for (const name of ['a.jpg', 'b.jpg']) two.append('image', new Blob([new Uint8Array(small.bytes)], { type: 'image/jpeg' }), name);
    await expectRefusedWithNothingWritten(
      async () => {
        const res = await fetch(imagesUrl(item), { method: 'POST', headers: { 'x-marketapitoken': anna.token }, body: two });
        return { status: res.status, body: await res.json() };
      },
      413,
      'too_large',
    );
  });

  it('answers 403 without a token, with an invalid token and for another user, 404 for an unknown item', async () => {
    const item = draftOf(anna);
    await expectRefusedWithNothingWritten(() => uploadImage(imagesUrl(item), small), 403, 'token_missing');
    await expectRefusedWithNothingWritten(() => uploadImage(imagesUrl(item), small, { token: 'f'.repeat(32) }), 403, 'token_invalid');
    await expectRefusedWithNothingWritten(() => uploadImage(imagesUrl(item), small, { token: ville.token }), 403, 'not_owner');
    await expectRefusedWithNothingWritten(() => uploadImage(imagesUrl(999_999), small, { token: anna.token }), 404, 'not_found');
    await expectRefusedWithNothingWritten(() => uploadImage(server.api('/items/abc/images'), small, { token: anna.token }), 404, 'not_found');
  });

  it("answers a stranger's upload with 403 before looking at the file, even one over 8 MB", async () => {
    const item = draftOf(anna);
    await expectRefusedWithNothingWritten(() => uploadImage(imagesUrl(item), textRenamedJpeg(), { token: ville.token }), 403, 'not_owner');
    const over = await pngOverLimit();
    await expectRefusedWithNothingWritten(() => uploadImage(imagesUrl(item), over, { token: ville.token }), 403, 'not_owner');
  });

  it('answers 409 for published, closed, waiting and disabled items, and accepts preview', async () => {
    for (const status of ['published', 'closed', 'waiting', 'disabled'] as const) {
      const item = insertItem(server.service.db, { seller_id: anna.userId, status }, Date.now());
      await expectRefusedWithNothingWritten(() => uploadImage(imagesUrl(item), small, { token: anna.token }), 409, 'item_state');
    }
    await uploadOk(insertItem(server.service.db, { seller_id: anna.userId, status: 'preview' }, Date.now()), small);
  });

  it('lets a regular seller add 10 images and a power seller 20, then answers 409 image_limit', async () => {
    const tiny = await jpegImage(8, 8);
    for (const [user, max] of [
      [anna, 10],
      [pekka, 20],
    ] as const) {
      const item = draftOf(user);
      for (let i = 1; i <= max; i += 1) await uploadOk(item, tiny, user.token);
      const body = await expectRefusedWithNothingWritten(
        () => uploadImage(imagesUrl(item), tiny, { token: user.token }),
        409,
        'image_limit',
      );
      expect(body.errors[0]?.messages[0]).toContain(String(max));
    }
  });

  it('lets only one of two simultaneous uploads take the last free place', async () => {
    const item = draftOf(anna);
    const tiny = await jpegImage(8, 8);
    for (let i = 1; i <= 9; i += 1) await uploadOk(item, tiny);
    const results = await Promise.all([1, 2].map(() => uploadImage(imagesUrl(item), small, { token: anna.token })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = server.service.db.prepare('SELECT id FROM images WHERE item_id = ?').all(item) as Array<{ id: number }>;
    expect(rows).toHaveLength(10);
    expect(snapshot().files.filter((f) => f.startsWith('.tmp-'))).toEqual([]);
    expect(new Set(snapshot().files.filter((f) => !f.includes('/')).map(Number))).toEqual(
      new Set(server.service.db.prepare('SELECT id FROM images').all().map((r) => (r as { id: number }).id)),
    );
  });
});

describe('reading images', () => {
  it('lists images in position order with links that all load', async () => {
    const item = draftOf(anna);
    const ids = [];
    for (const colour of ['#ff0000', '#00ff00', '#0000ff']) {
      const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: colour } }).png().toBuffer();
      ids.push((await uploadOk(item, { name: 'c.png', bytes, type: 'image/png' })).id);
    }
    const res = await call(imagesUrl(item), { token: anna.token });
    expect(res.status).toBe(200);
    const list = ImageList.parse(res.body);
    expect(list.images.map((i) => i.id)).toEqual(ids);
    expect((await call(list.links.self, { token: anna.token })).status).toBe(200);
    for (const record of list.images) {
      expect(ImageRecord.parse((await call(record.links.self, { token: anna.token })).body)).toEqual(record);
      for (const rendition of ['thumbnail', 'medium', 'original'] as const) {
        const file = await fetchFile(record.links[rendition]);
        expect(file.status).toBe(200);
        expect((await sharp(file.bytes).metadata()).width).toBeGreaterThan(0);
      }
    }
  });

  it('shows draft and preview images only to the seller, published and closed ones to anyone', async () => {
    const item = draftOf(anna);
    const record = await uploadOk(item, small);
    for (const status of ['draft', 'preview', 'waiting', 'disabled'] as const) {
      setItemStatus(server.service.db, item, status);
      expect((await call(imagesUrl(item), { token: anna.token })).status).toBe(200);
      expect((await call(imagesUrl(item))).status).toBe(404);
      expect((await call(imagesUrl(item), { token: ville.token })).status).toBe(404);
      expect((await call(record.links.self, { token: ville.token })).status).toBe(404);
    }
    for (const status of ['published', 'closed'] as const) {
      setItemStatus(server.service.db, item, status);
      expect(ImageList.parse((await call(imagesUrl(item))).body).images).toEqual([record]);
      expect((await call(record.links.self)).status).toBe(200);
    }
    expect((await call(imagesUrl(item), { token: 'f'.repeat(32) })).status).toBe(403);
    expect((await call(imagesUrl(999_999))).status).toBe(404);
    const other = draftOf(anna);
    expect((await call(server.api(`/items/${other}/images/${record.id}`), { token: anna.token })).status).toBe(404);
  });

  it("serves a published item's files as immutable with an ETag, 304 on a match, and 404 with the error body when unknown", async () => {
    const item = draftOf(anna);
    const record = await uploadOk(item, small);
    setItemStatus(server.service.db, item, 'published');
    const first = await fetch(record.links.medium);
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(record.links.medium, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    const thumbnail = await fetch(record.links.thumbnail);
    expect(thumbnail.headers.get('etag')).not.toBe(etag);
    for (const path of ['/media/images/999999/medium', `/media/images/${record.id}/huge`, '/media/images/abc/medium']) {
      const res = await call(server.url + path);
      expect(res.status).toBe(404);
      expect(errorCode(res.body)).toBe('not_found');
    }
  });
});

describe('deleting an image', () => {
  it('answers 204, moves later images up, removes the files and the links stop resolving', async () => {
    const item = draftOf(anna);
    const records = [await uploadOk(item, small), await uploadOk(item, small), await uploadOk(item, small)];
    const middle = records[1]!;
    const res = await call(`${imagesUrl(item)}/${middle.id}`, { method: 'DELETE', token: anna.token });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const positions = server.service.db.prepare('SELECT id, position FROM images WHERE item_id = ? ORDER BY position').all(item);
    expect(positions).toEqual([
      { id: records[0]!.id, position: 1 },
      { id: records[2]!.id, position: 2 },
    ]);
    expect(snapshot().files.some((f) => f.startsWith(`${middle.id}/`) || f === String(middle.id))).toBe(false);
    expect((await fetch(middle.links.medium)).status).toBe(404);
    expect((await call(middle.links.self, { token: anna.token })).status).toBe(404);
    // The next upload goes last and never reuses the deleted id (its URLs are cached as immutable).
    const next = await uploadOk(item, small);
    expect(next.id).toBeGreaterThan(records[2]!.id);
    const last = await uploadOk(item, small);
    expect((await call(`${imagesUrl(item)}/${last.id}`, { method: 'DELETE', token: anna.token })).status).toBe(204);
    expect((await uploadOk(item, small)).id).toBeGreaterThan(last.id);
  });

  it('answers 403 to others and without a token, 404 for an unknown image or one of another item, 409 once published', async () => {
    const item = draftOf(anna);
    const record = await uploadOk(item, small);
    const url = `${imagesUrl(item)}/${record.id}`;
    const del = (u: string, token?: string) => () => call(u, { method: 'DELETE', token });
    await expectRefusedWithNothingWritten(del(url), 403, 'token_missing');
    await expectRefusedWithNothingWritten(del(url, ville.token), 403, 'not_owner');
    await expectRefusedWithNothingWritten(del(`${imagesUrl(item)}/999999`, anna.token), 404, 'not_found');
    const otherItem = draftOf(anna);
    await expectRefusedWithNothingWritten(del(`${imagesUrl(otherItem)}/${record.id}`, anna.token), 404, 'not_found');
    await expectRefusedWithNothingWritten(del(`${imagesUrl(999_999)}/${record.id}`, anna.token), 404, 'not_found');
    for (const status of ['published', 'closed'] as const) {
      setItemStatus(server.service.db, item, status);
      await expectRefusedWithNothingWritten(del(url, anna.token), 409, 'item_state');
    }
  });
});

describe('reordering images (extension)', () => {
  it('answers 200 with the list in the new order and keeps it', async () => {
    const item = draftOf(anna);
    const ids = [(await uploadOk(item, small)).id, (await uploadOk(item, small)).id, (await uploadOk(item, small)).id];
    const order = [ids[2]!, ids[0]!, ids[1]!];
    const res = await call(imagesUrl(item), { method: 'PUT', token: anna.token, json: { order } });
    expect(res.status).toBe(200);
    expect(ImageList.parse(res.body).images.map((i) => i.id)).toEqual(order);
    expect(ImageList.parse((await call(imagesUrl(item), { token: anna.token })).body).images.map((i) => i.id)).toEqual(order);
    // Form-encoded with repeated keys works too.
    const form = await call(imagesUrl(item), { method: 'PUT', token: anna.token, form: { order: ids.map(String) } });
    expect(ImageList.parse(form.body).images.map((i) => i.id)).toEqual(ids);
  });

  it('refuses an order that is not exactly the item’s image ids, and others, wrong state and no token', async () => {
    const item = draftOf(anna);
    const ids = [(await uploadOk(item, small)).id, (await uploadOk(item, small)).id];
    const foreign = (await uploadOk(draftOf(anna), small)).id;
    const put = (json: unknown, token?: string, itemId = item) => () => call(imagesUrl(itemId), { method: 'PUT', token, json });
    for (const order of [[ids[0]], [ids[0], ids[0]], [ids[0], ids[1], foreign], [ids[0], foreign], []]) {
      const body = await expectRefusedWithNothingWritten(put({ order }, anna.token), 400, 'invalid_order');
      expect(body.errors[0]?.field).toBe('order');
    }
    for (const json of [{ order: ['x'] }, {}, { order: 'abc' }]) {
      const bad = await expectRefusedWithNothingWritten(put(json, anna.token), 400, null);
      expect(bad.errors[0]?.field).toBe('order');
    }
    await expectRefusedWithNothingWritten(put({ order: ids }), 403, 'token_missing');
    await expectRefusedWithNothingWritten(put({ order: ids }, ville.token), 403, 'not_owner');
    await expectRefusedWithNothingWritten(put({ order: ids }, anna.token, 999_999), 404, 'not_found');
    setItemStatus(server.service.db, item, 'published');
    await expectRefusedWithNothingWritten(put({ order: [...ids].reverse() }, anna.token), 409, 'item_state');
  });
});

describe('images storage', () => {
  it('changes the item’s updated time on every image change', async () => {
    const item = draftOf(anna);
    const updated = () => (server.service.db.prepare('SELECT updated FROM items WHERE id = ?').get(item) as { updated: number }).updated;
    server.service.db.prepare('UPDATE items SET updated = 0 WHERE id = ?').run(item);
    const record = await uploadOk(item, small);
    expect(updated()).toBeGreaterThan(0);
    server.service.db.prepare('UPDATE items SET updated = 0 WHERE id = ?').run(item);
    expect((await call(`${imagesUrl(item)}/${record.id}`, { method: 'DELETE', token: anna.token })).status).toBe(204);
    expect(updated()).toBeGreaterThan(0);
  });

  it('migration 3 keeps existing image rows and stops ids from being reused', () => {
    const db = new Database(':memory:');
    db.function('strip_html', { deterministic: true }, (html: unknown) => String(html ?? ''));
    migrate(db, undefined, 2);
    db.prepare("INSERT INTO users (id, username, password_hash, type, created, updated) VALUES (1, 'u1', 'x', 'private', 0, 0)").run();
    insertItem(db, { seller_id: 1, status: 'draft' }, 0);
    const insert = db.prepare(
      "INSERT INTO images (item_id, position, sha256, format, width, height, bytes, created) VALUES (1, ?, 'abc', 'jpeg', 10, 10, 100, 0)",
    );
    insert.run(1);
    insert.run(2);
    migrate(db, undefined, 3);
    expect(db.prepare('SELECT id, position FROM images ORDER BY id').all()).toEqual([
      { id: 1, position: 1 },
      { id: 2, position: 2 },
    ]);
    db.prepare('DELETE FROM images WHERE id = 2').run();
    expect(Number(insert.run(2).lastInsertRowid)).toBe(3);
    db.close();
  });

  it('documents the upload rules in the OpenAPI document', async () => {
    const res = await call(server.api('/openapi.json'));
    expect(res.status).toBe(200);
    const doc = res.body as { paths: Record<string, Record<string, { description?: string; requestBody?: { content: Record<string, unknown> } }>> };
    const post = doc.paths['/1.1/items/{itemid}/images']?.post;
    expect(post?.description).toContain('invalid_image');
    expect(post?.requestBody?.content).toHaveProperty('multipart/form-data');
    expect(doc.paths['/1.1/items/{itemid}/images']?.put?.description).toContain('Extension');
    expect(doc.paths['/media/images/{imageid}/{rendition}']?.get?.description).toContain('immutable');
  });

  it('leaves no temporary upload folder behind', () => {
    expect(snapshot().files.filter((f) => f.startsWith('.tmp-'))).toEqual([]);
  });
});
