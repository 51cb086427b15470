// A first-time seller in web mode with the embedded sandbox marketplace, in a real Chromium:
// signed in as the demo seller pekka; answers a question; accepts an offer; works offline, edits
// a draft and sees it synced when back online; resolves a conflict with an edit made on the
// service by a second client. Every step is checked on the service itself.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketplaceClient, openApp, OUTPUT, sandboxToken, type AppSession, type WebMode } from './support.ts';

let app: AppSession;
let web: WebMode;
let page: Page;
let market: string;
let token: string;
let pageErrors: string[];
const TITLE = 'E2E brass lamp';
/** The draft the offline and conflict steps edit (made by the second client). */
let lampId = 0;

/** The second client: plain HTTP to the sandbox as pekka. */
let api: ReturnType<typeof marketplaceClient>;

const open = (screen: string) => page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: new RegExp(`^${screen}`) }).click();
const main = () => page.locator('main');
const queueLength = () => main().getByTestId('queue-length').textContent();
/** The switch follows the core's answer (a controlled input): click, then wait for the state. */
async function workOffline(on: boolean): Promise<void> {
  await main().getByLabel('Work offline').click();
  await expect.poll(() => main().getByLabel('Work offline').isChecked()).toBe(on);
}

/** Inline edit from the keyboard, as a seller does it: focus the cell, Enter, type, Enter. */
async function editTitle(cell: ReturnType<Page['locator']>, value: string): Promise<void> {
  await cell.click();
  await page.getByRole('grid').focus();
  await page.keyboard.press('Enter');
  const editor = page.getByLabel('Edit Title');
  await editor.fill(value);
  await editor.press('Enter');
}

beforeAll(async () => {
  // No --sandbox off: the embedded marketplace starts with the demo seed, as `npm run web` does
  // (seeded once per run and copied here by openApp).
  app = await openApp({ webArgs: [], prefix: 'e2e-seller' });
  ({ web, page, pageErrors } = app);
  market = /sandbox marketplace on (\S+)/.exec(web.stderr())?.[1] ?? '';
  expect(market).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  token = await sandboxToken(market, 'pekka');
  api = marketplaceClient(market, token);
  // A remote draft made before the app's first sync (which brings it into the cache).
  const created = await api('/items', { method: 'POST', json: { status: 'draft', title: TITLE, postalCode: '00100' } });
  expect(created.status).toBe(201);
  lampId = created.body.id as number;
}, 180_000);

afterAll(() => app?.close());

describe('a seller on the embedded sandbox marketplace', () => {
  it('is signed in as the demo seller and sees the shop', async () => {
    await page.goto(web.url);
    await expect.poll(() => page.locator('.sync-bar strong').textContent(), { timeout: 30_000 }).toBe('Online');
    await open('Accounts');
    const row = main().getByRole('row', { name: /Sandbox marketplace/ });
    await expect.poll(() => row.textContent()).toMatch(/active.*pekka/);
    await page.screenshot({ path: join(OUTPUT, 'accounts.png') });
    await open('Sales');
    await expect.poll(async () => Number(await main().getByRole('tab', { name: /^Open/ }).locator('.pill').textContent()), { timeout: 30_000 }).toBeGreaterThan(10);
    await expect.poll(() => main().locator('.charts figure').count()).toBe(3);
    await page.screenshot({ path: join(OUTPUT, 'sales.png') });
  }, 60_000);

  it('creates a canned answer in the manager, answers a question with it and sees it on the marketplace', async () => {
    await open('Questions');
    const card = main().locator('li.card.todo').first();
    await card.waitFor();
    const questionId = await card.getAttribute('data-question-id');
    const itemId = await card.getAttribute('data-item-id');
    const title = (await card.locator('.card-meta strong').textContent()) ?? '';

    // The manager, opened from this question: preview filled from its item; keyboard first.
    await card.getByRole('button', { name: /Edit canned list/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Canned answers' });
    await dialog.waitFor();
    await page.keyboard.press('Alt+N');
    const name = dialog.getByLabel('Name');
    await expect.poll(() => name.inputValue()).toBe('New answer');
    await name.fill('Pickup');
    const text = dialog.getByLabel('Text', { exact: true });
    await text.fill('"{title}" can be picked up in Helsinki, {colour} wrapping included.');
    // An unknown placeholder is flagged, and Save refuses the list.
    await expect.poll(() => dialog.locator('.unknown-placeholder').textContent()).toBe('{colour}');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.locator('.dialog-actions [role=alert]').textContent()).toMatch(/Pickup.*\{colour\}/);
    await text.fill('"{title}" can be picked up in Helsinki; price ');
    await text.press('End');
    await dialog.getByRole('button', { name: /Insert \{price\}/ }).click();
    await expect.poll(() => text.inputValue()).toBe('"{title}" can be picked up in Helsinki; price {price}');
    await expect.poll(() => dialog.getByTestId('canned-preview').textContent()).toMatch(new RegExp(`^"${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" can be picked up in Helsinki; price €[\\d,]+\\.\\d{2}$`));
    expect(await dialog.locator('.unknown-placeholder').count()).toBe(0);
    await page.screenshot({ path: join(OUTPUT, 'canned-answers.png') });
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'hidden' });

    await card.getByLabel('Canned answer', { exact: true }).selectOption({ label: 'Pickup' });
    const answer = card.getByLabel('Answer', { exact: true });
    await expect.poll(() => answer.inputValue()).toContain(title);
    expect(await card.locator('.counter').textContent()).toMatch(/^\d+\/255$/);
    await page.screenshot({ path: join(OUTPUT, 'questions-inbox.png') });
    await card.getByRole('button', { name: 'Answer' }).click();
    const answered = main().locator(`li[data-question-id="${questionId}"]`);
    await expect.poll(() => answered.locator('.answer').textContent()).toContain(title);
    // Sent by the run that follows the change, then read back: no longer "waiting to sync".
    await expect.poll(() => answered.locator('.badge').count(), { timeout: 20_000 }).toBe(0);
    const remote = await api(`/items/${itemId}/questions/${questionId}`);
    expect(String(remote.body.answer)).toContain(title);
  }, 60_000);

  it('accepts an offer after a confirmation that says what accepting does', async () => {
    await open('Offers');
    const row = main().locator('tr[data-offer-id]').first();
    await row.waitFor();
    const offerId = await row.getAttribute('data-offer-id');
    const itemId = await row.getAttribute('data-item-id');
    await row.getByRole('button', { name: 'Accept' }).click();
    const dialog = page.getByRole('dialog', { name: 'Accept offers' });
    await expect.poll(() => dialog.textContent()).toMatch(/binding sale at the offered price/);
    await page.screenshot({ path: join(OUTPUT, 'offers-confirm.png') });
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => main().locator(`tr[data-offer-id="${offerId}"]`).count(), { timeout: 20_000 }).toBe(0);
    const remote = await api(`/items/${itemId}/offers/${offerId}`);
    expect(remote.body.status).toBe('accepted');
    await page.screenshot({ path: join(OUTPUT, 'offers-inbox.png') });
  }, 60_000);

  it('keeps an edit made offline on this computer and sends it when back online', async () => {
    const remoteId = lampId;
    await open('Sync');
    // A run may be going (the one after the offer decision): it ends before the seller goes offline.
    await expect.poll(() => main().getByRole('button', { name: 'Sync now' }).isEnabled(), { timeout: 20_000 }).toBe(true);
    await workOffline(true);
    await expect.poll(() => main().getByTestId('sync-state').textContent()).toBe('Working offline');

    await open('Drafts');
    await page.getByLabel('Search drafts').fill('brass lamp');
    const cell = page.locator('[role=row][data-local-id]').first().locator('[data-field=title]');
    await expect.poll(() => cell.textContent(), { timeout: 20_000 }).toBe(TITLE);
    await editTitle(cell, `${TITLE}, edited offline`);
    await expect.poll(() => cell.textContent()).toBe(`${TITLE}, edited offline`);

    await open('Sync');
    await expect.poll(() => queueLength()).toBe('1');
    expect((await api(`/items/${remoteId}`)).body.title).toBe(TITLE);
    await page.screenshot({ path: join(OUTPUT, 'sync-offline.png') });
    await workOffline(false);
    await expect.poll(() => queueLength(), { timeout: 20_000 }).toBe('0');
    expect((await api(`/items/${remoteId}`)).body.title).toBe(`${TITLE}, edited offline`);
  }, 60_000);

  it('resolves a conflict with a second client field by field in the sync panel', async () => {
    await workOffline(true);
    // The switch stops new runs; one already going (a poll) finishes first.
    // (The run's progress line: the shop's reading, issue 38, stays while closed listings are left to read later.)
    await expect.poll(() => main().getByTestId('run-progress').count(), { timeout: 20_000 }).toBe(0);
    await open('Drafts');
    const cell = page.locator('[role=row][data-local-id]').first().locator('[data-field=title]');
    await expect.poll(() => cell.textContent()).toBe(`${TITLE}, edited offline`);
    await editTitle(cell, `${TITLE}, mine`);
    await expect.poll(() => cell.textContent()).toBe(`${TITLE}, mine`);
    const localId = await page.locator('[role=row][data-local-id]').first().getAttribute('data-local-id');
    expect(localId).not.toBeNull();

    // The second client edits the same field on the service.
    const item = lampId;
    expect((await api(`/items/${item}`, { method: 'PUT', json: { title: `${TITLE}, theirs` } })).status).toBe(200);

    await open('Sync');
    await workOffline(false);
    const conflict = main().getByRole('article', { name: /Conflict on/ });
    await conflict.waitFor({ timeout: 20_000 });
    expect(await conflict.textContent()).toMatch(/Keep mine: E2E brass lamp, mine.*Take theirs: E2E brass lamp, theirs/);
    await conflict.getByLabel(/Keep mine/).check();
    await page.screenshot({ path: join(OUTPUT, 'sync-conflict.png') });
    await conflict.getByRole('button', { name: 'Apply choices' }).click();
    await expect.poll(() => main().getByRole('article', { name: /Conflict on/ }).count()).toBe(0);
    await expect.poll(async () => (await api(`/items/${item}`)).body.title, { timeout: 20_000 }).toBe(`${TITLE}, mine`);
    await expect.poll(() => queueLength()).toBe('0');
    await page.screenshot({ path: join(OUTPUT, 'sync-panel.png') });
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
