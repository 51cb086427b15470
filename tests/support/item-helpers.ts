// Shared set-up for item tests: a small category tree, complete item bodies, HTTP shortcuts, row
// counts and real image files attached to an item.
import { mkdirSync } from 'node:fs';
import { DateTime } from 'luxon';
import sharp from 'sharp';
import { ErrorBody, Item } from '../../shared/api/index.ts';
import { insertCategory } from '../../server/domain/categories.ts';
import { renditionPath } from '../../server/domain/images/image-row.ts';
import { call, type TestServer } from './server.ts';

export interface TestCategories {
  main: number;
  section: number;
  sub: number;
}

export function makeCategories(server: TestServer): TestCategories {
  const { db, clock } = server.service;
  const main = insertCategory(db, { parentId: 0, title: 'Electronics' }, clock.now());
  const section = insertCategory(db, { parentId: main, title: 'Phones' }, clock.now());
  const sub = insertCategory(db, { parentId: section, title: 'Smartphones' }, clock.now());
  return { main, section, sub };
}

/** A complete auction any user may create (no premium or company fields). */
export function auctionBody(categoryId: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    saleMethod: 'auction',
    title: 'Nokia 3310, blue',
    description: '<p>Works, battery holds a week.</p>',
    categoryId,
    condition: 'good',
    startingPrice: 10,
    openDays: 7,
    postalCode: '00100',
    deliveryMethods: ['pickup', 'shipment'],
    paymentMethods: ['wire-transfer'],
    ...extra,
  };
}

/** A complete buy-now item any user may create. */
export function buyNowBody(categoryId: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const { startingPrice: _s, ...rest } = auctionBody(categoryId);
  return { ...rest, saleMethod: 'buy-now', buyNowPrice: 25, quantity: 3, ...extra };
}

export function itemsUrl(server: TestServer, id?: number): string {
  return server.api(id === undefined ? '/items' : `/items/${id}`);
}

export async function createItem(server: TestServer, token: string, body: Record<string, unknown>) {
  return call(itemsUrl(server), { token, json: body });
}

/** Creates an item that must succeed and returns it. */
export async function createOk(server: TestServer, token: string, body: Record<string, unknown>): Promise<Item> {
  const res = await createItem(server, token, body);
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`);
  return Item.parse(res.body);
}

export async function putItem(server: TestServer, token: string, id: number, body: Record<string, unknown>) {
  return call(itemsUrl(server, id), { method: 'PUT', token, json: body });
}

export async function setStatus(server: TestServer, token: string, id: number, status: string) {
  return putItem(server, token, id, { status });
}

export function errorsOf(body: unknown): Array<{ field: string | null; code: string; messages: string[] }> {
  return ErrorBody.parse(body).errors;
}

export function errorFields(body: unknown): string[] {
  return errorsOf(body)
    .map((e) => e.field ?? '')
    .sort();
}

export function countRows(server: TestServer, table: string): number {
  return (server.service.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
}

/** `YYYY-MM-DD HH:MM:SS` in the service's zone, as requests send times. */
export function requestTime(server: TestServer, ms: number): string {
  return DateTime.fromMillis(ms, { zone: server.service.tz.name }).toFormat('yyyy-MM-dd HH:mm:ss');
}

/** A clock tests move by hand. */
export function manualClock(start = Date.now()) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

/**
 * Attaches a real image (PNG made with sharp, renditions on disk) to an item, as the image
 * upload would leave it. Used where a test needs images but is not about uploading them.
 */
export async function attachImage(server: TestServer, itemId: number): Promise<number> {
  const { db, imagesDir, clock } = server.service;
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } }).png().toBuffer();
  const jpg = await sharp(png).jpeg().toBuffer();
  const position = (db.prepare('SELECT count(*) AS n FROM images WHERE item_id = ?').get(itemId) as { n: number }).n;
  const id = Number(
    db
      .prepare('INSERT INTO images (item_id, position, sha256, format, width, height, bytes, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(itemId, position, 'test', 'png', 40, 30, png.length, clock.now()).lastInsertRowid,
  );
  const image = { id, format: 'png' };
  mkdirSync(`${imagesDir}/${id}`, { recursive: true });
  await sharp(png).toFile(renditionPath(imagesDir, image, 'original'));
  await sharp(jpg).toFile(renditionPath(imagesDir, image, 'medium'));
  await sharp(jpg).toFile(renditionPath(imagesDir, image, 'thumbnail'));
  return id;
}
