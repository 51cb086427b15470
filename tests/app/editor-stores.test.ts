// The draft editor's and the photos panel's stores against the real core through an in-memory
// bridge: live validation with the cached settings, saving, the status changes, and photos.
import sharp from 'sharp';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { settingsCache } from '../../electron/core/cache/settings-cache.ts';
import { typedBridge } from '../../renderer/src/bridge/bridge-types.ts';
import { createEditorStore, type EditorState } from '../../renderer/src/draft-editor/editor-store.ts';
import { translate } from '../../renderer/src/i18n/translate.ts';
import { EDITOR_FIELDS, present } from '../../renderer/src/draft-editor/field-specs.ts';
import { createImagesStore, overallProgress, type FileSource } from '../../renderer/src/images/images-store.ts';
import { completeBuyNow, privateSellerRules } from '../core/fixtures/sellers.ts';
import { tempFolder } from '../core/support.ts';
import { memoryTransport, slowAnswers } from './memory-transport.ts';
import { openTestCore, type TestCore } from './support.ts';
import '../support/catalogs-loaded.ts';

/** The editor's message as an English-speaking seller reads it (a core error: its sentence). */
const said = (message: EditorState['message']) => (message === null ? undefined : 'msg' in message ? translate(message.msg, 'en') : message.error.message);

/** The open core's files: a photo is handed over as the shell does for a picked one (issue 19). */
let handing: TestCore['session']['files'] | null = null;

function setup() {
  const core = openTestCore();
  handing = core.session.files;
  settingsCache(core.session.db()).saveRules(privateSellerRules(), 1);
  const bridge = typedBridge(memoryTransport(core.bridge, core.session));
  return { core, bridge, editor: createEditorStore(bridge), images: createImagesStore(bridge) };
}

const spec = (field: string) => {
  const found = EDITOR_FIELDS.find((f) => f.field === field);
  if (!found) throw new Error(field);
  return found;
};

async function source(name: string, r: number, g: number, b: number): Promise<FileSource> {
  const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r, g, b } } }).jpeg().toBuffer();
  const path = join(tempFolder(), name);
  writeFileSync(path, bytes);
  return { name, preview: async () => null, stage: async () => ({ kind: 'handle', id: handing!.handOver(path) }) };
}

describe('the editor fields', () => {
  it('leave out what a private seller may not set and narrow the bounds to the settings', () => {
    const settings = privateSellerRules();
    expect(present(spec('minimumIncrease'), settings, { saleMethod: 'auction' }).shown).toBe(false);
    expect(present(spec('vat'), settings, {}).shown).toBe(false);
    expect(present(spec('startingPrice'), settings, { saleMethod: 'buy-now' }).shown).toBe(false);
    expect(present(spec('startingPrice'), settings, { saleMethod: 'auction' })).toMatchObject({ shown: true, required: true });
    expect(present(spec('quantity'), settings, { saleMethod: 'buy-now' })).toMatchObject({ shown: true, required: true, min: 1, max: 100 });
    expect(present(spec('openDays'), settings, { saleMethod: 'auction' })).toMatchObject({ min: 1, max: 14 });
    expect(present(spec('postalCode'), settings, { isLocationAbroad: 1 }).shown).toBe(false);
    expect(present(spec('title'), settings, {}).required).toBe(true);
    // Before the first pull only the fixed rules apply: every field is offered.
    expect(present(spec('vat'), null, {}).shown).toBe(true);
  });
});

describe('the editor store', () => {
  it('validates unsaved values live, refuses to save a bad value and saves a good one', async () => {
    const { editor } = setup();
    await editor.actions.openNew();
    expect(editor.getState().settings?.quantity.max).toBe(100);
    editor.actions.setField('saleMethod', 'buy-now');
    editor.actions.setField('quantity', 500);
    await vi.waitFor(() => expect(editor.getState().problems).toContainEqual({ field: 'quantity', code: 'invalid', rule: 'between', params: { min: 1, max: 100 }, message: 'quantity: must be between 1 and 100' }));
    expect(await editor.actions.save()).toBe(false);
    expect(editor.getState().message?.kind).toBe('error');

    editor.actions.setField('quantity', 3);
    editor.actions.setField('title', 'Oak table');
    await vi.waitFor(() => expect(editor.getState().problems.some((p) => p.field === 'quantity')).toBe(false));
    expect(editor.getState().dirty).toEqual(['saleMethod', 'quantity', 'title']);
    expect(await editor.actions.save()).toBe(true);
    expect(editor.getState()).toMatchObject({ dirty: [], row: { fields: { title: 'Oak table', quantity: 3, saleMethod: 'buy-now' } } });
  });

  it('takes no change while a save runs (the form stays enabled to keep the focus; what the save loads would drop it)', async () => {
    const core = openTestCore();
    settingsCache(core.session.db()).saveRules(privateSellerRules(), 1);
    const slow = slowAnswers(memoryTransport(core.bridge, core.session), 'drafts.update');
    const editor = createEditorStore(typedBridge(slow.transport));
    await editor.actions.openNew();
    editor.actions.setField('title', 'Oak table');
    slow.hold(true);
    const saving = editor.actions.save();
    await vi.waitFor(() => expect(slow.held.length).toBe(1));
    expect(editor.getState().busy).toBe(true);
    editor.actions.setField('title', 'Birch table');
    expect(editor.getState()).toMatchObject({ values: { title: 'Oak table' }, dirty: ['title'] });
    slow.hold(false);
    slow.held[0]?.();
    expect(await saving).toBe(true);
    expect(editor.getState()).toMatchObject({ busy: false, dirty: [], row: { fields: { title: 'Oak table' } } });
    editor.actions.setField('title', 'Birch table');
    expect(editor.getState().dirty).toEqual(['title']);
  });

  it('refuses to publish an incomplete draft, queues a complete one, and copies only closed items', async () => {
    const { editor, core } = setup();
    await editor.actions.openNew();
    expect(await editor.actions.publish()).toBe(false);
    expect(said(editor.getState().message)).toMatch(/not ready to publish: .*title: required/);

    const created = await core.bridge.invoke('drafts.create', { fields: completeBuyNow() });
    if (!created.ok) throw new Error(created.error.message);
    const { localId } = created.value as { localId: number };
    await editor.actions.open(localId);
    expect(await editor.actions.publish()).toBe(true);
    expect(said(editor.getState().message)).toMatch(/^Queued for publishing/);
    expect(editor.getState().queuedStatus).toBe('published');
    // Reopened later, the queued change is still known (the row keeps the service's status).
    await editor.actions.close();
    await editor.actions.open(localId);
    expect(editor.getState()).toMatchObject({ queuedStatus: 'published', row: { status: 'draft' } });
    expect(await editor.actions.copyClosed()).toBe(false);
    expect(said(editor.getState().message)).toMatch(/only closed items can be copied/);
  });

  it('schedules a draft with a list time in the future: saved with it, then queued for publishing', async () => {
    const { editor, core } = setup();
    const created = await core.bridge.invoke('drafts.create', { fields: { ...completeBuyNow(), openDays: null } });
    if (!created.ok) throw new Error(created.error.message);
    await editor.actions.open((created.value as { localId: number }).localId);
    editor.actions.setField('listTime', '2099-06-01 09:00:00');
    editor.actions.setField('closingTime', '2099-06-08 09:00:00');
    await vi.waitFor(() => expect(editor.getState().problems).toEqual([]));
    expect(await editor.actions.publish()).toBe(true);
    expect(said(editor.getState().message)).toBe('Scheduled: queued for publishing, listed from 1 Jun 2099, 09:00. It reaches the marketplace on the next sync.');
    expect(editor.getState()).toMatchObject({ queuedStatus: 'published', dirty: [], row: { fields: { listTime: '2099-06-01 09:00:00' } } });
  });
});

describe('the editor\'s rough edges', () => {
  it('takes a price typed with a decimal comma, validated and saved as the number it reads', async () => {
    const { editor } = setup();
    await editor.actions.openNew();
    editor.actions.setField('saleMethod', 'buy-now');
    editor.actions.setField('buyNowPrice', '12,50');
    await vi.waitFor(() => expect(editor.getState().problems.some((p) => p.field === 'buyNowPrice')).toBe(false));
    editor.actions.setField('buyNowPrice', '1 234,5');
    await vi.waitFor(() => expect(editor.getState().problems.some((p) => p.field === 'buyNowPrice')).toBe(false));
    expect(await editor.actions.save()).toBe(true);
    expect(editor.getState().row?.fields.buyNowPrice).toBe(1234.5);
    editor.actions.setField('buyNowPrice', '12,5,0');
    await vi.waitFor(() => expect(editor.getState().problems).toContainEqual(expect.objectContaining({ field: 'buyNowPrice', code: 'invalid' })));
  });

  it('leaves no empty draft behind when New draft is closed with nothing typed, and keeps one with a title or a photo', async () => {
    const { editor, core, images } = setup();
    const total = async () => ((await core.bridge.invoke('drafts.page', {})) as { ok: true; value: { total: number } }).value.total;
    await editor.actions.openNew();
    expect(await total()).toBe(1);
    await editor.actions.close();
    expect(editor.getState().localId).toBeNull();
    expect(await total()).toBe(0);

    await editor.actions.openNew();
    editor.actions.setField('title', 'Oak table');
    expect(await editor.actions.save()).toBe(true);
    await editor.actions.close();
    expect(await total()).toBe(1);

    // An existing draft opened and closed untouched stays too.
    const created = await core.bridge.invoke('drafts.create', { fields: {} });
    if (!created.ok) throw new Error(created.error.message);
    await editor.actions.open((created.value as { localId: number }).localId);
    await editor.actions.close();
    expect(await total()).toBe(2);

    // So does a new draft that was given only a photo, closed before the editor heard of it.
    await editor.actions.openNew();
    await images.actions.show(editor.getState().localId);
    await images.actions.add([await source('red.jpg', 200, 20, 20)]);
    await editor.actions.close();
    expect(await total()).toBe(3);
  });
});

describe('the photos store', () => {
  it('adds photos with progress, refuses the same photo twice on a draft, reorders and removes', async () => {
    const { editor, images } = setup();
    const off = images.listen();
    await editor.actions.openNew();
    await images.actions.show(editor.getState().localId);
    const [red, blue] = await Promise.all([source('red.jpg', 200, 20, 20), source('blue.jpg', 20, 20, 200)]);
    await images.actions.add([red, blue]);
    expect(images.getState().pending.map((p) => p.phase)).toEqual(['added', 'added']);
    expect(overallProgress(images.getState().pending)).toEqual({ done: 2, total: 2, prepared: 2, duplicate: 0, failed: 0, refused: 0, fraction: 1 });
    const [first, second] = images.getState().images.map((i) => i.id);
    expect(images.getState().images.every((i) => i.thumbnail?.startsWith('data:image/jpeg;base64,'))).toBe(true);

    await images.actions.add([{ ...red, name: 'red-again.jpg' }]);
    expect(images.getState().pending.at(-1)).toMatchObject({ name: 'red-again.jpg', phase: 'duplicate' });
    expect(images.getState().images).toHaveLength(2);

    await images.actions.move(first as number, 1);
    expect(images.getState().images.map((i) => i.id)).toEqual([second, first]);
    await images.actions.remove(second as number);
    expect(images.getState().images.map((i) => i.id)).toEqual([first]);
    off();
  });

  it('keeps a reorder on screen when a photo list asked for before it answers after it', async () => {
    const core = openTestCore();
    handing = core.session.files;
    settingsCache(core.session.db()).saveRules(privateSellerRules(), 1);
    const inner = memoryTransport(core.bridge, core.session);
    // The real core, with the answers of images.list held back on request (a slow answer).
    const { transport, held, hold } = slowAnswers(inner, 'images.list');
    const bridge = typedBridge(transport);
    const editor = createEditorStore(bridge);
    const images = createImagesStore(bridge);
    await editor.actions.openNew();
    await images.actions.show(editor.getState().localId);
    await images.actions.add(await Promise.all([source('red.jpg', 200, 20, 20), source('blue.jpg', 20, 20, 200)]));
    const [first, second] = images.getState().images.map((i) => i.id);

    hold(true);
    const stale = images.actions.reload();
    await vi.waitFor(() => expect(held).toHaveLength(1));
    hold(false);
    await images.actions.move(first as number, 1);
    expect(images.getState().images.map((i) => i.id)).toEqual([second, first]);
    held[0]?.();
    await stale;
    expect(images.getState().images.map((i) => i.id)).toEqual([second, first]);
  });
});
