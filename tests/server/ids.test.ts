// Ids like the real marketplace's, from the first row of a new database, and never reused: over
// real HTTP against a fresh service (migration 7 has its own test from version 6).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthenticationResult, ImageList, ImageUploadResult } from '../../shared/api/index.ts';
import { FIRST_IDS } from '../support/real-service-ids.ts';
import { auctionBody, createOk, itemsUrl, makeCategories, type TestCategories } from '../support/item-helpers.ts';
import { jpegImage, uploadImage } from '../support/image-files.ts';
import { call, startTestServer, TEST_PASSWORD, type TestServer } from '../support/server.ts';

let server: TestServer;
let categories: TestCategories;
beforeAll(async () => {
  server = await startTestServer();
  categories = makeCategories(server);
});
afterAll(() => server.close());

const imageIdOf = (body: unknown) => Number(/\/images\/(\d+)$/.exec(ImageUploadResult.parse(body).links.image)?.[1]);

describe('ids in a new database', () => {
  it('gives the first user a 7-digit id that a client finds in links.user by looking for 3 to 8 digits', async () => {
    const { userId } = await server.login('first');
    expect(userId).toBe(FIRST_IDS.users);
    const res = await call(server.api('/authentication'), { json: { username: 'first', password: TEST_PASSWORD } });
    const link = AuthenticationResult.parse(res.body).links.user;
    expect(Number(/\/users\/(\d{3,8})\b/.exec(link)?.[1])).toBe(userId);
  });

  it('gives the first item 9 digits and the first image 8, and categories one global sequence from 1', async () => {
    const { token } = await server.login('seller');
    const item = await createOk(server, token, auctionBody(categories.sub, { status: 'draft' }));
    expect(item.id).toBe(FIRST_IDS.items);
    const upload = await uploadImage(`${itemsUrl(server, item.id)}/images`, await jpegImage(), { token });
    expect(upload.status).toBe(201);
    expect(imageIdOf(upload.body)).toBe(FIRST_IDS.images);
    expect([categories.main, categories.section, categories.sub]).toEqual([1, 2, 3]);
  });

  it('never hands out the id of a deleted draft or image again', async () => {
    const { token } = await server.login('deleter');
    const first = await createOk(server, token, auctionBody(categories.sub, { status: 'draft' }));
    const imagesUrl = `${itemsUrl(server, first.id)}/images`;
    const image = imageIdOf((await uploadImage(imagesUrl, await jpegImage(), { token })).body);
    // The newest rows are deleted: without AUTOINCREMENT SQLite would give their ids out again.
    expect((await call(`${imagesUrl}/${image}`, { method: 'DELETE', token })).status).toBe(204);
    const again = imageIdOf((await uploadImage(imagesUrl, await jpegImage(200, 100), { token })).body);
    expect(again).toBeGreaterThan(image);
    expect(ImageList.parse((await call(imagesUrl, { token })).body).images).toHaveLength(1);

    const second = await createOk(server, token, auctionBody(categories.sub, { status: 'draft' }));
    expect((await call(itemsUrl(server, second.id), { method: 'DELETE', token })).status).toBe(204);
    expect((await call(itemsUrl(server, second.id))).status).toBe(404);
    const third = await createOk(server, token, auctionBody(categories.sub, { status: 'draft' }));
    expect(third.id).toBeGreaterThan(second.id);
  });
});
