// The sync as a power seller meets it in web mode with the embedded sandbox marketplace, in a real
// Chromium: a draft published with a future list time is listed as scheduled with its time (never
// as refused); a question a buyer posts on the service raises a browser notification and the
// Questions badge, found by the app's own poll: the first sync run that starts after it is posted.
// The notification and the runs are observed at the browser API: an init script wraps
// window.Notification and window.EventSource and records their calls and the sync's events in
// order (our code is not touched), and the context grants the 'notifications' permission as a
// seller who allowed them would.
import { join } from 'node:path';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, OUTPUT, type AppSession, type WebMode } from './support.ts';

let app: AppSession;
let web: WebMode;
let page: Page;
let market: string;
const TITLE = 'E2E scheduled rocking chair';
/** When the sandbox (Europe/Helsinki) lists the scheduled draft: two days from now. */
const LIST_AT = DateTime.now().setZone('Europe/Helsinki').plus({ days: 2 }).startOf('minute');
let scheduledId = 0;
let sellerToken = '';
let sellerId = 0;

async function login(username: string): Promise<{ token: string; userId: number }> {
  const res = await fetch(`${market}/1.1/authentication`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'demo-pass-1' }),
  });
  const body = (await res.json()) as { authentication: { token: { id: string } }; links: { user: string } };
  return { token: body.authentication.token.id, userId: Number(/\/users\/(\d+)/.exec(body.links.user)?.[1]) };
}

/** Plain HTTP to the sandbox, as a second client (the seller elsewhere, or a buyer). */
async function api(path: string, token: string, init: { method?: string; json?: unknown } = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${market}/1.1${path}`, {
    method: init.method ?? 'GET',
    headers: { 'x-marketapitoken': token, ...(init.json ? { 'content-type': 'application/json' } : {}) },
    ...(init.json ? { body: JSON.stringify(init.json) } : {}),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

/**
 * Runs in the page before its own scripts (plain JS: the tests are not typed for the DOM): the
 * browser's Notification, subclassed only to record each call, then the real constructor runs.
 */
const RECORD_NOTIFICATIONS = `
  (() => {
    const Real = window.Notification;
    const seen = [];
    class Recorded extends Real {
      constructor(title, options) {
        super(title, options);
        seen.push({ title, body: (options && options.body) || '' });
      }
      static get permission() { return Real.permission; }
      static requestPermission(...args) { return Real.requestPermission(...args); }
    }
    window.Notification = Recorded;
    window.seenNotifications = seen;
    // The sync's runs (its 'sync.progress' events, running or not) and the questions its pulls
    // found ('sync.news'), in the order the page heard them.
    const heard = [];
    let running = false;
    const RealSource = window.EventSource;
    class RecordedSource extends RealSource {
      constructor(url, init) {
        super(url, init);
        this.addEventListener('sync.progress', (event) => {
          const now = JSON.parse(event.data).running;
          if (now !== running) heard.push(now ? 'run' : 'ran');
          running = now;
        });
        this.addEventListener('sync.news', (event) => {
          for (const entry of JSON.parse(event.data).entries) if (entry.kind === 'question') heard.push('question: ' + entry.text);
        });
      }
    }
    window.EventSource = RecordedSource;
    window.heardSync = heard;
  })();
`;
type Notice = { title: string; body: string };
const notices = async (): Promise<Notice[]> => (await page.evaluate('window.seenNotifications')) as Notice[];
const heardSync = async (): Promise<string[]> => (await page.evaluate('window.heardSync')) as string[];

const main = () => page.locator('main');
const open = (screen: string) => page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: new RegExp(`^${screen}`) }).click();
const badge = async (screen: string) => Number((await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: new RegExp(`^${screen}`) }).locator('.pill').textContent({ timeout: 1000 }).catch(() => '0')) ?? 0);

beforeAll(async () => {
  // No --sandbox off: the embedded marketplace starts with the demo seed, as `npm run web` does.
  app = await openApp({ webArgs: [], prefix: 'e2e-sync' });
  ({ web, page } = app);
  market = /sandbox marketplace on (\S+)/.exec(web.stderr())?.[1] ?? '';
  expect(market).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  ({ token: sellerToken, userId: sellerId } = await login('pekka'));
  // A complete remote draft with a future list time, made before the app's first sync (which
  // brings it into the cache), in a category the seller already sells in.
  const open = await api(`/users/${sellerId}/sales?status=open&limit=1`, sellerToken);
  const sample = (open.body.items as Array<{ id: number }>)[0]!;
  const categoryId = (await api(`/items/${sample.id}`, sellerToken)).body.categoryId as number;
  const created = await api('/items', sellerToken, {
    method: 'POST',
    json: {
      status: 'draft', saleMethod: 'buy-now', title: TITLE, description: '<p>Bentwood, steady.</p>', categoryId, condition: 'good',
      buyNowPrice: 85, quantity: 1, openDays: 7, postalCode: '00100', deliveryMethods: ['pickup'], paymentMethods: ['cash'],
      listTime: LIST_AT.toFormat('yyyy-MM-dd HH:mm:ss'),
    },
  });
  expect(created.status).toBe(201);
  scheduledId = created.body.id as number;
  // Notifications allowed, and every call of the browser's Notification constructor recorded.
  await app.context.grantPermissions(['notifications'], { origin: web.url });
  await app.context.addInitScript({ content: RECORD_NOTIFICATIONS });
}, 180_000);

afterAll(() => app?.close());

describe('the sync of a seller in web mode', () => {
  it('lists a draft published with a future list time as scheduled, with its time, and never as refused', async () => {
    await page.goto(web.url);
    await expect.poll(() => page.locator('.sync-bar strong').textContent(), { timeout: 30_000 }).toBe('Online');
    // The draft reaches the cache with the first pull after it was made (web mode's sync starts
    // with web mode, perhaps before the draft existed; then its 20 s poll brings it, or the seller's
    // Sync now, pressed here whenever no sync runs: the test waited for the poll before). The grid
    // keeps its rows while the seller works, so the seller searches again until it shows.
    const cell = page.locator('[role=row][data-local-id]').first().locator('[data-field=title]');
    const syncNow = page.locator('.sync-bar').getByRole('button', { name: 'Sync now' });
    let search = 0;
    await expect.poll(async () => {
      if (await syncNow.isEnabled()) await syncNow.click({ timeout: 1000 }).catch(() => {});
      await page.getByLabel('Search drafts').fill(++search % 2 ? 'rocking' : 'rocking chair');
      return cell.textContent({ timeout: 1000 }).catch(() => null);
    }, { timeout: 45_000, interval: 500 }).toBe(TITLE);
    await cell.click();
    await page.getByRole('button', { name: 'Open in editor' }).click();
    const editor = page.getByRole('dialog');
    // A future list time: the editor offers to schedule it rather than publish it now.
    await editor.getByRole('button', { name: 'Schedule' }).click();
    await expect.poll(() => editor.getByRole('status').first().textContent(), { timeout: 30_000 }).toMatch(/^Scheduled: queued for publishing/);
    await editor.getByRole('button', { name: 'Close editor' }).click();

    await open('Sync');
    const row = main().getByTestId('scheduled-items').getByRole('row', { name: new RegExp(TITLE) });
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    // Its time as this browser shows times: the year, the day and the minute of LIST_AT here.
    const local = LIST_AT.setZone((await page.evaluate('Intl.DateTimeFormat().resolvedOptions().timeZone')) as string);
    const shown = (await row.locator('td').nth(1).textContent()) ?? '';
    expect(shown).toContain(String(local.year));
    expect(shown).toMatch(new RegExp(`\\b${local.day}\\b`));
    expect(shown).toContain(`:${local.toFormat('mm')}`);
    // Only in the scheduled list: not refused, not waiting to send, no badge on Sync.
    expect(await main().locator('table').filter({ hasText: TITLE }).count()).toBe(1);
    await expect.poll(() => main().getByTestId('queue-length').textContent(), { timeout: 20_000 }).toBe('0');
    expect(await badge('Sync')).toBe(0);
    await page.screenshot({ path: join(OUTPUT, 'sync-scheduled.png') });
    // On the service it waits for its list time.
    expect((await api(`/items/${scheduledId}`, sellerToken)).body.status).toBe('waiting');
  }, 90_000);

  it('notifies of a question a buyer posts on the service and raises the Questions badge, found by the app\'s next poll', async () => {
    const questionsBefore = await badge('Questions');
    const noticesBefore = (await notices()).length;
    const onSale = await api(`/users/${sellerId}/sales?status=open&limit=5`, sellerToken);
    const itemId = (onSale.body.items as Array<{ id: number }>)[0]!.id;
    // Posted just after a run ended (the app polls every 20 s): the next run the page hears of
    // starts after the question is on the service.
    const runsEnded = (await heardSync()).filter((e) => e === 'ran').length;
    await expect.poll(async () => (await heardSync()).filter((e) => e === 'ran').length, { timeout: 60_000, interval: 100 }).toBeGreaterThan(runsEnded);
    const heardBefore = (await heardSync()).length;
    // A buyer of the demo asks (the service bounds questions per buyer and day: the next may ask).
    let asked = 0;
    for (const buyer of ['ville', 'maija', 'jussi', 'ella']) {
      const { token } = await login(buyer);
      const posted = await api(`/items/${itemId}/questions`, token, { method: 'POST', json: { question: 'Does it come with the cushion?' } });
      if (posted.status === 201) {
        asked = posted.body.id as number;
        break;
      }
    }
    expect(asked).toBeGreaterThan(0);

    await expect.poll(async () => (await notices()).length, { timeout: 60_000, interval: 250 }).toBeGreaterThan(noticesBefore);
    await expect.poll(() => badge('Questions'), { timeout: 30_000, interval: 250 }).toBe(questionsBefore + 1);
    // The first run after the question found it: the page heard of it before that run ended.
    const since = (await heardSync()).slice(heardBefore);
    expect(since.slice(0, since.indexOf('ran') + 1)).toEqual(['run', 'question: Does it come with the cushion?', 'ran']);
    const notice = (await notices()).at(-1);
    expect(notice?.title).toMatch(/question/i);
    expect(notice?.body).toContain('Does it come with the cushion?');
    await open('Questions');
    await expect.poll(() => main().locator(`li[data-question-id="${asked}"]`).count()).toBe(1);
    await page.screenshot({ path: join(OUTPUT, 'sync-news-question.png') });
    expect(app.pageErrors).toEqual([]);
  }, 90_000);
});
