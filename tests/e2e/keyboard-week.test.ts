// A seller's week with the keyboard alone, in a real Chromium against the embedded sandbox
// marketplace (the demo seller pekka): import a file, edit drafts, add and order photos, make and
// apply a template, a price rule, publish, answer a question, refuse an offer. No mouse event is
// sent: only keys (and the file chooser a key opens). After every key the focused element must
// show a focus indicator; every dialog keeps Tab inside it, Esc closes it (only it) and the focus
// goes back to where it was.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FileChooser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { focusIndicator } from './a11y-support.ts';
import { firstSyncShown, openApp, openIn, OUTPUT, tempDir, type AppSession } from './support.ts';

let app: AppSession;
let page: Page;
const files = tempDir('e2e-keyboard-files-');
const photos: string[] = [];
/** Every place the focus stopped at, with whether it showed; the test fails on any that did not. */
const unseen: string[] = [];
let step = '';
/** The last places the focus stopped at (for a failure's message). */
const trail: string[] = [];

const dialog = () => page.locator('dialog[open]').last();
const isFocused = (target: Locator) => target.evaluate((el) => el === el.ownerDocument.activeElement);
const focusInside = (target: Locator) => target.evaluate((el) => el.contains(el.ownerDocument.activeElement));

/** Checks the focus indicator of whatever has the focus now, and that it never fell to the page since (focus-drops.ts). */
async function seen(): Promise<void> {
  const focus = await focusIndicator(page);
  trail.push(`${focus.tag} "${focus.name}"`);
  if (!focus.visible) unseen.push(`${step}: ${focus.tag} "${focus.name}" (${focus.style})`);
  // Taken here, so each drop is named with its step (the session's close fails on any left).
  for (const drop of app.focusDrops.splice(0)) unseen.push(`${step}: ${drop}`);
}

async function press(key: string): Promise<void> {
  await page.keyboard.press(key);
  await seen();
}

/** Tab (or Shift+Tab) until `target` has the focus, checking the indicator at every stop. */
async function tabTo(target: Locator, options: { back?: boolean; max?: number } = {}): Promise<void> {
  for (let i = 0; i < (options.max ?? 80); i++) {
    if (await isFocused(target)) return;
    await press(options.back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${step}: Tab never reached ${target.toString()}; it went ${trail.slice(-40).join(' → ')}`);
}

/** The focus is inside `box` (a dialog just opened); on failure, says where it is. */
async function focusMovesInto(box: Locator): Promise<void> {
  await expect.poll(() => focusInside(box)).toBe(true).catch(async (error: unknown) => {
    const focus = await focusIndicator(page);
    throw new Error(`${step}: the focus is not in the dialog but on ${focus.tag} "${focus.name}"; open dialogs: ${await page.locator('dialog[open]').count()}`, { cause: error });
  });
}

/** Tab 2 × (the dialog's tab stops + 2) times: the focus never leaves the dialog. */
async function trapsFocus(box: Locator): Promise<void> {
  const stops = await box.evaluate((el) => el.querySelectorAll('button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex="0"], summary, a[href]').length);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < Math.min(60, stops + 2); i++) {
      await press(key);
      expect(await focusInside(box), `${step}: ${key} ${i + 1} left the dialog`).toBe(true);
    }
  }
}

/** Esc closes the top dialog only, and the focus returns to `back`. */
async function escapeTo(back: Locator): Promise<void> {
  const open = await page.locator('dialog[open]').count();
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('dialog[open]').count()).toBe(open - 1);
  await expect.poll(() => isFocused(back), { message: `${step}: the focus went back` }).toBe(true);
  await seen();
}

/** Space on the focused file input opens the file chooser (pressed again if a busy page missed it). */
async function openChooser(): Promise<FileChooser> {
  for (let attempt = 1; ; attempt++) {
    const chooser = page.waitForEvent('filechooser', { timeout: 15_000 });
    // Waiting for the event turns Playwright's interception on with a message nobody waits for;
    // over the run's shared browser a key sent at once could beat it and open the browser's own
    // chooser, which never closes headless and swallowed every later press (a loaded run failed so).
    // A round trip on the page first: its commands reach the browser in order.
    await page.evaluate('0');
    await page.keyboard.press('Space');
    try {
      return await chooser;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** Presses Down on a focused select until its value is `value` (a closed select changes with the arrows). */
async function choose(select: Locator, value: string): Promise<void> {
  for (let i = 0; i < 40 && (await select.inputValue()) !== value; i++) await page.keyboard.press('ArrowDown');
  expect(await select.inputValue()).toBe(value);
}

const CSV = [
  'saleMethod,title,description,categoryId,condition,buyNowPrice,quantity,openDays,postalCode,deliveryMethods,paymentMethods',
  // 527 Sekalaista: a leaf of the sandbox's tree (the real marketplace's id, issue 20).
  ...[1, 2, 3].map((i) => `buy-now,Keyboard lamp ${i},<p>Brass lamp ${i}</p>,527,good,${20 + i},1,14,00100,pickup,cash`),
].join('\r\n');

beforeAll(async () => {
  for (let i = 1; i <= 2; i++) {
    const path = join(files.path, `lamp-${i}.jpg`);
    writeFileSync(path, await sharp({ create: { width: 900, height: 700, channels: 3, background: { r: 90 * i, g: 80, b: 60 } } }).jpeg().toBuffer());
    photos.push(path);
  }
  app = await openApp({ webArgs: [], prefix: 'e2e-keyboard' });
  ({ page } = app);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openIn(page, app.web.url, 'en');
  await firstSyncShown(page);
  // Nothing focused: the keyboard starts from the top of the page.
  await page.evaluate('document.activeElement && document.activeElement.blur()');
}, 300_000);

afterAll(async () => {
  await app?.close();
  files.remove();
});

describe('a week with the keyboard alone', () => {
  it('imports, edits, adds and orders photos, applies a template and a price rule, publishes, answers and refuses, all by keys', async () => {
    // Import: Tab to Import…, Space opens the file chooser.
    step = 'import';
    const importInput = page.locator('.toolbar input[type=file]');
    await tabTo(importInput);
    await (await openChooser()).setFiles({ name: 'keyboard-week.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    const report = page.getByRole('dialog', { name: 'Import' });
    await expect.poll(() => report.locator('.import-summary').textContent(), { timeout: 30_000 }).toMatch(/^3 drafts imported\./);
    expect(await focusInside(report)).toBe(true);
    await trapsFocus(report);
    await escapeTo(importInput);

    // Edit: Ctrl+F to the search, type, Tab to the grid, move to the price, Enter, type, Enter.
    step = 'edit';
    await press('Control+f');
    await page.keyboard.type('Keyboard lamp');
    await expect.poll(() => page.locator('.count').textContent()).toBe('3 items');
    const grid = page.getByRole('grid');
    await tabTo(grid);
    await expect.poll(() => page.locator('.grid-row.focus [data-field=title]').textContent()).toMatch(/^Keyboard lamp \d$/);
    const title = await page.locator('.grid-row.focus [data-field=title]').textContent();
    await press('ArrowRight');
    await press('Enter');
    const cell = page.getByLabel('Edit Buy-now €');
    await expect.poll(() => isFocused(cell)).toBe(true);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('30,50');
    await press('Enter');
    const priceOf = (name: string) => page.locator('[role=row]', { has: page.getByText(name, { exact: true }) }).locator('[data-field=buyNowPrice]').textContent();
    await expect.poll(() => priceOf(title ?? '')).toBe('30.50');
    await expect.poll(() => isFocused(grid)).toBe(true);

    // Photos: Ctrl+Enter opens the editor; Tab to Add photos, Space, two files; Alt+→ moves the first.
    step = 'photos';
    await press('Control+Enter');
    const editor = page.locator('dialog.editor[open]');
    await expect.poll(() => editor.locator('#editor-title').textContent()).toBe(title);
    const add = editor.locator('.images-panel input[type=file]');
    await tabTo(add);
    await (await openChooser()).setFiles(photos);
    await expect.poll(() => editor.locator('.thumbs li img').count(), { timeout: 60_000 }).toBe(2);
    const order = () => editor.locator('.thumbs li').evaluateAll((items) => items.map((li) => li.getAttribute('data-image-id')));
    const before = await order();
    const firstThumb = editor.locator('.thumbs li').first();
    await tabTo(firstThumb);
    await press('Alt+ArrowRight');
    await expect.poll(order).toEqual([before[1], before[0]]);
    // The crop view: C opens it on the focused photo; Esc closes it alone, back on the photo.
    step = 'crop';
    const moved = editor.locator(`.thumbs li[data-image-id="${before[0]}"]`);
    if (!(await isFocused(moved))) await tabTo(moved, { back: true });
    await press('c');
    const crop = page.locator('dialog.crop-dialog[open]');
    await focusMovesInto(crop);
    await seen();
    await trapsFocus(crop);
    await escapeTo(moved);
    // Ctrl+S in a field: the form is read-only while it saves, and the field keeps the focus all
    // along (a disabled form took it away, and a busy run once saw it fall to the page between).
    step = 'save';
    const quantity = editor.locator('.field[data-field=quantity] input');
    await tabTo(quantity);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('2');
    await quantity.evaluate((el) => {
      el.setAttribute('data-blurs', '0');
      el.addEventListener('blur', () => el.setAttribute('data-blurs', String(Number(el.getAttribute('data-blurs')) + 1)));
    });
    await press('Control+s');
    await expect.poll(() => editor.locator('.notice.info').textContent()).toMatch(/^Saved in the local cache/);
    await expect.poll(() => editor.getByRole('button', { name: 'Close editor' }).isEnabled()).toBe(true);
    await expect.poll(() => isFocused(quantity)).toBe(true);
    expect(await quantity.getAttribute('data-blurs')).toBe('0');
    await seen();
    step = 'editor';
    await trapsFocus(editor);
    await page.keyboard.press('Escape');
    await expect.poll(() => editor.count()).toBe(0);
    await expect.poll(() => isFocused(grid)).toBe(true);
    await seen();

    // A template made in the manager, then applied to the three drafts (Ctrl+A in the grid).
    step = 'template';
    const templatesButton = page.getByRole('button', { name: 'Templates…' });
    await tabTo(templatesButton, { back: true });
    await press('Enter');
    const manager = page.getByRole('dialog', { name: 'Listing templates' });
    await focusMovesInto(manager);
    await trapsFocus(manager);
    await tabTo(manager.getByRole('button', { name: 'New template' }));
    await press('Enter');
    const name = manager.getByLabel('Template name');
    await expect.poll(() => isFocused(name)).toBe(true);
    await page.keyboard.type('Keyboard terms');
    const addField = manager.getByLabel('Add a field');
    await tabTo(addField);
    // Arrow keys only move the choice (useActionSelect); Enter adds the field.
    await choose(addField, 'deliveryTerms');
    await press('Enter');
    const terms = manager.getByLabel('Delivery terms', { exact: true });
    await tabTo(terms);
    await page.keyboard.type('Pickup in Kallio by keyboard');
    await tabTo(manager.getByRole('button', { name: 'Save', exact: true }));
    await press('Enter');
    await expect.poll(() => manager.getByRole('status').textContent()).toBe('Template saved.');
    await escapeTo(templatesButton);

    await tabTo(grid);
    await press('Control+a');
    await expect.poll(() => page.locator('.count').textContent()).toBe('3 items · 3 selected');
    const applyButton = page.getByRole('button', { name: 'Apply template…' });
    await tabTo(applyButton, { back: true });
    await press('Enter');
    const apply = page.getByRole('dialog', { name: 'Apply a template to 3 selected items' });
    await focusMovesInto(apply);
    await trapsFocus(apply);
    await tabTo(apply.getByRole('button', { name: 'Preview' }));
    await press('Enter');
    await expect.poll(() => apply.locator('.preview p').first().textContent()).toBe('3 drafts change of 3 selected.');
    await tabTo(apply.getByRole('button', { name: 'Apply to 3 drafts' }));
    await press('Enter');
    await expect.poll(() => apply.count()).toBe(0);
    await expect.poll(() => isFocused(applyButton)).toBe(true);

    // A price rule: raise by 10 % on the selection, previewed, applied.
    step = 'price rule';
    const rulesButton = page.getByRole('button', { name: 'Price and text…' });
    await tabTo(rulesButton, { back: true });
    await press('Enter');
    const rules = dialog();
    await focusMovesInto(rules);
    await trapsFocus(rules);
    const how = rules.locator('select').first();
    await tabTo(how);
    await choose(how, 'raise');
    const amount = rules.locator('input[inputmode=decimal]').first();
    await tabTo(amount);
    await page.keyboard.type('10');
    await press('Enter');
    await expect.poll(() => rules.locator('.preview').count()).toBe(1);
    await tabTo(rules.locator('.dialog-actions .primary'));
    await press('Enter');
    await expect.poll(() => page.locator('dialog[open]').count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => priceOf(title ?? '')).toBe('33.55');
    await expect.poll(() => page.locator('#live-polite').textContent()).toMatch(/^Changed 3 drafts/);

    // Publish: Ctrl+Shift+P on the grid's selection, confirmed in its dialog.
    step = 'publish';
    await tabTo(grid);
    await press('Control+Shift+P');
    const publish = dialog();
    await expect.poll(() => publish.locator('[role=status]').first().textContent()).toBe('3 drafts will be queued for publishing.');
    expect(await focusInside(publish)).toBe(true);
    await trapsFocus(publish);
    await tabTo(publish.locator('.dialog-actions .primary'));
    await press('Enter');
    await expect.poll(() => page.locator('dialog[open]').count()).toBe(0);
    // Once the sync has published them they are open items: the grid's default filter (drafts)
    // leaves them out, or shows them open.
    await expect.poll(async () => (await page.locator('[role=row][data-local-id] .status').allTextContents()).filter((s) => s !== 'open'), { timeout: 60_000 }).toEqual([]);

    // A question: Alt+2, Tab to the first answer box, type, Ctrl+Enter.
    step = 'question';
    await press('Alt+2');
    const box = page.locator('main li.question-card.todo textarea').first();
    await expect.poll(() => box.count(), { timeout: 30_000 }).toBe(1);
    const questionId = await page.locator('main li.question-card.todo').first().getAttribute('data-question-id');
    await tabTo(box);
    await page.keyboard.type('Yes, it is still for sale.');
    await press('Control+Enter');
    await expect.poll(() => page.locator(`main li[data-question-id="${questionId}"] .answer`).textContent()).toContain('Yes, it is still for sale.');

    // An offer: Alt+3, Tab to the first offer row, R, the confirmation, Refuse.
    step = 'offer';
    await press('Alt+3');
    const offer = page.locator('main tr[data-offer-id]').first();
    await expect.poll(() => offer.count(), { timeout: 30_000 }).toBe(1);
    const offerId = await offer.getAttribute('data-offer-id');
    await tabTo(offer);
    await press('r');
    const confirm = page.locator('dialog.confirm[open]');
    await focusMovesInto(confirm);
    await trapsFocus(confirm);
    await tabTo(confirm.getByRole('button', { name: 'Refuse', exact: true }));
    await press('Enter');
    await expect.poll(() => confirm.count()).toBe(0);
    await expect.poll(() => page.locator(`main tr[data-offer-id="${offerId}"]`).count(), { timeout: 30_000 }).toBe(0);
    await page.screenshot({ path: join(OUTPUT, 'a11y', 'keyboard-week-end.png') });

    expect(unseen).toEqual([]);
  }, 600_000);
});
