// Closing the service does not wait on a keep-alive connection whose response was still being
// written when the close began (it used to wait for keepAliveTimeout, 72 s: a photo's last file
// read coming back just after close() ran was enough, and held test suites and shutdowns).
import { Agent, get, type IncomingMessage } from 'node:http';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { ImageRecord, ImageUploadResult } from '../../shared/api/index.ts';
import { setItemStatus, uploadImage } from '../support/image-files.ts';
import { insertItem } from '../support/item-fixtures.ts';
import { call, startTestServer } from '../support/server.ts';

const agent = new Agent({ keepAlive: true });
afterAll(() => agent.destroy());

it('closes at once when a response that was still being written at the close finishes after it', async () => {
  const server = await startTestServer();
  const anna = await server.login('anna');
  const item = insertItem(server.service.db, { seller_id: anna.userId, status: 'draft' }, Date.now());
  // Noise does not compress: a few megabytes, more than the socket buffers hold.
  const noise = Buffer.from(Array.from({ length: 1600 * 1600 * 3 }, (_, i) => (i * 2_654_435_761) >>> 24));
  const bytes = await sharp(noise, { raw: { width: 1600, height: 1600, channels: 3 } }).jpeg({ quality: 100 }).toBuffer();
  const upload = await uploadImage(server.api(`/items/${item}/images`), { name: 'noise.jpg', bytes, type: 'image/jpeg' }, { token: anna.token });
  expect(upload.status, JSON.stringify(upload.body)).toBe(201);
  const record = ImageRecord.parse((await call(ImageUploadResult.parse(upload.body).links.image, { token: anna.token })).body);
  setItemStatus(server.service.db, item, 'published');

  // A reader that stops after the headers: the response cannot finish until it reads on.
  const response = await new Promise<IncomingMessage>((resolve, reject) => get(record.links.original, { agent }, resolve).on('error', reject));
  response.pause();
  expect(response.statusCode).toBe(200);
  expect(Number(response.headers['content-length'])).toBeGreaterThan(2_000_000);

  const closing = server.app.close();
  let received = 0;
  response.on('data', (chunk: Buffer) => (received += chunk.length));
  const ended = new Promise((resolve) => response.on('end', resolve));
  // The server ends the keep-alive connection once its response is written: the close waits for
  // nothing else (it waited for the keep-alive timeout, 72 s, and the test's own timeout failed it).
  const connectionEnded = new Promise((resolve) => response.socket.once('close', resolve));
  response.resume();
  await ended;
  await connectionEnded;
  await closing;
  expect(received).toBe(Number(response.headers['content-length']));
});
