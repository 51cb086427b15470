// Issue 9, finding 7 (the lows): numbers only in decimal, a sane quantity range, the documented
// error body for requests Fastify or Node refuse, multipart only after the token, no control or
// bidi characters in text, no trace of another seller's draft, and bounded offers and questions.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ErrorBody, LIMITS, OfferList, QuestionList } from '../../../shared/api/index.ts';
import { insertItem } from '../../support/item-fixtures.ts';
import { call, TEST_PASSWORD } from '../../support/server.ts';
import { useTradingServer } from '../../support/trading-fixtures.ts';

const market = useTradingServer('anna', 'ville');
const api = (path: string) => market.server.api(path);
const errorOf = (body: unknown) => ErrorBody.parse(body).errors[0];

/** Sends raw bytes; resolves with everything the server wrote once it answers (the head and body). */
function raw(text: string, options: { end: boolean } = { end: true }): Promise<{ status: number; body: unknown }> {
  const { port } = new URL(market.server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(text);
      if (options.end) socket.end();
    });
    let out = '';
    const settle = () => {
      const match = /^HTTP\/1\.1 (\d{3})[^]*?\r\n\r\n([^]*)$/.exec(out);
      if (!match) return false;
      const body = match[2]!;
      const length = Number(/content-length: (\d+)/i.exec(out)?.[1] ?? NaN);
      if (Buffer.byteLength(body) < length) return false;
      socket.destroy();
      resolve({ status: Number(match[1]), body: JSON.parse(body) });
      return true;
    };
    socket.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      settle();
    });
    socket.on('error', reject);
    socket.on('close', () => settle() || reject(new Error(`closed without a whole answer: ${out}`)));
  });
}

describe('numbers in text', () => {
  it('reads only decimal notation: /items/0x40 is not item 64 and a bid of "0x20" is refused', async () => {
    insertItem(market.server.service.db, { id: 64, seller_id: market.seller.userId }, Date.now());
    expect((await call(api('/items/64'))).status).toBe(200);
    for (const path of ['/items/0x40', '/items/6.4e1', '/items/0b1000000', '/items/0o100']) {
      expect((await call(api(path))).status, path).toBe(404);
    }
    for (const bid of ['0x20', '1e2', 'Infinity']) {
      const res = await call(api('/items/64/bids'), { token: market.anna.token, form: { bid } });
      expect(res.status, bid).toBe(400);
      expect(errorOf(res.body)?.field).toBe('bid');
    }
    expect((await call(api('/items/64/bids'), { token: market.anna.token, form: { bid: ' 20 ' } })).status).toBe(201);
  });

  it('refuses quantityMin above quantityMax, also on an item of one unit', async () => {
    const id = market.item();
    const res = await call(api(`/items/${id}/bids`), { token: market.anna.token, json: { bid: 20, quantityMin: 5, quantityMax: 2 } });
    expect(res.status).toBe(400);
    expect(errorOf(res.body)?.field).toBe('quantityMin');
  });
});

describe('requests refused before any route runs', () => {
  it('answer with the documented error body: a malformed URL, a short body, a bad header and a __proto__ key', async () => {
    const { token } = market.anna;
    const badUrl = await raw('GET /1.1/items/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(badUrl.status).toBe(400);
    expect(errorOf(badUrl.body)?.code).toBe('invalid_url');
    const short = await raw(`POST /1.1/items HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-MarketApiToken: ${token}\r\nContent-Length: 100\r\n\r\n{"title":"a"}`);
    expect(short.status).toBe(400);
    expect(errorOf(short.body)?.code).toBe('malformed_request');
    const header = await raw('GET /1.1/ HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(errorOf(header.body)?.code).toBe('malformed_request');
    const json = '{"__proto__":{"admin":true},"status":"draft"}';
    const proto = await raw(
      `POST /1.1/items HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-MarketApiToken: ${token}\r\nConnection: close\r\nContent-Length: ${json.length}\r\n\r\n${json}`,
    );
    expect(proto.status).toBe(400);
    expect(errorOf(proto.body)).toMatchObject({ code: 'invalid_json', messages: [expect.stringContaining('__proto__')] });
  });
});

describe('multipart bodies', () => {
  it('are refused without a token before the body is read', async () => {
    // The body announces 50 MB and never comes: the answer must not wait for it.
    const res = await raw(
      'POST /1.1/items HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 52428800\r\n\r\n--b\r\nContent-Disposition: form-data; name="title"\r\n\r\n',
      { end: false },
    );
    expect(res.status).toBe(403);
    expect(errorOf(res.body)?.code).toBe('token_missing');
  });

  it('take no file except on the image route: a login with a file part is refused', async () => {
    const form = new FormData();
    form.set('username', 'anna');
    form.set('password', TEST_PASSWORD);
    form.set('junk', new Blob([new Uint8Array(1024)]), 'junk.bin');
    const res = await fetch(api('/authentication'), { method: 'POST', body: form });
    expect(res.status).toBe(400);
    expect(errorOf(await res.json())?.code).toBe('file_not_accepted');
    const fields = new FormData();
    fields.set('username', 'anna');
    fields.set('password', TEST_PASSWORD);
    expect((await fetch(api('/authentication'), { method: 'POST', body: fields })).status).toBe(201);
  });
});

describe('text fields', () => {
  it('refuse control and bidirectional override characters, naming the field', async () => {
    const { token } = market.seller;
    for (const title of ['Cheap\u202Egnp.exe', 'Tab\there', 'Bell\u0007', 'Isolate\u2066x\u2069', 'C1\u0085']) {
      const res = await call(api('/items'), { token, json: { status: 'draft', title } });
      expect(res.status, JSON.stringify(title)).toBe(400);
      expect(errorOf(res.body)).toMatchObject({ field: 'title', code: 'invalid_characters' });
    }
    const multiLine = await call(api('/items'), { token, json: { status: 'draft', title: 'Lamp', description: '<p>one</p>\r\n\t<p>two</p>' } });
    expect(multiLine.status).toBe(201);
    const id = market.item();
    const question = await call(api(`/items/${id}/questions`), { token: market.anna.token, json: { question: 'Is it \u202Ereal?' } });
    expect(errorOf(question.body)).toMatchObject({ field: 'question', code: 'invalid_characters' });
    const offer = await call(api(`/items/${id}/offers`), { token: market.anna.token, json: { offer: 5, message: 'ok\u0000' } });
    expect(errorOf(offer.body)).toMatchObject({ field: 'message', code: 'invalid_characters' });
  });
});

describe("another seller's unpublished item", () => {
  it('answers 404 on bids, questions, offers and its web page, as an unknown id does', async () => {
    for (const status of ['draft', 'preview', 'waiting', 'disabled'] as const) {
      const id = market.item({ status });
      const { token } = market.anna;
      for (const path of ['bids', 'questions', 'offers']) {
        expect((await call(api(`/items/${id}/${path}`), { token })).status, `${status} GET ${path}`).toBe(404);
        expect((await call(api(`/items/${id}/${path}`))).status, `${status} GET ${path} without token`).toBe(404);
      }
      expect((await call(api(`/items/${id}/bids`), { token, json: { bid: 50 } })).status).toBe(404);
      expect((await call(api(`/items/${id}/questions`), { token, json: { question: 'Hello?' } })).status).toBe(404);
      expect((await call(api(`/items/${id}/offers`), { token, json: { offer: 5 } })).status).toBe(404);
      expect((await call(`${market.server.url}/web/items/${id}`)).status).toBe(404);
      // The seller still reads them.
      expect((await call(api(`/items/${id}/questions`), { token: market.seller.token })).status).toBe(200);
      expect((await call(`${market.server.url}/web/items/${id}`, { token: market.seller.token })).status).toBe(200);
    }
  });
});

describe('offers and questions', () => {
  it('are bounded per user and item: 409 offer_limit and question_limit past the bound', async () => {
    const id = market.item({ closing_time: Date.now() + 3 * 24 * 3_600_000 });
    const { token } = market.ville;
    for (let i = 0; i < LIMITS.offersPerUserPerItem; i++) {
      expect((await call(api(`/items/${id}/offers`), { token, json: { offer: 5 + i } })).status).toBe(201);
    }
    const offer = await call(api(`/items/${id}/offers`), { token, json: { offer: 9 } });
    expect([offer.status, errorOf(offer.body)?.code]).toEqual([409, 'offer_limit']);
    for (let i = 0; i < LIMITS.questionsPerUserPerItem; i++) {
      expect((await call(api(`/items/${id}/questions`), { token, json: { question: `Question ${i}?` } })).status).toBe(201);
    }
    const question = await call(api(`/items/${id}/questions`), { token, json: { question: 'One more?' } });
    expect([question.status, errorOf(question.body)?.code]).toEqual([409, 'question_limit']);
  });

  it('are listed in pages with links to the next and previous page', async () => {
    const id = market.item();
    const { db } = market.server.service;
    const now = Date.now();
    const ask = db.prepare('INSERT INTO questions (item_id, author_id, question, created, updated) VALUES (?, ?, ?, ?, ?)');
    const offer = db.prepare("INSERT INTO offers (item_id, author_id, amount, message, status, created, updated, expires) VALUES (?, ?, 5, NULL, 'pending', ?, ?, ?)");
    const count = LIMITS.tradingListPageSize + 20;
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        ask.run(id, market.anna.userId, `Q${i}`, now, now);
        offer.run(id, market.anna.userId, now, now, now + 3_600_000);
      }
    })();
    const first = QuestionList.parse((await call(api(`/items/${id}/questions`))).body);
    expect([first.questions.length, first.totalCount, first.links.previous]).toEqual([LIMITS.tradingListPageSize, count, null]);
    const second = QuestionList.parse((await call(first.links.next!)).body);
    expect([second.questions.length, second.links.next]).toEqual([20, null]);
    expect(second.questions[19]?.question).toBe('Q0');
    const offers = OfferList.parse((await call(api(`/items/${id}/offers?page=2`), { token: market.seller.token })).body);
    expect([offers.offers.length, offers.totalCount, offers.links.next]).toEqual([20, count, null]);
  });
});
