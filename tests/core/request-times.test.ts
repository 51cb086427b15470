// Issue 20, low 5: a list or closing time that names no real local time (03:30 on the
// spring-forward night, 24:00:00) or a year the service cannot answer with (1, 1900, late 9999) is
// refused by the service with 400 invalid_time, and the app's offline checks refuse the same
// values, so a draft the app lets through is never refused for its time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../shared/api/index.ts';
import { parseFieldValue } from '../../electron/core/drafts/fields.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await server.login('times')).token;
});
afterAll(() => server.close());

/** The service's answer to a draft with this list time: the listTime error's code, or null when taken. */
async function serviceCode(field: 'listTime' | 'closingTime', value: string): Promise<string | null> {
  const res = await call(server.api('/items'), { token, json: { status: 'draft', title: 'Time check', [field]: value } });
  if (res.status === 201) {
    const id = (res.body as { id: number }).id;
    await call(server.api(`/items/${id}`), { method: 'DELETE', token });
    return null;
  }
  return ErrorBody.parse(res.body).errors.find((e) => e.field === field)?.code ?? `other ${res.status}`;
}

const REFUSED = [
  '2027-03-28 03:30:00', // Helsinki springs from 03:00 to 04:00 that night: 03:30 never happens
  '2027-03-28 03:00:00',
  '2026-12-01 24:00:00',
  '2026-12-01 23:60:00',
  '2026-02-29 12:00:00',
  '0001-01-01 12:00:00',
  '1900-06-01 12:00:00',
  '1969-12-31 12:00:00',
  '9999-12-31 12:00:00',
];
const TAKEN = ['2027-03-28 02:59:59', '2027-03-28 04:00:00', '2027-10-31 03:30:00', '2026-12-31 23:59:59', '2028-02-29 12:00:00'];

describe('request times', () => {
  it('are refused with invalid_time by the service and offline alike when they name no real time the service answers with', async () => {
    for (const field of ['listTime', 'closingTime'] as const) {
      for (const value of REFUSED) {
        expect([field, value, await serviceCode(field, value)]).toEqual([field, value, 'invalid_time']);
        const offline = parseFieldValue(field, value);
        expect([field, value, offline.ok, offline.ok ? null : offline.rule]).toEqual([field, value, false, 'bad-time']);
      }
    }
  });

  it('are taken by both when they are real local times, the hour after the gap and the repeated autumn hour included', async () => {
    for (const value of TAKEN) {
      expect([value, await serviceCode('listTime', value)]).toEqual([value, null]);
      expect([value, parseFieldValue('listTime', value).ok]).toEqual([value, true]);
    }
  });
});

describe('a time as the seller types it (issue 42)', () => {
  it('is read the Finnish way on every path into a draft, as the refusal\'s own example writes it; what it cannot read is refused', () => {
    for (const [typed, read] of [
      ['28.11.2026 18.00', '2026-11-28 18:00:00'],
      ['28.11.2026 klo 7.05', '2026-11-28 07:05:00'],
      ['1.3.2027 23:00', '2027-03-01 23:00:00'],
    ] as const) {
      expect([typed, parseFieldValue('listTime', typed)]).toEqual([typed, { ok: true, value: read }]);
      expect([typed, parseFieldValue('closingTime', typed)]).toEqual([typed, { ok: true, value: read }]);
    }
    // A time that does not exist on Helsinki's clock (the spring-forward gap), and words, stay refused.
    for (const typed of ['28.3.2027 3.30', 'huomenna klo 18', '31.2.2027 12.00']) {
      const parsed = parseFieldValue('listTime', typed);
      expect([typed, parsed.ok, parsed.ok ? null : parsed.rule]).toEqual([typed, false, 'bad-time']);
    }
  });
});
